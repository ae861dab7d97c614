import type Ajv from 'ajv';
import type { Format, FuncKeywordDefinition, KeywordDefinition, SchemaValidateFunction } from 'ajv';
import type { DataValidateFunction, DataValidationCxt } from 'ajv/dist/types';
import { fullFormats } from 'ajv-formats/dist/formats';
import { KWD_PATTERN, normaliseKwd, toFils } from '../shared/money';
import { webhookUrlProblem, type WebhookUrlPolicy } from '../shared/public-address';
import { HINT_KEYWORDS } from '../generated/vocabulary';
import { addDays, addMonths, dateOf, now, today } from './calendar';
import type { ProductFormat } from './formats';

/**
 * The rules of SPEC §5 that JSON Schema cannot say natively, defined once and installed on every
 * ajv instance: the portal's forms (rjsf) and the API's request validation (Fastify) alike.
 */

/** An address of an `email-list` passes exactly when it would as an `email` field (ajv-formats' rule). */
// ajv-formats types its formats loosely (`Format`); its `email` is a regular expression.
const EMAIL = fullFormats.email as RegExp;
/** The characters RFC 3986 allows in a URI (others must be percent-encoded). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/** `webhook-url` under a policy: see `webhookUrlProblem` (https, public host, no credentials). */
const webhookUrl = (policy: WebhookUrlPolicy): Format => ({
  type: 'string',
  validate: (value: string) => URI_CHARACTERS.test(value) && webhookUrlProblem(value, policy) === null,
});

export const formats: Record<ProductFormat, Format> = {
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
  /** A URL the server may POST webhooks to: absolute https, a public host, no user name or password. */
  'webhook-url': webhookUrl({}),
};

/** Settings of the vocabulary that differ between servers; the portal's forms use the defaults. */
export interface VocabularyOptions {
  /** `webhook-url` also accepts http and hosts on private networks (a development server). */
  webhooksAllowPrivate?: boolean;
}

/** The product's formats under `options`. */
export function formatsFor(options: VocabularyOptions = {}): Record<string, Format> {
  return options.webhooksAllowPrivate ? { ...formats, 'webhook-url': webhookUrl({ allowPrivate: true }) } : formats;
}

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

/** A KWD amount given as a decimal string (or a number a `$data` sibling may hold), in fils. */
const filsOf = (value: unknown) =>
  typeof value === 'string' ? toFils(value) : typeof value === 'number' ? toFils(String(value)) : null;

/** `x-atMost`: a KWD amount at most a constant or a `$data` sibling (refund ≤ pending amount). */
const validateAtMost: SchemaValidateFunction = (limit: unknown, data: string) => {
  const value = filsOf(data);
  const bound = filsOf(limit);
  if (value === null || bound === null || value <= bound) return true;
  const shown = normaliseKwd(String(limit));
  validateAtMost.errors = [{ keyword: 'x-atMost', message: `must not exceed ${shown}`, params: { limit: shown } }];
  return false;
};

const atMost: FuncKeywordDefinition = {
  keyword: 'x-atMost',
  type: 'string',
  $data: true,
  metaSchema: { type: 'string', pattern: KWD_PATTERN.source },
  errors: true,
  validate: validateAtMost,
};

/** JSON pointer of a property of the object being validated, where an object-level rule reports. */
const pointerTo = (dataCxt: DataValidationCxt | undefined, property: string) =>
  `${dataCxt?.instancePath ?? ''}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** `x-minMonthsAhead`: a date at least N calendar months after today (documents valid ≥ 4 months). */
const validateMinMonthsAhead: SchemaValidateFunction = (months: number, data: string) => {
  const date = dateOf(data);
  if (date === null) return true;
  const earliest = addMonths(today(), months);
  if (date >= earliest) return true;
  validateMinMonthsAhead.errors = [
    {
      keyword: 'x-minMonthsAhead',
      message: `must be on or after ${earliest}`,
      params: { smart_count: months, limit: earliest },
    },
  ];
  return false;
};

const minMonthsAhead: FuncKeywordDefinition = {
  keyword: 'x-minMonthsAhead',
  type: 'string',
  metaSchema: { type: 'integer', minimum: 0 },
  errors: true,
  validate: validateMinMonthsAhead,
};

/**
 * `x-future`: a date-time after now (a scheduled SMS is sent later, never in the past). A minute of
 * grace covers the time the form takes to reach the server.
 */
const validateFuture: SchemaValidateFunction = (_on: boolean, data: string) => {
  const instant = Date.parse(data);
  if (Number.isNaN(instant) || instant > now().getTime() - 60_000) return true;
  validateFuture.errors = [{ keyword: 'x-future', message: 'must be in the future', params: {} }];
  return false;
};

const future: FuncKeywordDefinition = {
  keyword: 'x-future',
  type: 'string',
  metaSchema: { const: true },
  errors: true,
  validate: validateFuture,
};

interface DateRangeRule {
  from: string;
  to: string;
  maxMonths?: number;
  maxDays?: number;
}

/**
 * `x-dateRange` on an object: its `to` date on or after its `from` date and at most `maxMonths`
 * calendar months (or `maxDays` days) later. Reported on `to`, the field the user corrects.
 */
const dateRange: FuncKeywordDefinition = {
  keyword: 'x-dateRange',
  type: 'object',
  metaSchema: {
    type: 'object',
    required: ['from', 'to'],
    properties: {
      from: { type: 'string' },
      to: { type: 'string' },
      maxMonths: { type: 'integer', minimum: 1 },
      maxDays: { type: 'integer', minimum: 1 },
    },
    additionalProperties: false,
  },
  errors: true,
  compile: (rule: DateRangeRule) => {
    const check: DataValidateFunction = (data: Record<string, unknown>, dataCxt) => {
      const from = dateOf(data[rule.from]);
      const to = dateOf(data[rule.to]);
      // A missing or malformed date is `required`'s or `format`'s to report.
      if (from === null || to === null) return true;
      const latest =
        rule.maxMonths !== undefined
          ? addMonths(from, rule.maxMonths)
          : rule.maxDays !== undefined
            ? addDays(from, rule.maxDays)
            : undefined;
      if (to >= from && (latest === undefined || to <= latest)) return true;
      check.errors = [
        {
          keyword: 'x-dateRange',
          instancePath: pointerTo(dataCxt, rule.to),
          message: latest ? `must be between ${from} and ${latest}` : `must be on or after ${from}`,
          params: {
            smart_count: rule.maxMonths ?? rule.maxDays,
            from,
            limit: latest,
            // The default message speaks of months; these name the one for days or for order only.
            ...(rule.maxMonths === undefined ? { variant: rule.maxDays === undefined ? 'order' : 'days' } : {}),
          },
        },
      ];
      return false;
    };
    return check;
  },
};

/** Length of one period of each frequency `x-period` knows; an on-demand plan has no period. */
export const PERIOD_LENGTHS: Readonly<
  Record<string, { months: number } | { days: number } | { hours: number } | null>
> = {
  hourly: { hours: 1 },
  daily: { days: 1 },
  weekly: { days: 7 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  half_yearly: { months: 6 },
  yearly: { months: 12 },
  on_demand: null,
};

interface PeriodRule {
  start: string;
  count: string;
  frequency: string;
  maxMonths: number;
}

/**
 * `x-period` on an object: `count` periods of `frequency` from the `start` date (today when left
 * out) end at most `maxMonths` calendar months after that start (a subscription lasts at most a
 * year). Reported on `start`, or on `count` when there is no start date.
 */
const period: FuncKeywordDefinition = {
  keyword: 'x-period',
  type: 'object',
  metaSchema: {
    type: 'object',
    required: ['start', 'count', 'frequency', 'maxMonths'],
    properties: {
      start: { type: 'string' },
      count: { type: 'string' },
      frequency: { type: 'string' },
      maxMonths: { type: 'integer', minimum: 1 },
    },
    additionalProperties: false,
  },
  errors: true,
  compile: (rule: PeriodRule, parentSchema) => {
    // A frequency the rule cannot measure would let any period through: refuse the schema instead.
    const values = (parentSchema.properties?.[rule.frequency]?.enum ?? []) as unknown[];
    const unknown = values.filter((value) => !(String(value) in PERIOD_LENGTHS));
    if (unknown.length > 0) throw new Error(`x-period: unknown frequencies ${unknown.join(', ')}`);
    const check: DataValidateFunction = (data: Record<string, unknown>, dataCxt) => {
      const count = data[rule.count];
      const length = PERIOD_LENGTHS[String(data[rule.frequency])];
      if (!Number.isInteger(count) || !length) return true;
      const given = data[rule.start] !== undefined;
      const start = given ? dateOf(data[rule.start]) : today();
      if (start === null) return true;
      const periods = count as number;
      // Dates have no time of day: hourly periods count as the whole days they reach into.
      const end =
        'months' in length
          ? addMonths(start, periods * length.months)
          : 'days' in length
            ? addDays(start, periods * length.days)
            : addDays(start, Math.ceil((periods * length.hours) / 24));
      const latest = addMonths(start, rule.maxMonths);
      if (end <= latest) return true;
      check.errors = [
        {
          keyword: 'x-period',
          instancePath: pointerTo(dataCxt, given ? rule.start : rule.count),
          message: `must end by ${latest}`,
          params: { count: rule.maxMonths, limit: latest },
        },
      ];
      return false;
    };
    return check;
  },
};

export const customKeywords: KeywordDefinition[] = [
  greaterThan,
  minSelected,
  atMost,
  minMonthsAhead,
  future,
  dateRange,
  period,
];

/**
 * Installs the standard formats, our formats, our rule keywords and the hint keywords of the
 * vocabulary (`schemas/meta/x-vocabulary.json`), which ajv accepts as annotations.
 */
export function installVocabulary<T extends Ajv>(ajv: T, options: VocabularyOptions = {}): T {
  // The standard formats as `ajv-formats` adds them, without its entry module, which would bring
  // the whole of ajv into the portal's validators compiled at build time (they only need the formats).
  for (const [name, format] of Object.entries({ ...fullFormats, ...formatsFor(options) })) ajv.addFormat(name, format);
  for (const definition of customKeywords) ajv.addKeyword(definition);
  for (const keyword of HINT_KEYWORDS)
    ajv.addKeyword({ keyword, schemaType: ['object', 'string', 'boolean', 'number'] });
  return ajv;
}
