import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { authProvider } from '../shell/providers';
import { useLanguage } from '../shell/LanguageProvider';
import { navigate, useSearch } from '../shell/navigation';
import { PUBLIC_PATHS } from '../../shared/publicPaths';
import { resetProblems, type ResetValues } from './passwordResetRules';
import { PlainTextField, type PlainTextFieldProps } from './PlainTextField';
import { BackToSignInLink } from './BackToSignInLink';
import { PublicLayout } from './PublicLayout';
import type { SignInState } from './SignInPage';
import { submitErrorsOf, type SubmitErrors } from './submitErrors';
import { SubmitErrorAlert } from './SubmitErrorAlert';

const FIELDS: { name: keyof ResetValues; label: string; type: string; autoComplete: string }[] = [
  { name: 'email', label: 'app.auth.email', type: 'email', autoComplete: 'username' },
  { name: 'code', label: 'app.auth.secret_code', type: 'text', autoComplete: 'one-time-code' },
  { name: 'password', label: 'app.auth.new_password', type: 'password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'app.auth.confirm_password', type: 'password', autoComplete: 'new-password' },
];

/**
 * Reset password (`/account/ResetPassword`): the secret code sent by e-mail, a new password and
 * its confirmation. The password rule is checked here with the shared ajv and again by the API.
 */
export default function ResetPasswordPage() {
  const { translate } = useLanguage();
  const search = new URLSearchParams(useSearch());
  const [values, setValues] = useState<ResetValues>({
    email: search.get('email') ?? '',
    code: search.get('code') ?? '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<SubmitErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = resetProblems(values);
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, { key, params }]) => [field, translate(key, params)]),
    );
    setErrors({ fields });
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      await authProvider.resetPassword({ ...values, email: values.email.trim(), code: values.code.trim() });
      const state: SignInState = { notice: 'app.auth.password_changed' };
      navigate(PUBLIC_PATHS.signIn, { replace: true, state });
    } catch (error) {
      setErrors(submitErrorsOf(error, translate));
      setBusy(false);
    }
  };

  const input = (field: (typeof FIELDS)[number]): PlainTextFieldProps => ({
    id: field.name,
    name: field.name,
    type: field.type,
    label: translate(field.label),
    autoComplete: field.autoComplete,
    value: values[field.name],
    onChange: (event) => setValues((current) => ({ ...current, [field.name]: event.target.value })),
    error: errors.fields[field.name],
    required: true,
    inputProps: { dir: 'ltr' },
  });

  return (
    <PublicLayout title={translate('app.auth.reset_password')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <SubmitErrorAlert errors={errors} />
        {FIELDS.map((field) => (
          <PlainTextField key={field.name} {...input(field)} />
        ))}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {translate('app.auth.reset_password')}
        </Button>
        <BackToSignInLink />
      </Box>
    </PublicLayout>
  );
}
