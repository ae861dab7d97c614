import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { ReactElement } from 'react';
import { Admin, CustomRoutes, memoryStore, TestMemoryRouter, type AuthProvider } from 'react-admin';
import ar from '../../../../locales/ar.json';
import en from '../../../../locales/en.json';
import type { PortalPermissions } from '../../data/authProvider';
import { createDataProvider } from '../../data/dataProvider';
import { harness } from '../../data/testApi';
import { LanguageProvider } from '../../shell/LanguageProvider';
import { ownRoutes } from '../ownRoutes';
import { OwnApiContext } from './ownApi';

/**
 * Test support: the back office with the account screens (`ownRoutes`) and any `extra` routes, at
 * `path`, for a user with `access`, over the msw API of `data/testApi`. Imported by tests only.
 */

const catalogues = { en: { ...englishMessages, ...en }, ar: { ...englishMessages, ...ar } };

export const ADMIN = { role: 'admin', services: {}, permissions: {} } as unknown as PortalPermissions;

export function renderAccountScreen(
  path: string,
  access: PortalPermissions = ADMIN,
  extra: ReactElement[] = [],
  language: 'en' | 'ar' = 'en',
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
            dataProvider={createDataProvider(http)}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            store={memoryStore()}
            disableTelemetry
          >
            <CustomRoutes>{[...ownRoutes(), ...extra]}</CustomRoutes>
          </Admin>
        </TestMemoryRouter>
      </OwnApiContext.Provider>
    </LanguageProvider>,
  );
}
