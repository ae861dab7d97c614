import type { FastifyRequest } from 'fastify';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { DEFAULT_LANGUAGE, isLanguage, translate, type Catalogue, type Language } from '../../shared/i18n';

/** The portal's own catalogues: every message the API returns is one of their keys. */
const catalogues: Record<Language, Catalogue> = { en, ar };

/**
 * The language to answer in: the `locale` header the portal sends, else the first language of
 * `Accept-Language` we support, else English.
 */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers.locale;
  const locale = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  if (isLanguage(locale)) return locale;
  const accepted = request.headers['accept-language']?.split(',').map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted?.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** Translates a catalogue key into the given language. */
export function t(language: Language, key: string, params?: Record<string, unknown>): string {
  return translate(catalogues[language], key, params, language);
}
