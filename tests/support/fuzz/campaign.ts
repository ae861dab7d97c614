import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { deriveKey, encryptPayload } from '../../../src/shared/crypto';
import { TEST_CARDS } from '../../../src/shared/pay';
import { changedTables, settledFingerprint } from './fingerprint';
import { judge, REFUSALS, type Language } from './oracle';
import { operationsOf, SchemaBook, type ApiDocument, type Operation, type Schema } from './openapi';
import { mutatorsFor, type Baseline, type Probe, type ProbeContext, type WireRequest } from './probes';
import { Random } from './random';
import { MerchantRecords } from './records';
import { ValueGenerator } from './values';

/**
 * Fuzzes every operation of the API document of an in-process server: per operation a number of
 * invalid inputs (refused with a clean, translated 4xx and no write), hostile but schema-valid
 * ones (never a 5xx), and valid inputs generated from the request schemas (2xx matching the
 * response schema). Seeded: the same seed sends the same requests in the same order.
 */

export interface Account {
  email: string;
  password: string;
}

export interface FuzzOptions {
  seed: number;
  invalidPerEndpoint: number;
  validPerEndpoint: number;
  /** The merchant admin the signed-in operations run as. */
  account: Account;
  /** An account of the same merchant whose failed sign-ins may lock it (invalid sign-in bodies). */
  lockableAccount: Account;
  /** Another merchant's admin, whose ids must be unknown to `account`. */
  foreignAccount: Account;
  /** Share of requests sent in Arabic (default 0.35). */
  arabicShare?: number;
  /** Operations to fuzz (default all). */
  only?: (op: Operation) => boolean;
  onEndpoint?: (report: EndpointReport) => void;
}

export interface EndpointReport {
  key: string;
  invalid: number;
  hostile: number;
  valid: number;
  /** Statuses the valid inputs got, e.g. `{ 200: 98, 409: 2 }`. */
  validStatuses: Record<number, number>;
  failures: string[];
  /** The operation answers 401 without a token (so forged tokens are among its invalid inputs). */
  needsToken: boolean;
  /** Why the operation got no valid input, when NO_VALID_INPUT excuses it. */
  note?: string;
  ms: number;
}

export interface FuzzReport {
  endpoints: EndpointReport[];
  operations: Operation[];
  invalid: number;
  hostile: number;
  valid: number;
  failures: number;
}

/**
 * Operations whose valid inputs cannot all succeed, each with the answer it may give instead and
 * why. Everything else must answer 2xx to a valid input.
 */
export const STATE_DEPENDENT: { matches: (op: Operation) => boolean; also: number[]; reason: string }[] = [
  {
    matches: (op) => /\b409\b/.test(op.description),
    also: [409],
    reason: 'the document says 409 for a record in another state (transitions, resend, paying a paid link)',
  },
  {
    matches: (op) => op.bodyKeywords.has('x-limit'),
    also: [409],
    reason: 'a record pointing at a parent with `x-limit` is refused (409) once the parent is full',
  },
  {
    matches: (op) => /\banswers 400 when\b/i.test(op.description),
    also: [400],
    reason: 'the document says 400 for parameters that need each other, which a list of parameters cannot say',
  },
  {
    matches: (op) => ['POST /v1/payment-transfer/request', 'GET /v1/report/payment-transfer/download'].includes(op.key),
    also: [404, 409],
    reason: "ids a schema makes are seldom the merchant's own settled transactions or transfers (404, 409)",
  },
  {
    matches: (op) => ['POST /v1/pay/{reference}', 'POST /v1/pay/tenant/{token}'].includes(op.key),
    also: [429],
    reason: 'payments count attempts per address and link with limits `rateLimits` does not lift',
  },
  {
    matches: (op) => op.key === 'POST /v1/storefront/lists/{saleListReference}/orders',
    also: [409],
    reason:
      "a cart a schema makes seldom holds the list's own products in stock (409 naming its lines), and a list may be closed or full today",
  },
  {
    matches: (op) =>
      ['POST /v1/tenants', 'PUT /v1/tenants/{id}', 'POST /v1/contracts', 'PUT /v1/contracts/{id}'].includes(op.key),
    also: [409],
    reason:
      'a unit is let to one tenant at a time: a contract, or a tenant saved with its dates, over dates another contract holds the unit is refused (409 validation.unit_taken)',
  },
  {
    matches: (op) => op.method === 'DELETE',
    also: [409],
    reason: 'a record others point at cannot be deleted (409 app.message.in_use)',
  },
  {
    matches: (op) => op.path.startsWith('/v1/login/two-factor'),
    also: [401],
    reason: 'the second step of a sign-in needs the challenge of a live first step, which expires',
  },
  {
    matches: (op) => ['POST /v1/two-factor/confirm', 'POST /v1/two-factor/disable'].includes(op.key),
    also: [400],
    reason: 'a well-formed code that is not the current one of the authenticator is refused (400)',
  },
  {
    matches: (op) => op.key === 'GET /v1/search',
    also: [400],
    reason:
      'a search of fewer than three letters once its spaces are collapsed is refused (400), as its description says',
  },
  {
    matches: (op) => op.key === 'POST /v1/password/reset',
    also: [400],
    reason: 'a well-formed reset with a code nobody was sent is refused (400); real codes are tested in auth tests',
  },
];

/** Operations whose valid bodies `specialBody` makes, as the schema alone cannot. */
const SPECIAL_BODIES = new Set([
  'POST /v1/login',
  'POST /v1/token/refresh',
  'POST /v1/logout',
  'PUT /v1/profile',
  'POST /v1/invoice/resend',
  'POST /v1/two-factor/reset',
  'POST /v1/password/change',
  'POST /v1/keys/reveal',
  'POST /v1/pay/{reference}',
  'POST /v1/invoice-bulk-upload',
  'POST /v1/webhook-deliveries/resend',
  'POST /v1/invoice/collections/remind',
  'POST /v1/rent-invoices/issue',
  'POST /v1/pay/tenant/{token}',
]);

/**
 * Operations for which no valid input may exist in the seeded data, and why; the run says so for
 * each (and still sends them every invalid input) instead of failing.
 */
export const NO_VALID_INPUT: { matches: (op: Operation) => boolean; reason: string }[] = [
  { matches: (op) => op.path === '/v1/files/{name}', reason: 'the seeded data has no uploaded file' },
  {
    matches: (op) => op.path.endsWith('/{id}') || op.key === 'POST /v1/webhook-deliveries/resend',
    reason: 'the merchant may have no record of the kind (no webhook delivery yet)',
  },
  {
    matches: (op) => op.key === 'POST /v1/capture',
    reason: 'each valid capture uses up an authorisation: the merchant may have none left to capture',
  },
];

/**
 * Tables a refused request may write to on purpose: failed sign-ins are counted (lockout) and
 * recorded, and attempts on rate-limited endpoints (a payment, refused or not) are counted in
 * `rate_limits`. Listed here so that every other table must stay as it was.
 */
export const WRITTEN_BY_REFUSALS = new Set(['sign_in_failures', 'audit_log', 'audit_events', 'rate_limits']);

const languageHeaders: Record<Language, Record<string, string>[]> = {
  ar: [{ 'accept-language': 'ar' }, { 'accept-language': 'ar-KW,ar;q=0.9,en;q=0.8' }, { locale: 'ar' }],
  en: [{ 'accept-language': 'en-US,en;q=0.9' }, {}, { locale: 'en' }, { 'accept-language': 'fr, en;q=0.5' }],
};

interface Session {
  token: string;
  refresh: string;
}

async function signIn(app: FastifyInstance, account: Account): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/v1/login', payload: account });
  if (response.statusCode !== 200) throw new Error(`Sign-in of ${account.email} failed: ${response.body}`);
  const body = response.json<{ access_token: string; refresh_token: string }>();
  return { token: body.access_token, refresh: body.refresh_token };
}

/** The entity a path's records are (`GET` of the path or of its `{id}` answering `<entity>.record`). */
function recordEntity(document: ApiDocument, path: string): string | undefined {
  for (const candidate of [path, `${path}/{id}`]) {
    const schema = (
      document.paths[candidate]?.get?.responses as
        Record<string, { content?: Record<string, { schema?: Schema }> }> | undefined
    )?.['200']?.content?.['application/json']?.schema;
    const ref = schema?.items?.$ref ?? schema?.$ref;
    const match = ref && /\/([\w-]+)\.record$/.exec(ref);
    if (match) return match[1];
  }
  return undefined;
}

export async function fuzzApi(app: FastifyInstance, options: FuzzOptions): Promise<FuzzReport> {
  const document = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<ApiDocument>();
  const book = new SchemaBook(document);
  const operations = operationsOf(document).filter(options.only ?? (() => true));
  const root = new Random(options.seed);
  const session = await signIn(app, options.account);
  const records = await MerchantRecords.open(
    app,
    book,
    options.account.email,
    options.foreignAccount.email,
    session.token,
  );
  const keys = (
    await app.inject({ method: 'GET', url: '/v1/keys', headers: { authorization: `Bearer ${session.token}` } })
  ).json<{
    secret_key: string;
    iv_key: string;
  }>();
  let key = await deriveKey(keys.secret_key, keys.iv_key);
  const seal = (value: unknown) => encryptPayload(key, value);
  /** New keys (an operation under /v1/keys replaced them): later bodies are sealed with them. */
  const reloadKeys = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { authorization: `Bearer ${session.token}` },
    });
    const fresh = response.json<{ secret_key: string; iv_key: string }>();
    key = await deriveKey(fresh.secret_key, fresh.iv_key);
  };
  const arabicShare = options.arabicShare ?? 0.35;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();

  const report: FuzzReport = { endpoints: [], operations, invalid: 0, hostile: 0, valid: 0, failures: 0 };

  for (const op of operations) {
    const started = Date.now();
    const random = root.fork(op.key);
    const generator = new ValueGenerator(book, records, random);
    const entry: EndpointReport = {
      key: op.key,
      invalid: 0,
      hostile: 0,
      valid: 0,
      validStatuses: {},
      failures: [],
      needsToken: false,
      ms: 0,
    };
    const fail = (probe: string, problems: string[]) => {
      report.failures++;
      if (entry.failures.length < 8) entry.failures.push(`${probe}: ${problems.join('; ')}`);
    };
    const entity = recordEntity(document, op.path.replace(/\/\{[^}]+\}.*$/, '').replace(/\/(export|totals)$/, ''));
    const filterSchema = entity ? book.component(`${entity}.filter`) : undefined;
    const listEntity = op.parameters.some((param) => param.name === 'filter' || param.name === 'data')
      ? entity
      : undefined;

    const pickLanguage = (): Language => (random.chance(arabicShare) ? 'ar' : 'en');
    let throwaway: Session | undefined;
    const wire = async (
      baseline: Baseline,
      overrides: Partial<WireRequest> = {},
      token = throwaway?.token ?? session.token,
    ): Promise<WireRequest> => {
      let url = op.path;
      for (const [name, value] of Object.entries(baseline.pathParams))
        url = url.replace(`{${name}}`, encodeURIComponent(value));
      const query = { ...baseline.query };
      // A probe may have put its own (bad) `data` in place of the sealed query.
      if (baseline.listQuery && query.data === undefined) query.data = await seal(baseline.listQuery);
      let payload: string | undefined;
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
      if (baseline.body !== undefined) {
        payload = JSON.stringify(op.encryptedBody ? { data: await seal(baseline.body) } : baseline.body);
        headers['content-type'] = 'application/json';
      }
      return { method: op.method, url, query, payload, ...overrides, headers: { ...headers, ...overrides.headers } };
    };
    const send = async (request: WireRequest, language: Language): Promise<LightMyRequestResponse> => {
      const headers = { ...request.headers, ...random.pick(languageHeaders[language]) };
      return app.inject({
        method: request.method,
        url: request.url,
        query: request.query,
        headers,
        payload: request.payload,
      });
    };

    /** A valid request of this operation, or undefined when none can be made now. */
    const baselineOf = async (purpose: 'valid' | 'probe'): Promise<Baseline | undefined> => {
      throwaway = undefined;
      const pathParams: Record<string, string> = {};
      for (const param of op.parameters.filter((p) => p.in === 'path')) {
        const value = await records.pathValue(op, param.name, entity, random);
        if (value === undefined) return undefined;
        pathParams[param.name] = value;
      }
      const query: Record<string, string> = {};
      let listQuery: Record<string, unknown> | undefined;
      if (listEntity) {
        const list = await records.listQuery(listEntity, generator, random);
        if (op.parameters.some((param) => param.name === 'data')) listQuery = list;
        else for (const [name, value] of Object.entries(list)) query[name] = JSON.stringify(value);
      }
      for (const param of op.parameters.filter(
        (p) => p.in === 'query' && !['filter', 'range', 'sort', 'data'].includes(p.name),
      )) {
        if (param.required || random.chance(0.5)) query[param.name] = String(await generator.valid(param.schema));
      }
      const schema = op.encryptedBody ? book.component(op.encryptedBody) : op.body;
      let body: unknown;
      if (schema) {
        body = SPECIAL_BODIES.has(op.key) ? await specialBody(op, purpose, pathParams) : await generator.valid(schema);
        if (body === undefined) return undefined;
      }
      return { pathParams, query, body, listQuery };
    };

    /** Bodies the schema alone cannot make valid: credentials, live tokens, test cards, bulk rows. */
    const specialBody = async (
      operation: Operation,
      purpose: 'valid' | 'probe',
      pathParams: Record<string, string>,
    ): Promise<unknown> => {
      switch (operation.key) {
        case 'POST /v1/login':
          return purpose === 'valid' ? { ...options.account } : { ...options.lockableAccount };
        case 'POST /v1/token/refresh':
        case 'POST /v1/logout': {
          // A session of its own each time: rotating or ending the run's session would end the run.
          throwaway = await signIn(app, options.account);
          return { refresh_token: throwaway.refresh };
        }
        case 'PUT /v1/profile': {
          const body = (await generator.valid(book.resolve(operation.body!))) as Record<string, unknown>;
          // The admin keeps signing in with the same e-mail for the rest of the run.
          return { ...body, email: options.account.email };
        }
        case 'POST /v1/invoice/resend': {
          // The body's `id` is an invoice of the merchant (the schema says so only in words).
          const ids = await records.ids('invoice');
          return { id: random.pick(ids) };
        }
        case 'POST /v1/webhook-deliveries/resend': {
          // The body's `id` is a delivery of the merchant that is no longer waiting to be sent.
          const ids = await records.ids('webhook_delivery', { status: ['pending'] });
          return ids.length ? { id: random.pick(ids) } : undefined;
        }
        case 'POST /v1/password/change': {
          // The account's own password as the current one, and again as the new one: the run keeps
          // signing in with it. Every other session of the account ends, as a change does.
          const { password } = options.account;
          return { current_password: password, password, password_confirmation: password };
        }
        case 'POST /v1/keys/reveal':
          // The keys are shown again for the account's own password only.
          return { password: options.account.password };
        case 'POST /v1/two-factor/reset': {
          // The body's `id` is an employee of the merchant (409 unless it uses two-factor).
          const ids = await records.ids('employee');
          return { id: random.pick(ids) };
        }
        case 'POST /v1/pay/{reference}': {
          // One of the methods the link offers; a card payment with the sandbox's succeeding card.
          const link = await app.inject({ method: 'GET', url: `/v1/pay/${encodeURIComponent(pathParams.reference)}` });
          const methods = link.statusCode === 200 ? (link.json<{ methods?: string[] }>().methods ?? []) : [];
          const method = methods.length ? random.pick(methods) : 'card';
          const card = { number: TEST_CARDS.success, expiry: '12/39', cvv: '123', holder: 'Fuzz Payer' };
          return method === 'card' ? { method, card } : { method };
        }
        case 'POST /v1/invoice/collections/remind': {
          // The body's `id` is a row of the merchant's collections view (`<kind>-<id>`).
          const owed = await app.inject({
            method: 'GET',
            url: '/v1/invoice/collections',
            headers: { authorization: `Bearer ${session.token}` },
          });
          const rows = owed.statusCode === 200 ? owed.json<{ id: string }[]>() : [];
          return rows.length ? { id: random.pick(rows).id } : undefined;
        }
        case 'POST /v1/rent-invoices/issue': {
          // The body's `id` is an active tenant of the merchant's (409 once its period is issued).
          const ids = await records.ids('tenant', undefined, `tenant_status = 'active'`);
          return ids.length ? { id: random.pick(ids) } : undefined;
        }
        case 'POST /v1/pay/tenant/{token}': {
          // Some of what the tenant's link asks to pay; a declined card now and then leaves them to pay
          // for the next valid input (the answer is 200 either way).
          const account = await app.inject({ method: 'GET', url: `/v1/pay/tenant/${pathParams.token}` });
          const due =
            account.statusCode === 200 ? account.json<{ due: { kind: string; reference_no: string }[] }>().due : [];
          if (!due.length) return undefined;
          const items = due.slice(0, random.int(1, Math.min(3, due.length)));
          const number = random.chance(0.2) ? TEST_CARDS.success : TEST_CARDS.declined;
          const card = { number, expiry: '12/39', cvv: '123', holder: 'Fuzz Tenant' };
          return { items: items.map(({ kind, reference_no }) => ({ kind, reference_no })), method: 'card', card };
        }
        case 'POST /v1/invoice-bulk-upload': {
          const invoice = book.component('invoice.create')!;
          const rows = [];
          for (let row = 1; row <= random.int(1, 3); row++) {
            const values = (await generator.valid({
              ...invoice,
              properties: { ...invoice.properties, kind: { const: 'bulk' } },
            })) as Record<string, unknown> | undefined;
            if (!values) return undefined;
            const fields =
              /fields: ([^)]*)\)/
                .exec(operation.description)?.[1]
                .match(/`(\w+)`/g)
                ?.map((f) => f.slice(1, -1)) ?? [];
            rows.push({
              row,
              values: Object.fromEntries(Object.entries(values).filter(([name]) => fields.includes(name))),
            });
          }
          return { file_name: `fuzz-${random.int(1, 1e6)}.csv`, rows };
        }
        default:
          return undefined;
      }
    };

    const standIn = async (): Promise<Baseline> => {
      const pathParams: Record<string, string> = {};
      for (const param of op.parameters.filter((p) => p.in === 'path')) pathParams[param.name] = '987654321';
      const schema = op.encryptedBody ? book.component(op.encryptedBody) : op.body;
      return { pathParams, query: {}, body: schema ? await generator.value(schema, undefined) : undefined };
    };
    const needsToken = await (async () => {
      const baseline = await baselineOf('probe');
      if (!baseline || op.public) return false;
      const request = await wire(baseline, {}, '');
      delete request.headers.authorization;
      return (await send(request, 'en')).statusCode === 401;
    })();
    entry.needsToken = needsToken;

    // Invalid inputs, between two fingerprints: none of them may write.
    // Messages and webhooks queued by earlier successes go out first (a webhook attempt still in
    // flight included, however long its address takes to look up), so only this batch can change
    // the tables. Without a valid request to start from, invalid inputs start from an unknown id
    // and an unchecked body.
    const probeBaseline = (await baselineOf('probe')) ?? (await standIn());
    await app.bawaba.outbox.flush();
    await app.scheduler.webhooks.dispatch();
    const before = await settledFingerprint(app.bawaba.db);
    const hostile: Probe[] = [];
    if (probeBaseline) {
      const ctx: ProbeContext = {
        op,
        book,
        random,
        baseline: probeBaseline,
        seal,
        wire: (baseline, overrides) => wire(baseline, overrides),
        needsToken,
        filterSchema,
        foreignIds: await records.foreignIds(entity),
      };
      const mutators = mutatorsFor(ctx);
      for (
        let attempt = 0;
        entry.invalid < options.invalidPerEndpoint && attempt < options.invalidPerEndpoint * 6;
        attempt++
      ) {
        const [, mutate] = random.pick(mutators);
        const probe = await mutate(ctx);
        if (!probe) continue;
        if (!probe.mustReject) {
          if (hostile.length < options.invalidPerEndpoint / 4) hostile.push(probe);
          continue;
        }
        const language = pickLanguage();
        const response = await send(probe.request, language);
        entry.invalid++;
        const problems = judge(book, op, response, language, (status) => REFUSALS.has(status));
        if (problems.length) fail(`${probe.category} ${describe(probe.request)}`, problems);
      }
    }
    await app.bawaba.outbox.flush();
    const after = await settledFingerprint(app.bawaba.db);
    const written = changedTables(before, after, WRITTEN_BY_REFUSALS);
    if (written.length) fail('refused inputs', [`wrote to ${written.join(', ')}`]);

    // Hostile inputs the schema accepts: they may succeed, never with a 5xx or a leak.
    for (const probe of hostile) {
      const language = pickLanguage();
      const response = await send(probe.request, language);
      entry.hostile++;
      const problems = judge(book, op, response, language, (status) => status < 300 || REFUSALS.has(status));
      if (problems.length) fail(`${probe.category} ${describe(probe.request)}`, problems);
    }

    // Valid inputs.
    const also = new Set(STATE_DEPENDENT.filter((rule) => rule.matches(op)).flatMap((rule) => rule.also));
    for (let attempt = 0; entry.valid < options.validPerEndpoint && attempt < options.validPerEndpoint * 2; attempt++) {
      const baseline = await baselineOf('valid');
      if (!baseline) {
        const excused = NO_VALID_INPUT.find((rule) => rule.matches(op));
        if (attempt === options.validPerEndpoint * 2 - 1 && excused) entry.note = `no valid input: ${excused.reason}`;
        else if (attempt === options.validPerEndpoint * 2 - 1)
          fail('valid', [`no valid input could be made: ${generator.lastProblem}`]);
        continue;
      }
      const request = await wire(baseline);
      const language = pickLanguage();
      const response = await send(request, language);
      entry.valid++;
      entry.validStatuses[response.statusCode] = (entry.validStatuses[response.statusCode] ?? 0) + 1;
      const problems = judge(
        book,
        op,
        response,
        language,
        (status) => (status >= 200 && status < 300) || also.has(status),
      );
      if (problems.length) fail(`valid ${describe(request)} → ${response.body.slice(0, 300)}`, problems);
      else if (response.statusCode < 300) await afterSuccess(op, response);
    }

    if (
      Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys ||
      ({} as Record<string, unknown>).polluted !== undefined
    )
      fail('prototype', ['Object.prototype changed']);
    entry.ms = Date.now() - started;
    report.invalid += entry.invalid;
    report.hostile += entry.hostile;
    report.valid += entry.valid;
    report.endpoints.push(entry);
    options.onEndpoint?.(entry);
  }

  /** What a success leaves for later inputs: the next refresh token, the record created. */
  async function afterSuccess(op: Operation, response: LightMyRequestResponse): Promise<void> {
    if (op.method !== 'GET' && op.path.startsWith('/v1/keys')) await reloadKeys();
    if (op.method === 'POST' && response.statusCode === 201) {
      const entity = recordEntity(document, op.path);
      const id = response.json<{ id?: number }>().id;
      if (entity && typeof id === 'number') records.created(entity, id);
    }
  }

  return report;
}

function describe(request: WireRequest): string {
  const query = Object.keys(request.query).length ? `?${new URLSearchParams(request.query).toString()}` : '';
  const body = request.payload === undefined ? '' : ` ${request.payload.slice(0, 160)}`;
  return `${request.method} ${request.url}${query.slice(0, 200)}${body}`;
}
