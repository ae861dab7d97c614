import { deepmerge } from '@mui/utils';
import { useMemo } from 'react';
import { Admin, defaultTheme, memoryStore, type RaThemeOptions } from 'react-admin';
import { Dashboard, backOfficeRoutes, preloadFirstScreen } from './backOfficeRoutes';
import { lazyWithReload } from './data/chunkReload';
import type { PortalPermissions } from './data/authProvider';
import { createDataProvider } from './data/dataProvider';
import { queryClient } from './data/listCache';
import { withPageLists } from './data/pageLists';
import { prefetchScreenData } from './earlyData';
import { firstScreenOf } from '../shared/firstScreen';
import { PortalLayout } from './layout/PortalLayout';
import { withScreenFallback } from './resources/withScreenFallback';
import { authProvider, http } from './shell/providers';
import { useLanguage } from './shell/LanguageProvider';
import { brandThemeOptions } from './theme/brand';

const BackOfficeNotFound = withScreenFallback(lazyWithReload(() => import('./pages/BackOfficeNotFound')));

const dataProvider = withPageLists(createDataProvider(http), http);

/** Starts the first screen's code and calls of a signed-in visit to `pathname` (see `earlyData`). */
export function prefetchFor(pathname: string, search: string): Promise<void> {
  preloadFirstScreen(firstScreenOf(pathname));
  return prefetchScreenData(dataProvider, queryClient, pathname, search);
}

/**
 * react-admin's state (list sorts and filters, sidebar) lives in memory: the portal's persisted
 * state is the session's slices alone, all cleared on sign-out.
 */
const store = memoryStore();

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
      queryClient={queryClient}
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
