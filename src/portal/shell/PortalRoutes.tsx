import { Suspense, type ReactNode } from 'react';
import { usePathname } from './navigation';
import { matchesPattern } from './pathPatterns';
import { ProtectedArea } from './ProtectedArea';
import { ERROR_PAGE_STATUSES, PUBLIC_PATHS } from './publicPaths';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenFallback } from './ScreenFallback';
import SignInPage from '../auth/SignInPage';
import { ErrorPage, ForgotPasswordPage, ResetPasswordPage } from './screens';

/**
 * The pages anyone may open, by path (SPEC §2). Sign-in is the front door every anonymous visit
 * is redirected to, so it ships with the entry: it appears the moment the address changes rather
 * than after another download (it adds nothing to `/merchant`, which needs all of it anyway).
 */
const publicScreens: [path: string, screen: () => ReactNode][] = [
  [PUBLIC_PATHS.signIn, () => <SignInPage />],
  [PUBLIC_PATHS.forgotPassword, () => <ForgotPasswordPage />],
  [PUBLIC_PATHS.resetPassword, () => <ResetPasswordPage />],
  ...ERROR_PAGE_STATUSES.map((status): [string, () => ReactNode] => [
    `/errorpage${status}`,
    () => <ErrorPage status={status} />,
  ]),
];

/** The public pages, and everything else handed to the protected area. */
export function PortalRoutes() {
  const pathname = usePathname();
  const match = publicScreens.find(([path]) => matchesPattern(path, pathname));
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<ScreenFallback />}>{match ? match[1]() : <ProtectedArea pathname={pathname} />}</Suspense>
    </ScreenErrorBoundary>
  );
}
