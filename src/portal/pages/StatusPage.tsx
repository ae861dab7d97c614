import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PublicLayout } from '../auth/PublicLayout';
import { useSessionSlice } from '../data/session';
import { useLanguage } from '../shell/LanguageProvider';
import { followLink } from '../shell/navigation';
import { PUBLIC_PATHS } from '../shell/publicPaths';

/**
 * A page that only says something went wrong (an error status, an unknown path) and offers the
 * way back: the dashboard when signed in, otherwise the sign-in page.
 */
export function StatusPage({ code, title, message }: { code: string; title: string; message?: string }) {
  const { translate } = useLanguage();
  const { access_token } = useSessionSlice('account');
  const home = access_token ? '/' : PUBLIC_PATHS.signIn;
  return (
    <PublicLayout title={title}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Typography aria-hidden sx={{ fontSize: '3rem', fontWeight: 700, color: 'primary.main', lineHeight: 1 }}>
          {code}
        </Typography>
        {message && <Typography>{message}</Typography>}
        <Button href={home} onClick={followLink(home)} variant="contained">
          {translate(access_token ? 'app.errors.home' : 'app.auth.back_to_sign_in')}
        </Button>
      </Box>
    </PublicLayout>
  );
}
