import { LOGIN_PATH } from '../data/authProvider';
import { useSessionSlice } from '../data/session';
import { isBackOfficePath } from './backOfficePaths';
import { Redirect } from './Redirect';
import { BackOffice, NotFoundPage } from './screens';

/**
 * Every path no public page claims. A back-office path without a stored access token goes to the
 * sign-in page (SPEC §2) before any back-office code is fetched; with one, react-admin takes over
 * (and checks the token again with the API). Unknown paths show "Requested page not found!".
 */
export function ProtectedArea({ pathname }: { pathname: string }) {
  const { access_token } = useSessionSlice('account');
  if (!isBackOfficePath(pathname)) return <NotFoundPage />;
  if (!access_token) return <Redirect to={LOGIN_PATH} state={{ nextPathname: pathname }} />;
  return <BackOffice />;
}
