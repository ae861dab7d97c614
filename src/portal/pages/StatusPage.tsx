import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { PublicLayout } from '../auth/PublicLayout';
import { useSessionSlice } from '../data/session';
import { useLanguage } from '../shell/LanguageProvider';
import { followLink } from '../shell/navigation';
import { PUBLIC_PATHS } from '../../shared/publicPaths';

/**
 * What surrounds a status: its title as the page heading, the body, and the way back. The public
 * pages and the back office each bring theirs (the back office's links go through its router).
 */
export type StatusFrame = ComponentType<{ title: string; children: ReactNode }>;

/** The frame of the pages seen outside the back office: back to the dashboard when signed in, else to sign-in. */
function PublicStatusFrame({ title, children }: { title: string; children: ReactNode }) {
  const { translate } = useLanguage();
  const { access_token } = useSessionSlice('account');
  const home = access_token ? '/' : PUBLIC_PATHS.signIn;
  return (
    <PublicLayout title={title}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {children}
        <Button href={home} onClick={followLink(home)} variant="contained">
          {translate(access_token ? 'app.errors.home' : 'app.auth.back_to_sign_in')}
        </Button>
      </Box>
    </PublicLayout>
  );
}

/**
 * A page that only says something went wrong (an error status, an unknown path, a screen the
 * user may not use) and offers the way back; `Frame` places it (default: a public page).
 */
export function StatusPage({
  code,
  title,
  message,
  Frame = PublicStatusFrame,
}: {
  code?: string;
  title: string;
  message?: string;
  Frame?: StatusFrame;
}) {
  return (
    <Frame title={title}>
      {code && (
        <Typography aria-hidden sx={{ fontSize: '3rem', fontWeight: 700, color: 'primary.main', lineHeight: 1 }}>
          {code}
        </Typography>
      )}
      {message && <Typography>{message}</Typography>}
    </Frame>
  );
}
