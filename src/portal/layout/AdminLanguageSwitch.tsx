import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage } from '../../shared/i18n';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/**
 * The language switch inside the back office. It goes through react-admin's locale state, so
 * react-admin loads the catalogue and re-renders every screen in the new language (its own texts
 * included); `LocaleBridge` then carries the change to the theme and the page direction.
 */
export function AdminLanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  return (
    <LanguageSwitch
      value={isLanguage(locale) ? locale : 'en'}
      onChange={setLocale}
      label={translate('app.language.label')}
    />
  );
}
