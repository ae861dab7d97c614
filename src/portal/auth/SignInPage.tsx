import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState, type FormEvent } from 'react';
import type { TwoFactorChallenge } from '../data/authProvider';
import { useSessionSlice } from '../data/session';
import { authProvider } from '../shell/providers';
import { useLanguage } from '../shell/LanguageProvider';
import { followLink, navigate, useNavigationState } from '../shell/navigation';
import { Redirect } from '../shell/Redirect';
import { PUBLIC_PATHS } from '../../shared/publicPaths';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { PublicLayout } from './PublicLayout';
import { submitErrorsOf, type SubmitErrors } from './submitErrors';
import { TwoFactorStep } from './TwoFactorStep';
import { SubmitErrorAlert } from './SubmitErrorAlert';

/** The sign-in page's optional notice, passed by the page that sent the user here. */
export interface SignInState {
  notice?: string;
}

/**
 * Sign In (`/merchant`). Signing in stores the tokens, the merchant keys and the profile, then
 * opens the dashboard; react-admin itself loads only then. An account with two-factor is asked
 * for its authenticator's code after the password (`TwoFactorStep`).
 */
export default function SignInPage() {
  const { translate } = useLanguage();
  const { access_token } = useSessionSlice('account');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The failure itself is kept, not its text, so a language switch re-translates the message.
  const [failure, setFailure] = useState<unknown>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const notice = useNavigationState<SignInState>()?.notice;

  // A two-factor sign-in stores its tokens before it shows what is left (the recovery codes).
  if (access_token && !busy && !challenge) return <Redirect to="/" />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = [...(email.trim() ? [] : ['email']), ...(password ? [] : ['password'])];
    setMissing(empty);
    setFailure(null);
    if (empty.length > 0) return;
    setBusy(true);
    try {
      const next = await authProvider.login({ email: email.trim(), password });
      if (next) {
        setChallenge(next);
        setPassword('');
        setBusy(false);
        return;
      }
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  const errors: SubmitErrors = failure
    ? submitErrorsOf(failure, translate, { 401: 'app.auth.invalid_credentials' })
    : { fields: Object.fromEntries(missing.map((field) => [field, translate('validation.required')])) };

  if (challenge) {
    return (
      <PublicLayout title={translate('app.auth.sign_in')}>
        <TwoFactorStep challenge={challenge} onCancel={() => setChallenge(null)} />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={translate('app.auth.sign_in')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        {notice && <Alert severity="success">{translate(notice)}</Alert>}
        <SubmitErrorAlert errors={errors} />
        <EmailField value={email} onChange={setEmail} error={errors.fields.email} autoComplete="username" />
        <PasswordField
          id="password"
          value={password}
          onChange={setPassword}
          translate={translate}
          error={errors.fields.password}
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {translate('app.auth.sign_in')}
        </Button>
        <Link
          href={PUBLIC_PATHS.forgotPassword}
          onClick={followLink(PUBLIC_PATHS.forgotPassword)}
          sx={{ justifySelf: 'center' }}
        >
          {translate('app.auth.forgot_password')}
        </Link>
      </Box>
    </PublicLayout>
  );
}
