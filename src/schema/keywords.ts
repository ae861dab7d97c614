import type Ajv from 'ajv';
import type { Format, FuncKeywordDefinition, KeywordDefinition, SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { KWD_PATTERN, toFils } from '../shared/money';

/**
 * The rules of SPEC §5 that JSON Schema cannot say natively, defined once and installed on every
 * ajv instance: the portal's forms (rjsf) and the API's request validation (Fastify) alike.
 */

/** Vendor keywords that carry hints, not validation; ajv must accept them in strict mode. */
export const HINT_KEYWORDS = [
  'x-resource',
  'x-list',
  'x-ui',
  'x-file',
  'x-secret',
  'x-generated',
  'x-unique',
  'x-messages',
] as const;

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export const formats: Record<string, Format> = {
  /** KWD amount: a decimal string with at most three decimals. */
  kwd: { type: 'string', validate: (value: string) => KWD_PATTERN.test(value) },
  /** Mobile number with country code: at least 11 digits, optional leading +. */
  mobile: /^\+?[0-9]{11,15}$/,
  /** At least six characters including a symbol, a digit, an uppercase and a lowercase letter. */
  'strong-password': {
    type: 'string',
    validate: (value: string) =>
      value.length >= 6 &&
      value.length <= 128 &&
      /[a-z]/.test(value) &&
      /[A-Z]/.test(value) &&
      /[0-9]/.test(value) &&
      /[^A-Za-z0-9]/.test(value),
  },
  /** Comma-separated e-mail addresses, e.g. for notification recipients. */
  'email-list': {
    type: 'string',
    validate: (value: string) => value.split(',').every((part) => EMAIL.test(part.trim())),
  },
};

/** `x-greaterThan`: a KWD amount strictly greater than a constant or a `$data` sibling. */
const validateGreaterThan: SchemaValidateFunction = (limit: unknown, data: string) => {
  if (typeof limit !== 'string' || limit === '') return true;
  const value = toFils(data);
  const bound = toFils(limit);
  if (value === null || bound === null || value > bound) return true;
  validateGreaterThan.errors = [
    { keyword: 'x-greaterThan', message: `must be greater than ${limit}`, params: { limit } },
  ];
  return false;
};

const greaterThan: FuncKeywordDefinition = {
  keyword: 'x-greaterThan',
  type: 'string',
  $data: true,
  errors: true,
  validate: validateGreaterThan,
};

/** `x-minSelected`: across all the arrays of an object (e.g. permission maps), at least N items. */
const validateMinSelected: SchemaValidateFunction = (min: number, data: Record<string, unknown>) => {
  const selected = Object.values(data).reduce<number>(
    (count, value) => count + (Array.isArray(value) ? value.length : 0),
    0,
  );
  if (selected >= min) return true;
  validateMinSelected.errors = [
    { keyword: 'x-minSelected', message: `must select at least ${min}`, params: { limit: min } },
  ];
  return false;
};

const minSelected: FuncKeywordDefinition = {
  keyword: 'x-minSelected',
  type: 'object',
  schemaType: 'number',
  errors: true,
  validate: validateMinSelected,
};

export const customKeywords: KeywordDefinition[] = [greaterThan, minSelected];

/** Installs the standard formats, our formats, our rule keywords and the hint vocabulary. */
export function installVocabulary<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  for (const definition of customKeywords) ajv.addKeyword(definition);
  for (const keyword of HINT_KEYWORDS) ajv.addKeyword({ keyword, schemaType: ['object', 'string', 'boolean'] });
  return ajv;
}
