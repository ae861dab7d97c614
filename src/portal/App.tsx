import { deepmerge } from '@mui/utils';
import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource, defaultTheme, memoryStore, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router';
import { lazyWithReload } from './data/chunkReload';
import type { PortalPermissions } from './data/authProvider';
import { createDataProvider } from './data/dataProvider';
import { PortalLayout } from './layout/PortalLayout';
import { canOpen } from './resources/access';
import { legacyRoutes } from './resources/legacyRoutes';
import { portalResources } from './resources';
import { withScreenFallback } from './resources/withScreenFallback';
import { authProvider, http } from './shell/providers';
import { useLanguage } from './shell/LanguageProvider';
import { DASHBOARD_PATHS } from './shell/backOfficePaths';
import { brandThemeOptions } from './theme/brand';

const Dashboard = withScreenFallback(lazyWithReload(() => import('./pages/Dashboard')));
const BackOfficeNotFound = withScreenFallback(lazyWithReload(() => import('./pages/BackOfficeNotFound')));

const dataProvider = createDataProvider(http);

/**
 * react-admin's state (list sorts and filters, sidebar) lives in memory: the portal's persisted
 * state is the session's slices alone, all cleared on sign-out.
 */
const store = memoryStore();

/** The resources, the old-portal routes and the dashboard's second path, for what the profile allows. */
function backOfficeRoutes(permissions: PortalPermissions | undefined) {
  const allowed = portalResources.filter(({ entity }) => canOpen(entity, permissions));
  return [
    ...allowed.map(({ props }) => <Resource key={props.name} {...props} />),
    <CustomRoutes key="routes">
      {DASHBOARD_PATHS.filter((path) => path !== '/').map((path) => (
        <Route key={path} path={path} element={<Dashboard />} />
      ))}
      {allowed.flatMap(({ entity }) => legacyRoutes(entity))}
    </CustomRoutes>,
  ];
}

/**
 * The signed-in back office (react-admin), loaded after sign-in. It runs inside the portal's
 * router; its sign-in route is the portal's `/merchant` (the auth provider redirects there), so
 * react-admin's own login page is off.
 */
export default function App() {
  const { direction, i18nProvider } = useLanguage();
  const theme = useMemo<RaThemeOptions>(() => deepmerge(defaultTheme, brandThemeOptions(direction)), [direction]);
  return (
    <Admin
      disableTelemetry
      requireAuth
      title="Bawaba"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={false}
      store={store}
      theme={theme}
      layout={PortalLayout}
      dashboard={Dashboard}
      catchAll={BackOfficeNotFound}
    >
      {(permissions: PortalPermissions | undefined) => backOfficeRoutes(permissions)}
    </Admin>
  );
}
