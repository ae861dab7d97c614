import { cleanup, render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, memoryStore, TestMemoryRouter, type AdminProps, type AuthProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { backOfficeRoutes } from './backOfficeRoutes';
import type { PortalPermissions } from './data/authProvider';
import { createDataProvider } from './data/dataProvider';
import { withPageLists } from './data/pageLists';
import { harness, server } from './data/testApi';
import { OwnApiContext } from './pages/own/ownApi';
import { LanguageProvider } from './shell/LanguageProvider';

/**
 * Test support: the signed-in back office as `App` builds it (routes from `backOfficeRoutes`), at
 * `path`, for a user with `access`, over the msw API of `data/testApi`. Imported by tests only.
 */

const catalogues = { en: { ...englishMessages, ...en }, ar: { ...englishMessages, ...ar } };

export interface BackOfficeOptions {
  language?: 'en' | 'ar';
  /** react-admin's defaults unless given (the menu's tests give the portal's menu). */
  layout?: AdminProps['layout'];
  dashboard?: AdminProps['dashboard'];
  /** Instead of every route of the back office, gated by the user's permissions. */
  routes?: AdminProps['children'];
}

export function renderBackOffice(
  path: string,
  access: PortalPermissions,
  { language = 'en', layout, dashboard, routes }: BackOfficeOptions = {},
) {
  const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as 'en' | 'ar'], language, {
    allowMissing: true,
  });
  const authProvider: AuthProvider = {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(access),
  };
  const { http } = harness({ signedIn: true });
  return render(
    <LanguageProvider i18nProvider={i18nProvider}>
      <OwnApiContext.Provider value={http}>
        <TestMemoryRouter initialEntries={[path]}>
          <Admin
            dataProvider={withPageLists(createDataProvider(http), http)}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            store={memoryStore()}
            layout={layout}
            dashboard={dashboard}
            disableTelemetry
          >
            {routes ?? ((permissions: PortalPermissions | undefined) => backOfficeRoutes(permissions))}
          </Admin>
        </TestMemoryRouter>
      </OwnApiContext.Provider>
    </LanguageProvider>,
  );
}

/**
 * Serves the msw API of `data/testApi` to the tests of a file, refusing any request no test
 * answers, and clears the screen and the answers after each test. Returns the paths the current
 * test has asked for, so a test can show that a screen did not ask.
 */
export function serveRecordedApi(): string[] {
  const requested: string[] = [];
  const record = ({ request }: { request: Request }) => {
    requested.push(new URL(request.url).pathname);
  };
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', record);
  });
  beforeEach(() => {
    requested.length = 0;
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => {
    server.events.removeListener('request:start', record);
    server.close();
  });
  return requested;
}
