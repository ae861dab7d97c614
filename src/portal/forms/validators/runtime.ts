import { fullFormats } from 'ajv-formats/dist/formats';
import { customKeywords, formats as productFormats } from '../../../schema/keywords';

/**
 * What the validators compiled at build time (`./standalone.ts`) call at run time: the standard and
 * the product's formats and the product's rule keywords, the very definitions the API validates
 * with. The compiled code names them through this module, so a browser never turns a schema into
 * code (no `unsafe-eval`).
 */

/** Formats by name, as `ajv.opts.code.formats` expects them. */
export const formats: Record<string, unknown> = { ...fullFormats, ...productFormats };

/** The product's rule keywords by name. */
export const keywords = Object.fromEntries(customKeywords.map((definition) => [definition.keyword, definition]));

/**
 * The default export of one of ajv's CommonJS helpers (`ajv/dist/runtime/*`), however it was
 * imported: a bundler hands `exports.default`, Node (the unit tests) hands `module.exports`, which holds it.
 */
export function defaultOf(imported: unknown): unknown {
  const module = imported as { __esModule?: boolean; default?: unknown } | null;
  return module !== null && typeof module === 'object' && module.__esModule ? module.default : imported;
}
