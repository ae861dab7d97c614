import { Suspense, type ReactNode } from 'react';
import { lazyWithReload } from '../data/chunkReload';
import { isBackOfficePath } from './backOfficePaths';
import { usePathname } from './navigation';
import { matchesPattern } from '../../shared/pathPatterns';
import { ProtectedArea } from './ProtectedArea';
import { ERROR_PAGE_STATUSES, isTokenPath, PUBLIC_PATHS } from '../../shared/publicPaths';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenFallback } from './ScreenFallback';
import SignInPage from '../auth/SignInPage';
import { BackOffice, ErrorPage, ForgotPasswordPage, ResetPasswordPage } from './screens';
import { useSessionSlice } from '../data/session';

const ContactPage = lazyWithReload(() => import('../pages/ContactPage'));
const TokenErrorPage = lazyWithReload(() => import('../pages/TokenErrorPage'));

/**
 * The pages anyone may open, by path (SPEC §2). Sign-in is the front door every anonymous visit
 * is redirected to, so it ships with the entry: it appears the moment the address changes rather
 * than after another download (it adds nothing to `/merchant`, which needs all of it anyway).
 */
const publicScreens: [path: string, screen: () => ReactNode][] = [
  [PUBLIC_PATHS.signIn, () => <SignInPage />],
  [PUBLIC_PATHS.oauthSignIn, () => <SignInPage />],
  [PUBLIC_PATHS.forgotPassword, () => <ForgotPasswordPage />],
  [PUBLIC_PATHS.resetPassword, () => <ResetPasswordPage />],
  [PUBLIC_PATHS.contact, () => <ContactPage />],
  ...ERROR_PAGE_STATUSES.map((status): [string, () => ReactNode] => [
    `/errorpage${status}`,
    () => <ErrorPage status={status} />,
  ]),
];

/**
 * The public page of `pathname`: a named one, else the `{token}` error page for a token-like
 * address no back-office screen claims.
 */
function publicScreen(pathname: string): (() => ReactNode) | undefined {
  const match = publicScreens.find(([path]) => matchesPattern(path, pathname));
  if (match) return match[1];
  if (isTokenPath(pathname) && !isBackOfficePath(pathname)) return () => <TokenErrorPage />;
  return undefined;
}

/** Public pages a signed-in user reads inside the back office's shell instead. */
const IN_SHELL_WHEN_SIGNED_IN = [PUBLIC_PATHS.contact];

/** The public pages, and everything else handed to the protected area. */
export function PortalRoutes() {
  const pathname = usePathname();
  const { access_token } = useSessionSlice('account');
  const inShell = Boolean(access_token) && IN_SHELL_WHEN_SIGNED_IN.some((path) => matchesPattern(path, pathname));
  const screen = inShell ? () => <BackOffice /> : publicScreen(pathname);
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<ScreenFallback />}>{screen ? screen() : <ProtectedArea pathname={pathname} />}</Suspense>
    </ScreenErrorBoundary>
  );
}
