import { LOGIN_PATH } from '../data/authProvider';

/** Public routes of SPEC §2, paths kept exactly (bookmarks from the old portal keep working). */
export const PUBLIC_PATHS = {
  signIn: LOGIN_PATH,
  forgotPassword: '/account/forgotPassword',
  resetPassword: '/account/ResetPassword',
} as const;

/** Statuses that have an error page at `/errorpage<status>`. */
export const ERROR_PAGE_STATUSES = [403, 500, 503] as const;

export type ErrorPageStatus = (typeof ERROR_PAGE_STATUSES)[number];
