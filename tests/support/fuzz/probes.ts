import type { Operation, Schema, SchemaBook } from './openapi';
import type { Random } from './random';
import { formatOf, type KnownFormat } from '../../../src/schema/formats';
import {
  BAD_TOKENS,
  BIDI,
  INJECTIONS,
  MALFORMED_JSON,
  NUL,
  ONE_MB,
  PROTO_KEYS,
  WRONG_MEDIA,
  pollutingJson,
} from './hostile';

/**
 * Invalid inputs of one operation, made by mutating a valid request: missing, extra and mistyped
 * fields, bounds crossed by one, formats, enums and patterns missed, 1 MB strings, control and
 * bidi characters, prototype keys, injections, malformed JSON, wrong media types, bad path and
 * query values and forged tokens. A mutation is kept as invalid only when the document's own
 * schema refuses it (or it is no JSON at all); one the schema accepts is kept as "hostile": it may
 * be accepted, but never with a 5xx.
 */

export interface WireRequest {
  method: Operation['method'];
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  payload?: string;
}

export interface Probe {
  category: string;
  request: WireRequest;
  /** The document refuses this input: 4xx expected and nothing written. */
  mustReject: boolean;
}

/** A valid request of the operation, before it is put on the wire. */
export interface Baseline {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  /** The body as the schema describes it (for an encrypted body, the record before sealing). */
  body?: unknown;
  /** An encrypted list query (`data`), before sealing. */
  listQuery?: Record<string, unknown>;
}

export interface ProbeContext {
  op: Operation;
  book: SchemaBook;
  random: Random;
  baseline: Baseline;
  /** Seals a value with the merchant's keys, as the portal sends encrypted bodies. */
  seal(value: unknown): Promise<string>;
  /** Builds the wire request of a baseline (with the caller's token and language). */
  wire(baseline: Baseline, overrides?: Partial<WireRequest>): Promise<WireRequest>;
  /** The operation answers 401 without a token. */
  needsToken: boolean;
  /** The entity whose `<entity>.filter` checks the list's `filter`, when it is a list. */
  filterSchema?: Schema;
  /** Ids of another merchant's records, which must be as unknown as missing ones. */
  foreignIds: string[];
}

type Json = Record<string, unknown>;
type Mutator = (ctx: ProbeContext) => Promise<Probe | null>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The schema of the plain body (the record inside an encrypted one). */
function bodySchema({ op, book }: ProbeContext): Schema | undefined {
  if (op.encryptedBody) return book.component(op.encryptedBody);
  return op.body;
}

/** Paths (in the baseline body) of properties the schema describes, with their schemas. */
function propertyPaths(book: SchemaBook, schema: Schema, value: unknown, prefix: string[] = []): [string[], Schema][] {
  const resolved = book.resolve(schema);
  const result: [string[], Schema][] = [];
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const path = [...prefix, name];
    result.push([path, book.resolve(property)]);
    const inner = isObject(value) ? value[name] : undefined;
    if (isObject(inner) && prefix.length < 2) result.push(...propertyPaths(book, property, inner, path));
  }
  return result;
}

function setAt(target: Json, path: string[], value: unknown): Json {
  let current = target;
  for (const part of path.slice(0, -1)) {
    if (!isObject(current[part])) current[part] = {};
    current = current[part] as Json;
  }
  current[path[path.length - 1]] = value;
  return target;
}

function deleteAt(target: Json, path: string[]): Json {
  let current: unknown = target;
  for (const part of path.slice(0, -1)) current = isObject(current) ? current[part] : undefined;
  if (isObject(current)) delete current[path[path.length - 1]];
  return target;
}

/** A body probe: sealed when the operation encrypts, and judged by the schema. */
async function bodyProbe(ctx: ProbeContext, category: string, body: unknown): Promise<Probe | null> {
  const schema = bodySchema(ctx);
  if (!schema) return null;
  const mustReject = !ctx.book.valid(schema, body);
  const payload = ctx.op.encryptedBody ? JSON.stringify({ data: await ctx.seal(body) }) : JSON.stringify(body);
  return {
    category,
    mustReject,
    request: await ctx.wire(ctx.baseline, { payload, headers: { 'content-type': 'application/json' } }),
  };
}

function baseBody(ctx: ProbeContext): Json {
  return isObject(ctx.baseline.body) ? clone(ctx.baseline.body) : {};
}

function pickProperty(ctx: ProbeContext, wanted: (schema: Schema) => boolean): [string[], Schema] | undefined {
  const schema = bodySchema(ctx);
  if (!schema) return undefined;
  // An `x-from` value is replaced by the server from the record it names: whatever is sent there is ignored.
  const candidates = propertyPaths(ctx.book, schema, ctx.baseline.body).filter(
    ([, property]) => !property['x-from'] && wanted(property),
  );
  return candidates.length ? ctx.random.pick(candidates) : undefined;
}

const WRONG_TYPES: unknown[] = [123, -1, 1.5, true, false, null, 'text', '', [], [1, 'a'], {}, { a: 1 }];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

const isString = (schema: Schema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** Values just outside the schema's bounds. */
function boundaryValues(schema: Schema, random: Random): unknown[] {
  const values: unknown[] = [];
  const filler = () => random.pick(['a', 'ب', '1', ' ']);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) values.push(filler().repeat(schema.minLength - 1));
  if (typeof schema.maxLength === 'number') values.push(filler().repeat(schema.maxLength + 1));
  if (typeof schema.minimum === 'number') values.push(schema.minimum - 1);
  if (typeof schema.maximum === 'number') values.push(schema.maximum + 1);
  if (typeof schema.exclusiveMinimum === 'number') values.push(schema.exclusiveMinimum);
  if (typeof schema.exclusiveMaximum === 'number') values.push(schema.exclusiveMaximum);
  if (typeof schema.multipleOf === 'number') values.push(schema.multipleOf * 1.5);
  if (schema.type === 'integer') values.push(1.5, 2 ** 53, -(2 ** 31) - 1);
  if (typeof schema.minItems === 'number' && schema.minItems > 0) values.push([]);
  if (typeof schema.maxItems === 'number') values.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => i + 1));
  return values;
}

/** Values each known format refuses: a format added to the registry without its bad values fails the type check. */
const BAD_FORMATS: Record<KnownFormat, string[]> = {
  email: ['a@', '@b.c', 'no-at-sign', 'a b@c.d', 'a@b', 'x@y.z,', 'a@@b.c'],
  'email-list': ['a@b.c,,', 'a@b.c;d@e.f', 'nope', 'a@b.c, x'],
  date: ['2024-02-30', '2024-13-01', '24-01-01', '2024/01/01', '2024-1-1', 'today', '2024-01-01T00:00:00Z'],
  'date-time': ['2024-01-01', '2024-01-01 25:00', 'yesterday', '2024-01-01T24:61:00Z', '1700000000'],
  uri: ['not a uri', 'http//x', '::', 'a b'],
  'webhook-url': [
    'http://example.com/hook',
    'https://127.0.0.1/hook',
    'https://10.0.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://user:pass@example.com/x',
    'https://localhost/x',
    'ftp://example.com/x',
  ],
  kwd: ['-1', '1.2345', '1e3', '0x10', '12,5', ' 1', '1.', '.5', '1000000000000', 'NaN'],
  mobile: ['123', '+', '9651234567890123', 'abcdefghijk', '965 1234 5678'],
  'strong-password': ['weak', 'alllowercase1!', 'NOLOWER1!', 'NoDigits!!', 'NoSymbol12', 'Ab1!'],
  ipv4: ['256.1.1.1', '1.2.3', 'a.b.c.d', '1.2.3.4.5'],
};

/** A string that breaks `pattern`, found among a few tries. */
function patternBreaker(schema: Schema, random: Random): string | undefined {
  const pattern = new RegExp(String(schema.pattern));
  const candidates = [
    '',
    ' ',
    'a'.repeat(300),
    '!!!',
    'abc def',
    '{unknown}',
    random.pick(INJECTIONS),
    `${NUL}1`,
    '١٢٣٤٥٦٧٨',
    'zz',
  ];
  return random.pick(candidates.filter((candidate) => !pattern.test(candidate)).concat(['#']));
}

const bodyMutators: Record<string, Mutator> = {
  async 'missing-required'(ctx) {
    const schema = bodySchema(ctx);
    if (!schema) return null;
    const paths = propertyPaths(ctx.book, schema, ctx.baseline.body);
    // A required `x-from` value is filled by the server when left out: not a missing field.
    const required = paths.filter(([path, property]) => {
      if (property['x-from']) return false;
      const parentPath = path.slice(0, -1);
      const parent = parentPath.length
        ? paths.find(([other]) => other.join('/') === parentPath.join('/'))?.[1]
        : ctx.book.resolve(schema);
      return parent?.required?.includes(path[path.length - 1]);
    });
    if (!required.length) return null;
    const body = baseBody(ctx);
    for (const [path] of ctx.random.chance(0.3) ? required : [ctx.random.pick(required)]) deleteAt(body, path);
    return bodyProbe(ctx, 'missing-required', body);
  },
  async 'extra-field'(ctx) {
    const name = ctx.random.pick([
      'is_admin',
      'merchant_id',
      'role',
      'id',
      'created_at',
      'balance',
      `x_${ctx.random.int(1, 999)}`,
    ]);
    const body = baseBody(ctx);
    const nested = pickProperty(ctx, (schema) => schema.type === 'object' && schema.additionalProperties === false);
    if (nested && ctx.random.chance(0.4)) setAt(body, [...nested[0], name], ctx.random.pick(WRONG_TYPES));
    else body[name] = ctx.random.pick(WRONG_TYPES);
    return bodyProbe(ctx, 'extra-field', body);
  },
  async 'wrong-type'(ctx) {
    const picked = pickProperty(ctx, () => true);
    if (!picked) return null;
    const [path, schema] = picked;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const value = ctx.random.pick(
      WRONG_TYPES.filter(
        (candidate) =>
          !types.includes(typeOf(candidate)) && !(typeOf(candidate) === 'integer' && types.includes('number')),
      ),
    );
    return bodyProbe(ctx, 'wrong-type', setAt(baseBody(ctx), path, value));
  },
  async boundary(ctx) {
    const picked = pickProperty(ctx, (schema) => boundaryValues(schema, ctx.random).length > 0);
    if (!picked) return null;
    const [path, schema] = picked;
    return bodyProbe(ctx, 'boundary', setAt(baseBody(ctx), path, ctx.random.pick(boundaryValues(schema, ctx.random))));
  },
  async format(ctx) {
    const picked = pickProperty(ctx, (schema) => formatOf(schema) !== undefined);
    const format = picked && formatOf(picked[1]);
    if (!picked || !format) return null;
    return bodyProbe(ctx, 'format', setAt(baseBody(ctx), picked[0], ctx.random.pick(BAD_FORMATS[format])));
  },
  async enum(ctx) {
    const picked = pickProperty(
      ctx,
      (schema) => Array.isArray(schema.enum) && schema.enum.some((v) => typeof v === 'string'),
    );
    if (!picked) return null;
    const [path, schema] = picked;
    const value = String(ctx.random.pick((schema.enum ?? []).filter((v) => typeof v === 'string')));
    const miss = ctx.random.pick([value.toUpperCase(), `${value} `, `${value}x`, value.slice(1), '', `${value}${NUL}`]);
    return bodyProbe(ctx, 'enum', setAt(baseBody(ctx), path, miss));
  },
  async pattern(ctx) {
    const picked = pickProperty(ctx, (schema) => typeof schema.pattern === 'string');
    if (!picked) return null;
    const [path, schema] = picked;
    return bodyProbe(ctx, 'pattern', setAt(baseBody(ctx), path, patternBreaker(schema, ctx.random)));
  },
  async 'control-characters'(ctx) {
    const picked = pickProperty(ctx, isString);
    if (!picked) return null;
    const [path] = picked;
    const mark = ctx.random.chance(0.5) ? NUL : ctx.random.pick(BIDI);
    const text = ctx.random.pick([
      `${mark}abc`,
      `abc${mark}`,
      `ab${mark}cd.exe`,
      `${mark}${mark}`,
      `txt${mark}gpj.exe`,
    ]);
    return bodyProbe(ctx, 'control-characters', setAt(baseBody(ctx), path, text));
  },
  async injection(ctx) {
    const picked = pickProperty(ctx, isString);
    if (!picked) return null;
    return bodyProbe(ctx, 'injection', setAt(baseBody(ctx), picked[0], ctx.random.pick(INJECTIONS)));
  },
  async 'huge-string'(ctx) {
    const picked = pickProperty(ctx, isString);
    const body = baseBody(ctx);
    if (picked) setAt(body, picked[0], ONE_MB);
    else body.padding = ONE_MB;
    const probe = await bodyProbe(ctx, 'huge-string', body);
    // Over the body limit whatever the schema says: never acceptable.
    return probe && { ...probe, mustReject: true };
  },
  async 'body-type'(ctx) {
    const value = ctx.random.pick([[], [ctx.baseline.body], 'text', 42, true, null, ''] as unknown[]);
    const probe = await bodyProbe(ctx, 'body-type', value);
    // A JSON `null` body counts as no body: refused only where the document requires one.
    return probe && value === null ? { ...probe, mustReject: false } : probe;
  },
};

/** Bodies that are not the JSON object the operation takes: refused for any body schema. */
const rawBodyMutators: Record<string, Mutator> = {
  async 'prototype-keys'(ctx) {
    const key = ctx.random.pick(PROTO_KEYS);
    const text = pollutingJson(key, ctx.random.chance(0.5), baseBody(ctx));
    const schema = bodySchema(ctx);
    // Parsed the plain way, the key is an own property: the schema must refuse it.
    // Without a body schema the body is ignored: only the parser's own refusals (`__proto__`,
    // `constructor.prototype`) are certain.
    const mustReject = schema ? !ctx.book.valid(schema, JSON.parse(text)) : key !== 'prototype';
    const payload = ctx.op.encryptedBody
      ? ctx.random.chance(0.5)
        ? pollutingJson(key, false, { data: await ctx.seal(ctx.baseline.body) })
        : JSON.stringify({ data: await ctx.seal(JSON.parse(text)) })
      : text;
    return {
      category: 'prototype-keys',
      mustReject,
      request: await ctx.wire(ctx.baseline, { payload, headers: { 'content-type': 'application/json' } }),
    };
  },
  async 'malformed-json'(ctx) {
    const text = ctx.random.pick(MALFORMED_JSON);
    const headers = { 'content-type': ctx.random.pick(['application/json', 'application/json; charset=utf-8']) };
    return {
      category: 'malformed-json',
      mustReject: true,
      request: await ctx.wire(ctx.baseline, { payload: text, headers }),
    };
  },
  async 'wrong-media-type'(ctx) {
    const media = ctx.random.pick(WRONG_MEDIA);
    return {
      category: 'wrong-media-type',
      mustReject: true,
      request: await ctx.wire(ctx.baseline, { payload: media.body, headers: { 'content-type': media.type } }),
    };
  },
};

/** Envelope mutations of an encrypted body: data missing, empty, forged, or sealed by no one. */
const envelopeMutator: Mutator = async (ctx) => {
  const data = ctx.random.pick([
    undefined,
    '',
    'x',
    'AAAA',
    `${'A'.repeat(40)}.${'B'.repeat(40)}`,
    42,
    null,
    { a: 1 },
    ctx.random.pick(INJECTIONS),
  ]);
  const payload = JSON.stringify(data === undefined ? {} : { data });
  return {
    category: 'encrypted-envelope',
    mustReject: true,
    request: await ctx.wire(ctx.baseline, { payload, headers: { 'content-type': 'application/json' } }),
  };
};

function badPathValues(ctx: ProbeContext, name: string, schema: Schema): string[] {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
  return [
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x1A',
    '2147483648',
    '9'.repeat(Math.min(max, 20)),
    '9'.repeat(max + 1),
    '987654321',
    ' 1',
    '1 OR 1=1',
    "1'",
    NUL,
    `1${NUL}`,
    `${BIDI[0]}1`,
    '__proto__',
    'constructor',
    'prototype',
    '../../etc/passwd',
    ctx.random.pick(INJECTIONS),
    'ب'.repeat(5),
    ...(name === 'id' ? ctx.foreignIds : []),
  ];
}

const pathMutator: Mutator = async (ctx) => {
  const params = ctx.op.parameters.filter((param) => param.in === 'path');
  if (!params.length) return null;
  const param = ctx.random.pick(params);
  const value = ctx.random.pick(badPathValues(ctx, param.name, param.schema));
  const baseline = { ...ctx.baseline, pathParams: { ...ctx.baseline.pathParams, [param.name]: value } };
  const probe: Probe = { category: 'path-parameter', mustReject: true, request: await ctx.wire(baseline) };
  return probe;
};

/** Bad values of the list query: filter, range and sort, and any other declared query value. */
function badQueryValues(ctx: ProbeContext, name: string, schema: Schema): string[] {
  const random = ctx.random;
  if (name === 'range')
    return ['[', '[-1,5]', '[5,1]', '["a","b"]', '[1]', '{}', '[1.5,2]', '"x"', '[0,1,2]', 'x'.repeat(101), 'null'];
  if (name === 'sort')
    return [
      '["nope","ASC"]',
      '["created_at","UP"]',
      '[1,2]',
      '["created_at"]',
      '[',
      `[${JSON.stringify(random.pick(INJECTIONS))},"ASC"]`,
      '["__proto__","ASC"]',
      '["constructor","DESC"]',
      `["${'a'.repeat(201)}","ASC"]`,
      '{}',
    ];
  if (name === 'filter') {
    const values = [
      '{',
      '[]',
      '"text"',
      '42',
      '{"__proto__":{"polluted":"yes"}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      `{"x":"${'a'.repeat(10_001)}"}`,
      `{${JSON.stringify(random.pick(INJECTIONS))}:1}`,
    ];
    const filter = ctx.filterSchema ? ctx.book.resolve(ctx.filterSchema) : undefined;
    for (const [property, propertySchema] of Object.entries(filter?.properties ?? {})) {
      const resolved = ctx.book.resolve(propertySchema);
      const candidates: unknown[] = [
        ...WRONG_TYPES,
        ...boundaryValues(resolved, random),
        `${random.pick(INJECTIONS)}${NUL}`,
      ];
      const format = formatOf(resolved);
      if (format) candidates.push(...BAD_FORMATS[format]);
      const value = random.pick(candidates);
      if (!ctx.book.valid(filter!, { [property]: value })) values.push(JSON.stringify({ [property]: value }));
    }
    return values;
  }
  if (name === 'data') return ['', 'x', '!!!', `${'A'.repeat(40)}.${'B'.repeat(40)}`, 'a'.repeat(20_001), NUL];
  const values = [...boundaryValues(schema, random).map(String), NUL, random.pick(INJECTIONS), 'x'.repeat(5000)];
  if (Array.isArray(schema.enum)) values.push('2', 'yes', '-1');
  if (schema.pattern) values.push(patternBreaker(schema, random) ?? '#');
  const check = new RegExp(String(schema.pattern ?? '.*'));
  return values.filter((value) => !(schema.enum ?? [value]).includes(value) || !check.test(value));
}

const queryMutator: Mutator = async (ctx) => {
  const params = ctx.op.parameters.filter((param) => param.in === 'query');
  if (!params.length) return null;
  const param = ctx.random.pick(params);
  // A parameter that takes any value (a filter on a free-form property) has nothing to refuse.
  const bad = badQueryValues(ctx, param.name, param.schema);
  if (!bad.length) return null;
  const value = ctx.random.pick(bad);
  const query = { ...ctx.baseline.query, [param.name]: value };
  // An export (a file, not a page of JSON) reads no range: a bad one is ignored, not refused.
  const paged = Boolean(ctx.op.responses['200']?.content?.['application/json']);
  const mustReject = param.name !== 'range' || paged;
  return { category: `query-${param.name}`, mustReject, request: await ctx.wire({ ...ctx.baseline, query }) };
};

/** Forged, malformed or mangled credentials on an operation that needs a token. */
const tokenMutator: Mutator = async (ctx) => {
  if (!ctx.needsToken) return null;
  const request = await ctx.wire(ctx.baseline);
  const real = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  const random = ctx.random;
  const flipped = real ? `${real.slice(0, -3)}${random.pick(['AAA', 'xyz', '___'])}` : 'x';
  const value = random.pick([
    `Bearer ${random.pick(BAD_TOKENS)}`,
    `Bearer ${flipped}`,
    `Bearer ${real.slice(0, random.int(1, Math.max(1, real.length - 1)))}`,
    `Basic ${Buffer.from('merchant@demo.test:Demo@1234').toString('base64')}`,
    `bearer  ${random.int(1, 1e9)}`,
    `Bearer ${Buffer.from(String(random.next())).toString('base64url')}.${random.int(1, 1e9)}.x`,
    '',
  ]);
  const headers: Record<string, string> = { ...request.headers, authorization: value };
  if (!value) delete headers.authorization;
  return { category: 'token', mustReject: true, request: { ...request, headers } };
};

/** Query strings nobody declared: ignored by the API, but never a 5xx. */
const strayQueryMutator: Mutator = async (ctx) => {
  const key = ctx.random.pick([
    'q',
    'filter',
    'id',
    '__proto__',
    'constructor[prototype][polluted]',
    'a[]',
    ctx.random.pick(INJECTIONS),
  ]);
  const value = ctx.random.pick([NUL, BIDI[0], ONE_MB.slice(0, 4000), ...INJECTIONS]);
  const query = { ...ctx.baseline.query, [key]: value };
  return { category: 'stray-query', mustReject: false, request: await ctx.wire({ ...ctx.baseline, query }) };
};

/** The mutators that apply to an operation, by name. */
export function mutatorsFor(ctx: ProbeContext): [string, Mutator][] {
  const result: [string, Mutator][] = [];
  const takesBody = ctx.op.method !== 'GET';
  if (bodySchema(ctx)) result.push(...Object.entries(bodyMutators));
  if (takesBody) result.push(...Object.entries(rawBodyMutators));
  if (ctx.op.encryptedBody) result.push(['encrypted-envelope', envelopeMutator]);
  if (ctx.op.parameters.some((param) => param.in === 'path')) result.push(['path-parameter', pathMutator]);
  if (ctx.op.parameters.some((param) => param.in === 'query')) result.push(['query', queryMutator]);
  if (ctx.needsToken) result.push(['token', tokenMutator]);
  result.push(['stray-query', strayQueryMutator]);
  return result;
}
