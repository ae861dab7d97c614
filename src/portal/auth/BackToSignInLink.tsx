import Link from '@mui/material/Link';
import { useLanguage } from '../shell/LanguageProvider';
import { followLink } from '../shell/navigation';
import { PUBLIC_PATHS } from '../../shared/publicPaths';

/** "Back to Sign In", under the forms of the public pages. */
export function BackToSignInLink() {
  const { translate } = useLanguage();
  return (
    <Link href={PUBLIC_PATHS.signIn} onClick={followLink(PUBLIC_PATHS.signIn)} sx={{ justifySelf: 'center' }}>
      {translate('app.auth.back_to_sign_in')}
    </Link>
  );
}
