import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { Catalogue, Language } from '../../shared/i18n';
import { DEFAULT_LANGUAGE, directionOf, isLanguage } from '../../shared/i18n';
import { mergeCatalogues, registerCatalogue } from './catalogues';
import { pluralRules, widenCatalogue } from './pluralForms';
import type { LoadCatalogueOptions } from './loadCatalogue';
import { loadCatalogue } from './loadCatalogue';
import type { SessionStore } from './session';
import { session as sharedSession } from './session';

/**
 * Translations for react-admin. Catalogues come over HTTP from `/locales/` (SPEC §7): English
 * first — it is every other language's fallback — and Arabic only when it is chosen. Arabic is
 * our `ar.json` over `react-admin.ar.json` (react-admin's own `ra.*` keys) over English.
 */

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

export interface I18nOptions extends LoadCatalogueOptions {
  /** Default: `initialLanguage()`. */
  initialLanguage?: Language;
  /** Where the catalogues are served; default `/locales`. */
  baseUrl?: string;
  session?: SessionStore;
}

/**
 * The language to start in: `?lng=` wins, then the cached choice (`persist:global`, so call after
 * `restoreSession()`), then English. The choice is cached for the next visit.
 */
export function initialLanguage(options: { search?: string; session?: SessionStore } = {}): Language {
  const store = options.session ?? sharedSession;
  const requested = new URLSearchParams(options.search ?? globalThis.location?.search ?? '').get('lng');
  const cached = store.get('global').language;
  const language = isLanguage(requested) ? requested : isLanguage(cached) ? cached : DEFAULT_LANGUAGE;
  if (language !== cached) store.set('global', { language });
  return language;
}

/** Sets `<html lang dir>`: right to left for Arabic, left to right otherwise. */
export function applyDocumentLanguage(language: Language): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = language;
  root.dir = directionOf(language);
}

/**
 * Loads English (and the initial language) and returns react-admin's i18n provider. Resolves even
 * when a catalogue cannot be loaded after its retries: without Arabic the portal starts in English,
 * without `en.json` it shows react-admin's English and message keys rather than a blank page.
 */
export async function createI18nProvider(options: I18nOptions = {}): Promise<I18nProvider> {
  const store = options.session ?? sharedSession;
  const baseUrl = options.baseUrl ?? '/locales';
  const load = (file: string) => loadCatalogue(`${baseUrl}/${file}`, options);
  const ready = new Map<Language, Catalogue>();
  const loading = new Map<Language, Promise<Catalogue>>();

  const build = async (language: Language): Promise<Catalogue> => {
    const english = englishMessages as unknown as Catalogue;
    if (language === 'en') return mergeCatalogues(english, await load('en.json'));
    const [base, reactAdmin, ours] = await Promise.all([
      catalogue('en'),
      load(`react-admin.${language}.json`),
      load(`${language}.json`),
    ]);
    const merged = mergeCatalogues(base, reactAdmin, ours);
    // Arabic counts take six forms; two-form messages are widened to them (see pluralForms).
    return language === 'ar' ? widenCatalogue(merged) : merged;
  };

  function catalogue(language: Language): Promise<Catalogue> {
    let pending = loading.get(language);
    if (!pending) {
      pending = build(language).then((messages) => {
        ready.set(language, messages);
        registerCatalogue(language, messages);
        return messages;
      });
      pending.catch(() => loading.delete(language)); // a later attempt may succeed
      loading.set(language, pending);
    }
    return pending;
  }

  let language = options.initialLanguage ?? initialLanguage({ session: store });
  // The chosen language's catalogues download beside English's rather than after them.
  const chosen = language === 'en' ? undefined : catalogue(language);
  chosen?.catch(() => undefined); // its failure is handled below, once English is settled
  await catalogue('en').catch((error: unknown) => {
    console.error('English catalogue unavailable', error);
    ready.set('en', englishMessages as unknown as Catalogue);
  });
  if (chosen) {
    await chosen.catch((error: unknown) => {
      console.error(`${language} catalogue unavailable, starting in English`, error);
      language = 'en';
    });
  }

  const messagesFor = (locale: string) => {
    const wanted = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
    return (ready.get(wanted) ?? catalogue(wanted)) as TranslationMessages | Promise<TranslationMessages>;
  };
  const provider = polyglotI18nProvider(
    messagesFor,
    language,
    Object.entries(LANGUAGE_NAMES).map(([locale, name]) => ({ locale, name })),
    // A key missing from every catalogue shows as the key itself (never as an empty string).
    { pluralRules, onMissingKey: (key: string) => key },
  );
  // The session's language drives the API's `locale` header: it must be the language shown.
  if (store.get('global').language !== language) store.set('global', { language });
  applyDocumentLanguage(language);

  return {
    ...provider,
    async changeLocale(locale: string) {
      const next = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
      await provider.changeLocale(next);
      store.set('global', { language: next });
      applyDocumentLanguage(next);
    },
  };
}
