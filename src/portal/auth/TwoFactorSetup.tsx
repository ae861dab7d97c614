import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TwoFactorEnrolment } from '../data/authProvider';
import type { Translate } from '../forms/translate';
import { QrCode } from '../resources/QrCode';

/**
 * What adding the account to an authenticator app needs: the QR code, the key to type in instead
 * (in groups of four, always left to right), and the `otpauth://` link for an app on this device.
 */
export default function TwoFactorSetup({
  enrolment,
  translate,
}: {
  enrolment: TwoFactorEnrolment;
  translate: Translate;
}) {
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{translate('app.two_factor.setup_steps')}</Typography>
      <QrCode text={enrolment.otpauth_uri} label={translate('app.two_factor.qr_code')} />
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'center' }}>
        <Typography variant="caption" component="p" id="two-factor-key-label">
          {translate('app.two_factor.secret_key')}
        </Typography>
        <Typography
          component="p"
          dir="ltr"
          aria-labelledby="two-factor-key-label"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            letterSpacing: 1,
            textAlign: 'center',
            userSelect: 'all',
          }}
        >
          {grouped}
        </Typography>
        <Link href={enrolment.otpauth_uri} variant="body2">
          {translate('app.two_factor.open_app')}
        </Link>
      </Box>
    </Box>
  );
}
