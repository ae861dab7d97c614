/** @jsxImportSource preact */
import { SUPPORTED_LANGUAGES } from '../../shared/i18n';
import { useI18n } from '../i18n/context';
import { LANGUAGE_NAMES } from '../i18n/language';

/** One button naming the other language in that language ("العربية" / "English"). */
export function LanguageSwitch() {
  const { language, setLanguage } = useI18n();
  const other = SUPPORTED_LANGUAGES.find((candidate) => candidate !== language) ?? 'en';
  return (
    <button type="button" class="lang" lang={other} onClick={() => setLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
