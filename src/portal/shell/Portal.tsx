import type { I18nProvider } from 'ra-core';
import { PortalThemeProvider } from '../theme/PortalThemeProvider';
import { LanguageProvider } from './LanguageProvider';
import { PortalRoutes } from './PortalRoutes';

/**
 * The portal's root: language, theme and direction around the screens. The public pages route
 * themselves (`navigation.ts`); the back office brings react-router with it.
 */
export function Portal({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <LanguageProvider i18nProvider={i18nProvider}>
      <PortalThemeProvider>
        <PortalRoutes />
      </PortalThemeProvider>
    </LanguageProvider>
  );
}
