/**
 * Whether an address is a back-office screen (protected: it needs a signed-in user). Anything else
 * that no public page claims is "not found", without loading the back office and without asking
 * anyone to sign in first. The patterns come from the schemas (`backOfficePatterns`), generated.
 */
export { isBackOfficePath } from '../../shared/firstScreen';
export { DASHBOARD_PATHS } from '../../shared/dashboardPaths';
