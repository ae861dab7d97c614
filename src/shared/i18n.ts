import { pluralForm } from './plurals';

/** Message catalogue helpers shared by the portal, the payer pages and the API. */

export type Catalogue = { [key: string]: string | Catalogue };

/** Languages written right to left; every other language is left to right. */
export const RTL_LANGUAGES = ['ar'] as const;
export const SUPPORTED_LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function directionOf(language: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

const flattened = new WeakMap<Catalogue, Map<string, string>>();

/** The catalogue as `dotted.key → message`, the way polyglot reads it (keys may contain dots). */
export function flattenCatalogue(
  catalogue: Catalogue,
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flattenCatalogue(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * Looks up a dotted key and fills `%{name}` placeholders; unknown keys come back as the key. A
 * numeric `smart_count` picks the message's plural form in `language` (see `plurals`), as the
 * portal's polyglot does.
 */
export function translate(
  catalogue: Catalogue,
  key: string,
  params: Record<string, unknown> = {},
  language: Language = DEFAULT_LANGUAGE,
): string {
  let messages = flattened.get(catalogue);
  if (!messages) {
    messages = flattenCatalogue(catalogue);
    flattened.set(catalogue, messages);
  }
  const message = messages.get(key);
  if (message === undefined) return key;
  const count = params.smart_count;
  const form = typeof count === 'number' ? pluralForm(message, language, count) : message;
  return form.replace(/%\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** "max_qty_per_order" → "Max qty per order": the label of last resort when a key is missing. */
export function humanise(name: string): string {
  const words = name.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
