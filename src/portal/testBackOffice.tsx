import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, memoryStore, TestMemoryRouter, type AuthProvider } from 'react-admin';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { backOfficeRoutes } from './backOfficeRoutes';
import type { PortalPermissions } from './data/authProvider';
import { createDataProvider } from './data/dataProvider';
import { harness } from './data/testApi';
import { LanguageProvider } from './shell/LanguageProvider';

/**
 * Test support: the signed-in back office as `App` builds it (routes from `backOfficeRoutes`), at
 * `path`, for a user with `access`, over the msw API of `data/testApi`. Imported by tests only.
 */

const catalogues = { en: { ...englishMessages, ...en }, ar: { ...englishMessages, ...ar } };

export function renderBackOffice(path: string, access: PortalPermissions, language: 'en' | 'ar' = 'en') {
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
      <TestMemoryRouter initialEntries={[path]}>
        <Admin
          dataProvider={createDataProvider(http)}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          disableTelemetry
        >
          {(permissions: PortalPermissions | undefined) => backOfficeRoutes(permissions)}
        </Admin>
      </TestMemoryRouter>
    </LanguageProvider>,
  );
}
