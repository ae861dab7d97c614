import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { TwoFactorEnrolment } from '../../data/authProvider';
import { http } from '../../shell/providers';
import { CodeField } from '../CodeField';
import { PasswordField } from '../PasswordField';
import { submitErrorsOf } from '../submitErrors';
import TwoFactorSetup from '../TwoFactorSetup';
import { SubmitErrorAlert } from '../SubmitErrorAlert';

/** `GET /two-factor`. */
interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  require_employee_two_factor: boolean;
}

type Step = 'idle' | 'enrolling' | 'disabling';

/**
 * "Two-factor authentication" of the signed-in account: turn it on (the authenticator app's QR
 * code or key, then a code to confirm), or off with a current code or the password. Admins also
 * find here the switch that requires it of every employee.
 */
export function TwoFactorCard({ isAdmin }: { isAdmin: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    http.get<TwoFactorStatus>('/two-factor').then(setStatus, setFailure);
  }, []);

  /** Runs a call; on success answers its result, else shows its failure. */
  const run = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setFailure(null);
    try {
      return await call();
    } catch (error) {
      setFailure(error);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const reset = (next: TwoFactorStatus | null, message?: string) => {
    if (next) setStatus(next);
    setStep('idle');
    setEnrolment(null);
    setCode('');
    setPassword('');
    if (message) notify(translate(message), { type: 'success' });
  };

  const startEnrolment = async () => {
    const started = await run(() => http.post<TwoFactorEnrolment>('/two-factor/enrol'));
    if (started) {
      setEnrolment(started);
      setStep('enrolling');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'enrolling') {
      const next = await run(() => http.post<TwoFactorStatus>('/two-factor/confirm', { code }));
      if (next) reset(next, 'app.two_factor.enabled_done');
      else setCode('');
    } else {
      const proof = code ? { code } : password ? { password } : {};
      const next = await run(() => http.post<TwoFactorStatus>('/two-factor/disable', proof));
      if (next) reset(next, 'app.two_factor.disabled_done');
    }
  };

  const setRequired = async (required: boolean) => {
    const next = await run(() =>
      http.put<TwoFactorStatus>('/two-factor/policy', { require_employee_two_factor: required }),
    );
    if (next) setStatus(next);
  };

  const errors = failure ? submitErrorsOf(failure, translate) : { fields: {} as Record<string, string> };

  return (
    <Card component="section" aria-labelledby="two-factor-title">
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <Typography component="h2" variant="h6" id="two-factor-title">
          {translate('app.two_factor.title')}
        </Typography>
        <SubmitErrorAlert errors={errors} />
        {!status ? (
          !failure && <Loading />
        ) : (
          <>
            <Typography variant="body2">
              {translate(status.enabled ? 'app.two_factor.status_on' : 'app.two_factor.status_off')}
            </Typography>
            {status.required && <Alert severity="info">{translate('app.two_factor.required_note')}</Alert>}
            {step === 'idle' && !status.enabled && (
              <Button variant="contained" onClick={startEnrolment} disabled={busy} sx={{ justifySelf: 'start' }}>
                {translate('app.two_factor.turn_on')}
              </Button>
            )}
            {step === 'idle' && status.enabled && !status.required && (
              <Button variant="outlined" onClick={() => setStep('disabling')} sx={{ justifySelf: 'start' }}>
                {translate('app.two_factor.turn_off')}
              </Button>
            )}
            {step !== 'idle' && (
              <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5, maxWidth: 420 }}>
                {step === 'enrolling' && enrolment && <TwoFactorSetup enrolment={enrolment} translate={translate} />}
                {step === 'disabling' && (
                  <Typography variant="body2">{translate('app.two_factor.disable_intro')}</Typography>
                )}
                <CodeField value={code} onChange={setCode} translate={translate} error={errors.fields.code} />
                {step === 'disabling' && (
                  <PasswordField
                    id="two-factor-password"
                    value={password}
                    onChange={setPassword}
                    translate={translate}
                    error={errors.fields.password}
                  />
                )}
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button type="submit" variant="contained" disabled={busy}>
                    {translate(step === 'enrolling' ? 'app.two_factor.verify' : 'app.two_factor.turn_off')}
                  </Button>
                  <Button onClick={() => reset(null)}>{translate('app.two_factor.cancel')}</Button>
                </Box>
              </Box>
            )}
            {isAdmin && (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={status.require_employee_two_factor}
                      onChange={(event) => void setRequired(event.target.checked)}
                      disabled={busy}
                      inputProps={{ role: 'switch', 'aria-describedby': 'require-employees-help' }}
                    />
                  }
                  label={translate('app.two_factor.require_employees')}
                />
                <FormHelperText id="require-employees-help">
                  {translate('app.two_factor.require_employees_help')}
                </FormHelperText>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
