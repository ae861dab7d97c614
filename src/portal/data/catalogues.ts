import type { Catalogue, Language } from '../../shared/i18n';
import { DEFAULT_LANGUAGE, flattenCatalogue } from '../../shared/i18n';

/**
 * The message catalogues loaded so far, shared by the i18n provider (which loads them) and the
 * parts that must speak outside React, such as the HTTP client's "Network Error".
 */

const loaded = new Map<Language, Map<string, string>>();

/** Records a language's complete catalogue (react-admin's keys merged with ours). */
export function registerCatalogue(language: Language, catalogue: Catalogue): void {
  loaded.set(language, flattenCatalogue(catalogue));
}

export function isCatalogueLoaded(language: Language): boolean {
  return loaded.has(language);
}

/**
 * The message for `key` in `language`, else in English, else the key itself: a message is never
 * empty, even before any catalogue has arrived.
 */
export function translateMessage(key: string, language: Language = DEFAULT_LANGUAGE): string {
  return loaded.get(language)?.get(key) || loaded.get(DEFAULT_LANGUAGE)?.get(key) || key;
}

/**
 * Deep-merges catalogues left to right. Empty strings never override, so a key left blank in a
 * translation falls back to the catalogue beneath it (English).
 */
export function mergeCatalogues(...catalogues: Catalogue[]): Catalogue {
  const merged: Catalogue = {};
  for (const catalogue of catalogues) {
    for (const [key, value] of Object.entries(catalogue)) {
      const below = merged[key];
      if (typeof value === 'string') {
        if (value !== '' || below === undefined) merged[key] = value;
      } else {
        merged[key] = mergeCatalogues(typeof below === 'object' ? below : {}, value);
      }
    }
  }
  return merged;
}
