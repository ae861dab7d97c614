import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { authProvider } from '../shell/providers';
import { useLanguage } from '../shell/LanguageProvider';
import { followLink } from '../shell/navigation';
import { PUBLIC_PATHS } from '../../shared/publicPaths';
import { EmailField } from './EmailField';
import { BackToSignInLink } from './BackToSignInLink';
import { PublicLayout } from './PublicLayout';
import { submitErrorsOf, type SubmitErrors } from './submitErrors';
import { SubmitErrorAlert } from './SubmitErrorAlert';

/**
 * Forgot password (`/account/forgotPassword`): asks the API to e-mail a secret code. The answer is
 * the same whether or not the address has an account, so the page never reveals which e-mails exist.
 */
export default function ForgotPasswordPage() {
  const { translate } = useLanguage();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<SubmitErrors>({ fields: {} });
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ fields: { email: translate('validation.required') } });
      return;
    }
    setBusy(true);
    setErrors({ fields: {} });
    try {
      const answer = await authProvider.forgotPassword(email.trim());
      setSent(answer?.message || translate('app.auth.code_sent'));
    } catch (error) {
      setErrors(submitErrorsOf(error, translate));
    } finally {
      setBusy(false);
    }
  };

  const resetLink = `${PUBLIC_PATHS.resetPassword}?email=${encodeURIComponent(email.trim())}`;
  return (
    <PublicLayout title={translate('app.auth.forgot_password')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <Typography color="text.secondary">{translate('app.auth.forgot_intro')}</Typography>
        <SubmitErrorAlert errors={errors} />
        {sent && (
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        )}
        <EmailField value={email} onChange={setEmail} error={errors.fields.email} autoComplete="email" />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {translate('app.auth.send_code')}
        </Button>
        {sent && (
          <Button href={resetLink} onClick={followLink(resetLink)} variant="outlined">
            {translate('app.auth.reset_password')}
          </Button>
        )}
        <BackToSignInLink />
      </Box>
    </PublicLayout>
  );
}
