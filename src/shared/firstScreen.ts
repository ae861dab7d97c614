import { BACK_OFFICE_PATTERNS, LIST_PATTERNS } from '../generated/backOfficePaths';
import { DASHBOARD_PATHS } from './dashboardPaths';
import { matchesPattern } from './pathPatterns';
import { isNamedPublicPage } from './publicPaths';

/**
 * What a back-office address shows first, as far as its code goes: a list, a record's page below
 * a list, the dashboard, or another screen of the back office's frame. The portal starts loading
 * that code on a signed-in first visit (`startLoadingScreens`); the server names the same files in
 * the page it answers, so the browser fetches them beside the entry rather than after it.
 */
export type FirstScreen = 'list' | 'record' | 'dashboard' | 'other';

/** The build's copy of `index.html` for a first screen (written by `scripts/first-screen-pages.ts`). */
export const firstScreenPage = (screen: FirstScreen) => `first-${screen}.html`;

/** Whether `pathname` is a back-office screen (protected: it needs a signed-in user), from the schemas. */
export function isBackOfficePath(pathname: string): boolean {
  return BACK_OFFICE_PATTERNS.some((pattern) => matchesPattern(pattern, pathname));
}

const isList = (pathname: string) => LIST_PATTERNS.some((pattern) => matchesPattern(pattern, pathname));

/**
 * The first screen of a back-office address; undefined for an address outside the back office and
 * for the public pages, which the portal shows first whatever the back office's routes say.
 */
export function firstScreenOf(pathname: string): FirstScreen | undefined {
  if (isNamedPublicPage(pathname) || !isBackOfficePath(pathname)) return undefined;
  if (isList(pathname)) return 'list';
  const record = /^(.+)\/\d+\/?$/.exec(pathname);
  if (record && isList(record[1])) return 'record';
  if ((DASHBOARD_PATHS as readonly string[]).includes(pathname)) return 'dashboard';
  return 'other';
}
