import { matchesPattern } from './pathPatterns';

/** The sign-in page, where the back office sends anyone not signed in (SPEC §2). */
export const LOGIN_PATH = '/merchant';

/** Public routes of SPEC §2, paths kept exactly (bookmarks from the old portal keep working). */
export const PUBLIC_PATHS = {
  signIn: LOGIN_PATH,
  /** The old portal's sign-in entry for integrations (store platform apps): the same sign-in. */
  oauthSignIn: '/oauth/login/',
  forgotPassword: '/account/forgotPassword',
  resetPassword: '/account/ResetPassword',
  contact: '/account/contact',
} as const;

/** Statuses that have an error page at `/errorpage<status>`. */
export const ERROR_PAGE_STATUSES = [403, 500, 503] as const;

/** Whether `pathname` is one of the named public pages or an error page (not the `{token}` page). */
export function isNamedPublicPage(pathname: string): boolean {
  return (
    Object.values(PUBLIC_PATHS).some((path) => matchesPattern(path, pathname)) ||
    ERROR_PAGE_STATUSES.some((status) => matchesPattern(`/errorpage${status}`, pathname))
  );
}

export type ErrorPageStatus = (typeof ERROR_PAGE_STATUSES)[number];

/**
 * The `{token}` error page's addresses: one segment that looks like a token (a long run of URL-safe
 * characters mixing capitals, small letters and digits, as links sent by e-mail or SMS carry),
 * e.g. `/Zx8Qd0c1r7Lq2V9sWmNa4BfE`. A mistyped page name (`/no-such-page-2026`) is not one.
 */
const TOKEN_PATH = /^\/(?=[^/]*[A-Z])(?=[^/]*[a-z])(?=[^/]*[0-9])[A-Za-z0-9_-]{24,}\/?$/;

export const isTokenPath = (pathname: string) => TOKEN_PATH.test(pathname);
