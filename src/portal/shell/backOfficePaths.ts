import { BACK_OFFICE_PATTERNS } from '../../generated/backOfficePaths';
import { matchesPattern } from './pathPatterns';

export { DASHBOARD_PATHS } from './dashboardPaths';

/**
 * Whether `pathname` is a back-office screen (protected: it needs a signed-in user). Anything else
 * that no public page claims is "not found", without loading the back office and without asking
 * anyone to sign in first. The patterns come from the schemas (`backOfficePatterns`), generated.
 */
export function isBackOfficePath(pathname: string): boolean {
  return BACK_OFFICE_PATTERNS.some((pattern) => matchesPattern(pattern, pathname));
}
