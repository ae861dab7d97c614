import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { translate, type Catalogue, type Language } from '../../shared/i18n';
import { english, type MessageKey, type Messages } from './messages';

/** What every page reads: the language, its texts, and the switch to the other language. */
export interface I18n {
  language: Language;
  t: (key: MessageKey, params?: Record<string, unknown>) => string;
  setLanguage: (language: Language) => void;
}

/** Binds `t` to one catalogue and the language whose plural forms it is written in. */
export function translator(messages: Messages, language: Language): I18n['t'] {
  return (key, params) => translate(messages satisfies Catalogue, key, params, language);
}

export const I18nContext = createContext<I18n>({
  language: 'en',
  t: translator(english, 'en'),
  setLanguage: () => undefined,
});

export const useI18n = (): I18n => useContext(I18nContext);
