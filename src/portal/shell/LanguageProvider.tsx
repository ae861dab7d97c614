import type { I18nProvider } from 'ra-core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language } from '../../shared/i18n';
import type { Translate } from '../forms/translate';

/** The language the whole portal shows, and the way to change it live. */
export interface LanguageState {
  language: Language;
  direction: 'ltr' | 'rtl';
  /** Catalogue lookup in the current language; a new function after each change. */
  translate: Translate;
  /** Loads the language's catalogue if needed, then switches every screen (and `<html lang dir>`). */
  setLanguage(language: Language): Promise<void>;
  i18nProvider: I18nProvider;
}

const LanguageContext = createContext<LanguageState | null>(null);

const asLanguage = (locale: string): Language => (isLanguage(locale) ? locale : DEFAULT_LANGUAGE);

/** Holds the current language above the router, so public pages and the back office share it. */
export function LanguageProvider({ i18nProvider, children }: { i18nProvider: I18nProvider; children: ReactNode }) {
  const [language, setCurrent] = useState<Language>(() => asLanguage(i18nProvider.getLocale()));

  const setLanguage = useCallback(
    async (next: Language) => {
      try {
        // The back office's own switch has usually changed the provider's locale already.
        if (i18nProvider.getLocale() !== next) await i18nProvider.changeLocale(next);
        setCurrent(next);
      } catch (error) {
        // The catalogue could not be loaded even after its retries: the portal stays as it is.
        console.error(`Language ${next} unavailable`, error);
      }
    },
    [i18nProvider],
  );

  const value = useMemo<LanguageState>(
    () => ({
      language,
      direction: directionOf(language),
      // Rebuilt with each language, so labels memoised on `translate` follow a switch.
      translate: (key, options) => String(i18nProvider.translate(key, options)),
      setLanguage,
      i18nProvider,
    }),
    [language, setLanguage, i18nProvider],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The current language and its tools; only inside `LanguageProvider`. */
export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a LanguageProvider');
  return state;
}
