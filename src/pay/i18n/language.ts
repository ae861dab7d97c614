import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language } from '../../shared/i18n';
import { english, type Messages } from './messages';

/**
 * Which language the payer reads: `?lng=` wins (the links the product sends carry the customer's
 * language), then the choice remembered on this device (the portal's `persist:global` slice, so a
 * merchant trying a link sees the language they use), then the browser's language, then English.
 * `<html lang dir>` follows the choice.
 */

/** Each language by its own name: the switch shows the other one. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

const STORAGE_KEY = 'persist:global';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Reading `localStorage` throws where the browser forbids storage for the site.
    return null;
  }
}

function rememberedLanguage(): unknown {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
    return stored && typeof stored === 'object' ? (stored as { language?: unknown }).language : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the choice for the next visit, leaving the slice's other fields as they are. */
export function rememberLanguage(language: Language): void {
  const store = storage();
  if (!store) return;
  try {
    const stored: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? 'null');
    const slice = stored && typeof stored === 'object' ? stored : {};
    store.setItem(STORAGE_KEY, JSON.stringify({ ...slice, language }));
  } catch {
    // A full or refused storage only means the choice is not remembered.
  }
}

/**
 * The first of the browser's languages (`navigator.languages`, the phone's settings) that the
 * payer pages speak, by its primary subtag: "ar-KW" is Arabic.
 */
export function browserLanguage(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): Language | undefined {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The language to start in (see above), the browser's language coming after a remembered choice.
 * Only a `?lng=` is remembered: what the browser says is asked again on the next visit.
 */
export function initialLanguage(
  search: string = globalThis.location?.search ?? '',
  languages?: readonly string[],
): Language {
  const requested = new URLSearchParams(search).get('lng');
  if (isLanguage(requested)) {
    if (requested !== rememberedLanguage()) rememberLanguage(requested);
    return requested;
  }
  const remembered = rememberedLanguage();
  if (isLanguage(remembered)) return remembered;
  return browserLanguage(languages) ?? DEFAULT_LANGUAGE;
}

/** Sets `<html lang dir>`: right to left for Arabic. */
export function applyDocumentLanguage(language: Language): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = language;
  root.dir = directionOf(language);
}

/** A language's texts; English when another language's chunk cannot be loaded (offline). */
export async function loadMessages(language: Language): Promise<Messages> {
  if (language === 'en') return english;
  try {
    return (await import('./arabic')).default;
  } catch {
    return english;
  }
}
