import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { http } from '../../shell/providers';
import { PlainTextField } from '../PlainTextField';
import { submitErrorsOf } from '../submitErrors';
import { SubmitErrorAlert } from '../SubmitErrorAlert';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  current_password: 'app.auth.current_password',
  password: 'app.auth.new_password',
  password_confirmation: 'app.auth.confirm_password',
};
const AUTOCOMPLETE: Record<Field, string> = {
  current_password: 'current-password',
  password: 'new-password',
  password_confirmation: 'new-password',
};
const empty = (): Record<Field, string> => ({ current_password: '', password: '', password_confirmation: '' });

/** "Change password": the current one and a new one, confirmed; every other session then ends (`POST /password/change`). */
export function ChangePasswordCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState(empty);
  const [failure, setFailure] = useState<unknown>(null);
  const [missing, setMissing] = useState<Field[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = FIELDS.filter((field) => !values[field]);
    setMissing(blank);
    setFailure(null);
    if (blank.length > 0) return;
    setBusy(true);
    try {
      const { message } = await http.post<{ message: string }>('/password/change', values);
      setValues(empty());
      notify(message, { type: 'success' });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const errors = failure
    ? submitErrorsOf(failure, translate)
    : { fields: Object.fromEntries(missing.map((field) => [field, translate('validation.required')])) };

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
          <Typography component="h2" variant="h6" id="change-password-title">
            {translate('app.security.change_password')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.security.change_password_intro')}
          </Typography>
          <SubmitErrorAlert errors={errors} />
          {FIELDS.map((field) => (
            <PlainTextField
              key={field}
              id={`security-${field}`}
              name={field}
              type="password"
              label={translate(LABELS[field])}
              autoComplete={AUTOCOMPLETE[field]}
              value={values[field]}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              error={errors.fields[field]}
              required
            />
          ))}
          <Button type="submit" variant="contained" disabled={busy} sx={{ justifySelf: 'start' }}>
            {translate('app.security.save_password')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
