import autocannon from 'autocannon';
import { readFileSync, writeFileSync } from 'node:fs';
import { percentile, type BenchTarget, type Figure } from './figures';

/**
 * The API under load, over loopback, against the bench's server process: latency percentiles and
 * throughput of sign-in, the dashboard, the transactions report, invoice search, one invoice,
 * invoice creation and a mixed load, then the CSV export of every transaction with the server's
 * peak memory. Every scenario warms up first; any answer other than 2xx is counted, and a run with
 * more than a few is refused as no measurement at all.
 */

const CONNECTIONS = 10;
/** `BENCH_API_ONLY=report,mixed`: only the scenarios whose names contain one of these words. */
const ONLY = (process.env.BENCH_API_ONLY ?? '').split(',').filter(Boolean);
const chosen = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.includes(word));
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const MIN_REQUESTS = 30;
/** Share of non-2xx answers above which a scenario is no measurement. */
const MAX_FAILED_SHARE = 0.01;

type Method = 'GET' | 'POST';
interface Call {
  method: Method;
  path: string;
  body?: string;
}

interface Scenario {
  name: string;
  /** The next call to make; called once per request. */
  next: () => Call;
  /** Signed in (bearer token), or anonymous. */
  signedIn: boolean;
  budget?: { p95?: number; p99?: number; rps?: number };
  note?: string;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');

/** Cycles through `items`, one per call. */
function rotate<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

async function signIn(target: BenchTarget): Promise<string> {
  const response = await fetch(`${target.baseUrl}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(target.account),
  });
  if (!response.ok) throw new Error(`Sign-in as ${target.account.email} failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson(target: BenchTarget, token: string, path: string) {
  const response = await fetch(`${target.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as unknown, total: Number(response.headers.get('x-total-count') ?? NaN) };
}

interface Run {
  latencies: number[];
  requests: number;
  seconds: number;
  failed: number;
  statuses: Map<number, number>;
}

/** Runs a scenario for `seconds`, or, given `{ amount }`, until that many answers came. */
async function load(target: BenchTarget, scenario: Scenario, length: number | { amount: number }): Promise<Run> {
  const token = scenario.signedIn ? await signIn(target) : undefined;
  const headers = { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const withBody = { ...headers, 'content-type': 'application/json' };
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: target.baseUrl,
    connections: CONNECTIONS,
    ...(typeof length === 'number' ? { duration: length } : { amount: length.amount }),
    // A slow answer is measured, not dropped.
    timeout: 120,
    requests: [
      {
        setupRequest: (request) => {
          const call = scenario.next();
          return call.body === undefined
            ? { ...request, method: call.method, path: call.path, headers, body: undefined }
            : { ...request, method: call.method, path: call.path, headers: withBody, body: call.body };
        },
      },
    ],
  });
  // The typings leave out the first argument autocannon passes (the client).
  (instance as unknown as NodeJS.EventEmitter).on(
    'response',
    (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    },
  );
  const started = performance.now();
  const result = await instance;
  const failed = [...statuses].filter(([status]) => status < 200 || status > 299).reduce((n, [, c]) => n + c, 0);
  const seconds = (performance.now() - started) / 1000;
  return { latencies, requests: latencies.length, seconds, failed: failed + result.errors, statuses };
}

async function measure(target: BenchTarget, scenario: Scenario): Promise<Figure[]> {
  await load(target, scenario, WARM_UP_SECONDS);
  let run = await load(target, scenario, SECONDS);
  // Too slow to answer a few times in the time given: measured over a fixed number of requests instead.
  if (run.requests < MIN_REQUESTS) run = await load(target, scenario, { amount: MIN_REQUESTS });
  const codes = [...run.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
  target.log(`api: ${target.database} ${scenario.name}: ${run.requests} requests, ${codes}`);
  if (run.requests === 0 || run.failed > run.requests * MAX_FAILED_SHARE) {
    throw new Error(`${scenario.name}: ${run.failed} of ${run.requests} requests failed (${codes})`);
  }
  const on = target.database;
  const note = [
    `${CONNECTIONS} connections, ${run.seconds.toFixed(0)} s, ${run.requests} requests, ${run.failed} not 2xx`,
    scenario.note,
  ]
    .filter(Boolean)
    .join('; ');
  const { budget } = scenario;
  const figure = (name: string, value: number, unit: Figure['unit'], limit?: number, kind: 'max' | 'min' = 'max') => ({
    section: 'api',
    name: `${scenario.name} ${name}`,
    on,
    value: Math.round(value * 10) / 10,
    unit,
    note,
    ...(limit === undefined ? {} : { budget: { kind, limit } }),
  });
  return [
    figure('p50', percentile(run.latencies, 50), 'ms'),
    figure('p95', percentile(run.latencies, 95), 'ms', budget?.p95),
    figure('p99', percentile(run.latencies, 99), 'ms', budget?.p99),
    figure('throughput', run.requests / run.seconds, 'req/s', budget?.rps, 'min'),
  ];
}

/** Ids of the merchant's invoices, from both ends of the list, to read one at a time. */
async function invoiceIds(target: BenchTarget, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (const order of ['ASC', 'DESC']) {
    const { body } = await getJson(target, token, `/v1/invoice?${query({ range: [0, 499], sort: ['id', order] })}`);
    ids.push(...(body as { id: number }[]).map((invoice) => invoice.id));
  }
  return ids;
}

/** Search terms a merchant types: a surname, a first name, a mobile's digits, a reference's number. */
async function searchTerms(target: BenchTarget, token: string): Promise<string[]> {
  const { body } = await getJson(target, token, `/v1/invoice?${query({ range: [0, 3], sort: ['id', 'ASC'] })}`);
  const invoices = body as { mobile?: string; reference_no: string }[];
  const terms = [
    'Mutairi',
    ...invoices.flatMap((invoice) => [invoice.mobile?.slice(-6), invoice.reference_no.slice(-6)]),
    'Khaled',
    'الرشيدي',
  ];
  return [...new Set(terms.filter((term): term is string => Boolean(term)))];
}

/**
 * A report page of one status over 30 days ending `minutesAgo` minutes ago: every call asks for
 * another window, so no total is ever reused and each page is counted afresh.
 */
const reportPath = (minutesAgo: number, status: string) => {
  const end = Date.now() - minutesAgo * 60_000;
  return `/v1/report/transactions?${query({
    filter: {
      status,
      created_at_gte: new Date(end - 30 * 86_400_000).toISOString(),
      created_at_lte: new Date(end).toISOString(),
    },
    range: [0, 24],
    sort: ['created_at', 'DESC'],
  })}`;
};

/** A quick invoice, as the portal's form sends it. */
const newInvoice = (): Call => ({
  method: 'POST',
  path: '/v1/invoice',
  body: JSON.stringify({ customer_name: 'Bench Customer', mobile: '96550001234', amount: '12.500', title: 'Bench' }),
});

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * The CSV export of every transaction of the merchant: time to the last byte, rows, and the
 * server's peak resident memory while it streamed (its peak reset just before).
 */
async function exportFigures(target: BenchTarget): Promise<Figure[]> {
  const token = await signIn(target);
  const on = target.database;
  const path = `/v1/report/transactions/export?${query({
    filter: { created_at_gte: day(800), created_at_lte: day(0) },
    sort: ['created_at', 'DESC'],
  })}`;
  const before = memoryOf(target.pid);
  writeFileSync(`/proc/${target.pid}/clear_refs`, '5');
  const started = performance.now();
  const response = await fetch(`${target.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 404) {
    target.log(`api: ${on} export: the endpoint answers 404, skipped`);
    return [
      { section: 'api', name: 'CSV export of every transaction', on, value: NaN, unit: 's', note: 'skipped: 404' },
    ];
  }
  if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
  let lines = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(target.pid);
  const note = `${lines - 1} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB of CSV`;
  target.log(`api: ${on} export: ${note} in ${seconds.toFixed(1)} s, peak ${after.hwm.toFixed(0)} MB`);
  const figures: Figure[] = [
    {
      section: 'api',
      name: 'CSV export of every transaction',
      on,
      value: Math.round(seconds * 10) / 10,
      unit: 's',
      budget: { kind: 'max', limit: 20 },
      note,
    },
    {
      section: 'api',
      name: 'CSV export peak server memory',
      on,
      value: Math.round(after.hwm),
      unit: 'MB',
      budget: { kind: 'max', limit: 200 },
      note: `peak resident memory of the server process; ${before.rss.toFixed(0)} MB resident before`,
    },
  ];
  if (on === 'pglite') {
    figures.push({
      section: 'api',
      name: 'CSV export memory growth',
      on,
      value: Math.round(after.hwm - before.rss),
      unit: 'MB',
      note: 'peak over the resident memory before the export: the embedded database lives in the server process, so its resident size is counted in the peak too',
    });
  }
  return figures;
}

export async function run(target: BenchTarget): Promise<Figure[]> {
  const token = await signIn(target);
  const ids = await invoiceIds(target, token);
  const terms = await searchTerms(target, token);
  const { total } = await getJson(target, token, reportPath(0, 'success'));
  const status = rotate(['success', 'success', 'failed', 'refunded']);
  let reports = 0;
  const pglite = target.database === 'pglite';

  const read = (): Call => ({ method: 'GET', path: reportPath(reports++ % 300_000, status()) });
  const invoice = rotate(ids);
  const oneInvoice = (): Call => ({ method: 'GET', path: `/v1/invoice/${invoice()}` });
  const invoicePage = (): Call => ({ method: 'GET', path: `/v1/invoice?${query({ range: [0, 24] })}` });
  /** Eight reads (report pages, invoices, invoice lists) to two writes (new invoices). */
  const mix = rotate<() => Call>([read, oneInvoice, invoicePage, newInvoice, read, oneInvoice, read, oneInvoice, invoicePage, newInvoice]);

  const scenarios: Scenario[] = [
    {
      name: 'login',
      signedIn: false,
      next: () => ({ method: 'POST', path: '/v1/login', body: JSON.stringify(target.account) }),
      note: 'scrypt password check per request',
    },
    { name: 'dashboard totals', signedIn: true, next: () => ({ method: 'GET', path: '/v1/dashboard' }) },
    {
      name: 'transactions report page',
      signedIn: true,
      next: read,
      budget: { p95: pglite ? 150 : 50 },
      note: '30 days, one status, newest first, 25 rows with the total; every window another, so every total is counted',
    },
    {
      name: 'invoice search',
      signedIn: true,
      next: rotate(terms.map((q): Call => ({ method: 'GET', path: `/v1/invoice?${query({ filter: { q }, range: [0, 24] })}` }))),
      note: `q over the search columns: ${terms.join(', ')}`,
    },
    { name: 'one invoice', signedIn: true, next: oneInvoice, note: `${ids.length} different invoices` },
    { name: 'invoice create', signedIn: true, next: newInvoice, note: 'quick invoice with its SMS' },
    {
      name: 'mixed load',
      signedIn: true,
      next: () => mix()(),
      budget: pglite ? undefined : { p99: 100, rps: 500 },
      note: '80% reads (report pages, invoices, invoice lists), 20% invoice creates',
    },
  ];

  const figures: Figure[] = [
    {
      section: 'api',
      name: 'transactions report total',
      on: target.database,
      value: total,
      unit: 'rows',
      note: 'successful transactions of the last 30 days (X-Total-Count)',
    },
  ];
  for (const scenario of scenarios.filter((one) => chosen(one.name))) {
    figures.push(...(await measure(target, scenario)));
  }
  if (chosen('CSV export')) figures.push(...(await exportFigures(target)));
  return figures;
}
