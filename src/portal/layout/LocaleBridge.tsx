import { useEffect } from 'react';
import { useI18nProvider } from 'react-admin';
import { isLanguage } from '../../shared/i18n';
import { useLanguage } from '../shell/LanguageProvider';

/**
 * Carries react-admin's language to the portal shell (theme direction, emotion cache, public
 * pages). react-admin re-mounts its screens once the new catalogue is in, so this runs then.
 */
export function LocaleBridge() {
  const locale = useI18nProvider().getLocale();
  const { language, setLanguage } = useLanguage();
  useEffect(() => {
    if (isLanguage(locale) && locale !== language) void setLanguage(locale);
  }, [locale, language, setLanguage]);
  return null;
}
