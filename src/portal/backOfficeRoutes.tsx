import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { withUploadScreen } from './bulk/uploadResource';
import { lazyWithReload } from './data/chunkReload';
import type { PortalPermissions } from './data/authProvider';
import { ownRoutes } from './pages/ownRoutes';
import { recordPageRoutes } from './pages/recordPageRoutes';
import { reportRoutes } from './pages/reportRoutes';
import { gatedResourceProps, gatedScreenRoutes } from './resources/accessGate';
import { portalResources, ResourceList, ResourceShow } from './resources';
import { withScreenFallback } from './resources/withScreenFallback';
import { DASHBOARD_PATHS } from './shell/backOfficePaths';
import type { FirstScreen } from '../shared/firstScreen';

export const Dashboard = withScreenFallback(lazyWithReload(() => import('./pages/Dashboard')));

/**
 * Loads the code of a first visit's screen before the back office renders it, so that its first
 * render shows it rather than a spinner followed by a second render.
 */
export function preloadFirstScreen(screen: FirstScreen | undefined): void {
  const code = { list: ResourceList, record: ResourceShow, dashboard: Dashboard, other: undefined };
  void code[screen ?? 'other']?.preload?.().catch(() => undefined);
}

/**
 * Every resource, its screens at their SPEC §2 addresses (`screenPaths`: lists, record pages below
 * them, forms, views, sections), gated by the profile (a resource or view the user may not use
 * answers each of its routes with the reason); react-admin's own paths of those screens send to
 * them. Then the account screens of own records (before any route of the same path), the report
 * and record pages, and the dashboard's second path.
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
      {portalResources.map(withUploadScreen).flatMap((resource) => gatedScreenRoutes(resource, permissions))}
    </CustomRoutes>,
  ];
}
