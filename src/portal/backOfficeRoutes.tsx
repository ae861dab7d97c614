import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { withUploadScreen } from './bulk/uploadResource';
import { lazyWithReload } from './data/chunkReload';
import type { PortalPermissions } from './data/authProvider';
import { ownRoutes } from './pages/ownRoutes';
import { recordPageRoutes } from './pages/recordPageRoutes';
import { reportRoutes } from './pages/reportRoutes';
import { gatedListInPlaceRoutes, gatedResourceProps, gatedViewRoutes } from './resources/accessGate';
import { legacyRoutes } from './resources/legacyRoutes';
import { portalResources } from './resources';
import { withScreenFallback } from './resources/withScreenFallback';
import { DASHBOARD_PATHS } from './shell/backOfficePaths';

export const Dashboard = withScreenFallback(lazyWithReload(() => import('./pages/Dashboard')));

/**
 * Every resource with its old-portal routes and its views' routes, gated by the profile (a
 * resource or view the user may not use answers each of its routes with the reason), the account
 * screens of own records (before any redirect of the same path), the report and record pages, and the
 * dashboard's second path.
 */
export function backOfficeRoutes(permissions: PortalPermissions | undefined) {
  return [
    ...portalResources
      .map(withUploadScreen)
      .map((resource) => <Resource key={resource.props.name} {...gatedResourceProps(resource, permissions)} />),
    <CustomRoutes key="routes">
      {ownRoutes()}
      {reportRoutes()}
      {recordPageRoutes()}
      {DASHBOARD_PATHS.filter((path) => path !== '/').map((path) => (
        <Route key={path} path={path} element={<Dashboard />} />
      ))}
      {portalResources.flatMap(({ entity }) => legacyRoutes(entity))}
      {portalResources.flatMap((resource) => gatedViewRoutes(resource, permissions))}
      {portalResources.flatMap((resource) => gatedListInPlaceRoutes(resource, permissions))}
    </CustomRoutes>,
  ];
}
