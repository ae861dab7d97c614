import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorChallenge, TwoFactorEnrolment } from '../data/authProvider';
import { authProvider } from '../shell/providers';
import { useLanguage } from '../shell/LanguageProvider';
import { navigate } from '../shell/navigation';
import { CodeField } from './CodeField';
import { submitErrorsOf } from './submitErrors';
import { SubmitErrorAlert } from './SubmitErrorAlert';

// The QR code is needed by few sign-ins: it stays out of the sign-in page's own bundle.
const TwoFactorSetup = lazy(() => import('./TwoFactorSetup'));

/**
 * The enrolment started for a challenge. Each start hands out a new secret and replaces the one
 * before; a step mounted twice for one challenge (React's StrictMode does so in development) must
 * show the secret the server keeps, so both mounts share the one start.
 */
let started: { challenge: string; enrolment: Promise<TwoFactorEnrolment> } | null = null;

function enrolmentFor(challenge: string): Promise<TwoFactorEnrolment> {
  if (started?.challenge !== challenge) {
    const enrolment = authProvider.startTwoFactorEnrolment(challenge);
    started = { challenge, enrolment };
    // A failed start may be tried again (the page shows its error; "Cancel" and a new sign-in retry).
    enrolment.catch(() => {
      if (started?.enrolment === enrolment) started = null;
    });
  }
  return started.enrolment;
}

/**
 * The second step of signing in with two-factor: the authenticator's code; first, when the
 * merchant requires two-factor of an account that has none, adding the account to the app.
 * "Cancel" goes back to the password.
 */
export function TwoFactorStep({ challenge, onCancel }: { challenge: TwoFactorChallenge; onCancel: () => void }) {
  const { translate } = useLanguage();
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!challenge.enrolment_required) return;
    let current = true;
    enrolmentFor(challenge.challenge).then(
      (started) => current && setEnrolment(started),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [challenge]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setMissing(code.length === 0);
    if (code.length === 0) return;
    setBusy(true);
    try {
      await authProvider.completeTwoFactor(challenge.challenge, code);
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(error);
      setCode('');
      setBusy(false);
    }
  };

  const errors = failure
    ? submitErrorsOf(failure, translate)
    : { fields: missing ? { code: translate('validation.required') } : ({} as Record<string, string>) };
  const waitingForSecret = challenge.enrolment_required && !enrolment && !failure;

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <Typography component="h2" variant="h6">
        {translate('app.two_factor.title')}
      </Typography>
      <SubmitErrorAlert errors={errors} />
      {challenge.enrolment_required && <Alert severity="info">{translate('app.two_factor.enrol_required')}</Alert>}
      {waitingForSecret && (
        <CircularProgress sx={{ justifySelf: 'center' }} aria-label={translate('app.two_factor.title')} />
      )}
      {enrolment && (
        <Suspense fallback={<CircularProgress sx={{ justifySelf: 'center' }} />}>
          <TwoFactorSetup enrolment={enrolment} translate={translate} />
        </Suspense>
      )}
      {!challenge.enrolment_required && (
        <Typography variant="body2">{translate('app.two_factor.code_help')}</Typography>
      )}
      <CodeField value={code} onChange={setCode} translate={translate} error={errors.fields.code} />
      <Button type="submit" variant="contained" size="large" disabled={busy || waitingForSecret}>
        {translate('app.two_factor.verify')}
      </Button>
      <Button variant="text" onClick={onCancel} sx={{ justifySelf: 'center' }}>
        {translate('app.two_factor.cancel')}
      </Button>
    </Box>
  );
}
