import type { BenchTarget } from './figures';

/**
 * The API scenarios of the bench, told as steps: what each call asks for (sign in, the dashboard, a
 * list page, one record, a new record), not how it travels. The API section sends every step over
 * HTTP (`api.ts`); the floor runs the same step through the server's own storage code on the
 * database driver (`floor.ts`). Both get the same inputs in the same order, so the one measures
 * what the other costs on top.
 */

type Database = BenchTarget['database'];
type Row = Record<string, unknown>;

/** How every scenario is loaded, over HTTP and on the floor alike. */
export const LOAD = {
  /** Calls in flight at once. */
  connections: 10,
  seconds: Number(process.env.BENCH_API_SECONDS ?? 10),
  warmUpSeconds: 2,
  /** Fewer answers than this in the time given: measured over this many calls instead. */
  minRequests: 30,
  /** Share of failed calls above which a scenario is no measurement. */
  maxFailedShare: 0.01,
};

/** `BENCH_API_ONLY=report,mixed`: only the scenarios whose names contain one of these words. */
const ONLY = (process.env.BENCH_API_ONLY ?? '').split(',').filter(Boolean);
export const chosen = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.includes(word));

/** A list call as ra-data-simple-rest sends it; left-out parts take the list's defaults. */
export interface ListParams {
  filter?: Row;
  range?: [number, number];
  sort?: [string, 'ASC' | 'DESC'];
}

export type Step =
  | { kind: 'sign-in' }
  | { kind: 'dashboard' }
  | { kind: 'list'; resource: string; params: ListParams }
  | { kind: 'show'; resource: string; id: number }
  | { kind: 'create'; resource: string; values: Row }
  /** A GET of a route of its own, not an entity's list (a report the server computes). */
  | { kind: 'get'; path: string };

export interface Scenario {
  name: string;
  /** The next step to run; called once per request. */
  next: () => Step;
  /** Signed in (bearer token), or anonymous. */
  signedIn: boolean;
  /** Most our p50 and p95 may be, as a multiple of the floor's (the same SQL alone). */
  budget?: number;
  /** Most our p95 may be in milliseconds, where the product promises a time whatever the floor. */
  maxP95Ms?: number;
  note?: string;
}

/** What the scenarios read and write, taken from the filled database before anything is measured. */
export interface Workload {
  account: { email: string; password: string };
  /** Ids of the merchant's invoices, from both ends of the list, to read one at a time. */
  invoiceIds: number[];
  /** Search terms a merchant types: a surname, a first name, a mobile's digits, a reference's number. */
  searchTerms: string[];
}

/** Reads a page of a list, as the merchant (the bench's set-up, not measured). */
export type PageReader = (resource: string, params: ListParams) => Promise<Row[]>;

/** The scenarios' inputs, read from the merchant's invoices through `page`. */
export async function workloadOf(account: Workload['account'], page: PageReader): Promise<Workload> {
  const invoiceIds: number[] = [];
  for (const order of ['ASC', 'DESC'] as const) {
    const rows = await page('invoice', { range: [0, 499], sort: ['id', order] });
    invoiceIds.push(...rows.map((row) => Number(row.id)));
  }
  const first = (await page('invoice', { range: [0, 3], sort: ['id', 'ASC'] })) as {
    mobile?: string;
    reference_no: string;
  }[];
  const terms = [
    'Mutairi',
    ...first.flatMap((invoice) => [invoice.mobile?.slice(-6), invoice.reference_no.slice(-6)]),
    'Khaled',
    'الرشيدي',
  ];
  return { account, invoiceIds, searchTerms: [...new Set(terms.filter((term): term is string => Boolean(term)))] };
}

/** Cycles through `items`, one per call. */
export function rotate<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * A report page of one status over 30 days ending `minutesAgo` minutes ago: every call asks for
 * another window, so no total is ever reused and each page is counted afresh.
 */
export function reportPage(minutesAgo: number, status: string): Step {
  const end = Date.now() - minutesAgo * 60_000;
  return {
    kind: 'list',
    resource: 'transaction',
    params: {
      filter: {
        status,
        created_at_gte: new Date(end - 30 * 86_400_000).toISOString(),
        created_at_lte: new Date(end).toISOString(),
      },
      range: [0, 24],
      sort: ['created_at', 'DESC'],
    },
  };
}

/** The CSV export of every transaction of the last 800 days, newest first. */
export const exportOfTransactions = (): { resource: string; params: ListParams } => ({
  resource: 'transaction',
  params: { filter: { created_at_gte: day(800), created_at_lte: day(0) }, sort: ['created_at', 'DESC'] },
});

/**
 * Budgets: the most a scenario's p50 and p95 may be, as multiples of its floor's (README,
 * "Performance", has the measurements they were set from).
 * - A list page may cost half as much again as its SQL, one record twice its one statement: what
 *   a request adds (authenticating the token, reading the query, JSON, HTTP) should weigh a few
 *   small statements, which count for more beside one indexed read.
 * - Sign-in is one scrypt derivation by design, in the floor too: the rest (lockout, two-factor,
 *   the activity log, HTTP) may add half of one. The dashboard's totals outweigh any request.
 * - A new invoice is a write transaction in the floor; the request adds its reads, the body's
 *   validation and, after the answer, the delivery of its SMS: twice. The mixed load is list pages,
 *   single records and creates: twice. The export adds the CSV text to every row: half again.
 * - The embedded database runs every statement on the server's one thread and one connection, so
 *   a request's own statements queue with everyone's and hold up the HTTP work too: wider budgets,
 *   2× a list page, 3× one record, 2.5× a write, the mix and the export (its CSV text and its
 *   reads take turns on that thread).
 */
const BUDGETS: Record<string, Record<Database, number>> = {
  login: { postgresql: 1.5, pglite: 1.5 },
  'dashboard totals': { postgresql: 1.3, pglite: 1.3 },
  'transactions report page': { postgresql: 1.5, pglite: 2 },
  'invoice search': { postgresql: 1.5, pglite: 2 },
  'one invoice': { postgresql: 2, pglite: 3 },
  'invoice create': { postgresql: 2, pglite: 2.5 },
  'mixed load': { postgresql: 2, pglite: 2.5 },
  'CSV export of every transaction': { postgresql: 1.5, pglite: 2.5 },
};

/** The ratio budget of a scenario on a database, if it has one. */
export const budgetOf = (name: string, database: Database): number | undefined => BUDGETS[name]?.[database];

/**
 * Budgets in milliseconds of a scenario's p95, beside its ratio: the dashboard's totals over
 * 1,000,000 transactions, read from the ledger's daily sums (before the ledger they were counted
 * from the transactions, about 420 ms on PostgreSQL and 1,750 ms on PGlite), and the merchant
 * statement page, and the app bar's search over every kind. A database left out has no such budget.
 */
const P95_BUDGETS_MS: Record<string, Partial<Record<Database, number>>> = {
  'dashboard totals': { postgresql: 100, pglite: 200 },
  'merchant statement page': { postgresql: 100 },
  'global search': { postgresql: 150 },
  'collections view': { postgresql: 100 },
};

/** The p95 budget in milliseconds of a scenario on a database, if it has one. */
export const p95BudgetOf = (name: string, database: Database): number | undefined => P95_BUDGETS_MS[name]?.[database];

/**
 * MERCHANT STATEMENT PAGE — `GET /v1/report/merchant-statement?from&to`, a month's statement of
 * the merchant's money from the ledger. Measured over HTTP only, against its p95 budget in
 * milliseconds (it has no floor here).
 */
const STATEMENT_PATH = '/report/merchant-statement';

/** The lines of one page of the statement screen, as the portal asks for them. */
const STATEMENT_PAGE_RANGE = encodeURIComponent('[0,24]');

/** The statement page over 30 days ending `daysAgo` days ago: every call another window. */
export function statementPage(daysAgo: number): Step {
  return {
    kind: 'get',
    path: `/v1${STATEMENT_PATH}?from=${day(daysAgo + 29)}&to=${day(daysAgo)}&range=${STATEMENT_PAGE_RANGE}`,
  };
}

/** The merchant statement page scenario: windows of 30 days over the last year, one after the other. */
export function statementScenario(database: Database): Scenario {
  let calls = 0;
  return {
    name: 'merchant statement page',
    signedIn: true,
    next: () => statementPage(calls++ % 365),
    maxP95Ms: p95BudgetOf('merchant statement page', database),
    note: 'from and to 30 days apart, every window another over the last year; its first 25 lines, as the screen asks',
  };
}

/**
 * GLOBAL SEARCH — `GET /v1/search?q=`, the app bar's search over every kind the merchant may see
 * (invoices, transactions, refunds, customers, sale orders, tenants), as a merchant types into it:
 * the list search's terms and an amount. Measured over HTTP only, against its p95 budget in
 * milliseconds (its floor would be six list searches).
 */
export function globalSearchScenario(workload: Workload, database: Database): Scenario {
  const terms = [...workload.searchTerms, '12.500'];
  const term = rotate(terms);
  return {
    name: 'global search',
    signedIn: true,
    next: () => ({ kind: 'get', path: `/v1/search?q=${encodeURIComponent(term())}` }),
    maxP95Ms: p95BudgetOf('global search', database),
    note: `every kind at once, five records a kind: ${terms.join(', ')}`,
  };
}

/**
 * COLLECTIONS VIEW — `GET /v1/invoice/collections`, everything owed to the merchant (unpaid
 * invoices and their parts, open invoices, failed subscription charges, rent invoices, deposits),
 * longest overdue first, as the screen asks for it: its first page, each bucket's page in turn, and
 * the totals per bucket. Measured over HTTP only, against its p95 budget in milliseconds.
 */
export function collectionsScenario(database: Database): Scenario {
  const range = encodeURIComponent('[0,24]');
  const filters = [
    '{}',
    '{}',
    ...['days_1_30', 'days_31_60', 'days_over_90'].map((bucket) => `{"bucket":"${bucket}"}`),
  ];
  const step = rotate(
    filters.flatMap((filter) => [
      `/v1/invoice/collections?filter=${encodeURIComponent(filter)}&range=${range}`,
      `/v1/invoice/collections/totals?filter=${encodeURIComponent(filter)}`,
    ]),
  );
  return {
    name: 'collections view',
    signedIn: true,
    next: () => ({ kind: 'get', path: step() }),
    maxP95Ms: p95BudgetOf('collections view', database),
    note: 'a page of 25 and the bucket totals, of everything and of three ages in turn',
  };
}

/** The API scenarios, in the order they run, each with its inputs from `workload`. */
export function scenarios(workload: Workload, database: Database): Scenario[] {
  const status = rotate(['success', 'success', 'failed', 'refunded']);
  let reports = 0;
  const read = () => reportPage(reports++ % 300_000, status());
  const invoice = rotate(workload.invoiceIds);
  const oneInvoice = (): Step => ({ kind: 'show', resource: 'invoice', id: invoice() });
  const invoicePage = (): Step => ({ kind: 'list', resource: 'invoice', params: { range: [0, 24] } });
  /** A quick invoice, as the portal's form sends it. */
  const newInvoice = (): Step => ({
    kind: 'create',
    resource: 'invoice',
    values: { customer_name: 'Bench Customer', mobile: '96550001234', amount: '12.500', title: 'Bench' },
  });
  const search = rotate(
    workload.searchTerms.map((q): Step => ({
      kind: 'list',
      resource: 'invoice',
      params: { filter: { q }, range: [0, 24] },
    })),
  );
  /** Eight reads (report pages, invoices, invoice lists) to two writes (new invoices). */
  const mix = rotate<() => Step>([
    read,
    oneInvoice,
    invoicePage,
    newInvoice,
    read,
    oneInvoice,
    read,
    oneInvoice,
    invoicePage,
    newInvoice,
  ]);

  const list: Omit<Scenario, 'budget'>[] = [
    { name: 'login', signedIn: false, next: () => ({ kind: 'sign-in' }), note: 'scrypt password check per request' },
    { name: 'dashboard totals', signedIn: true, next: () => ({ kind: 'dashboard' }) },
    {
      name: 'transactions report page',
      signedIn: true,
      next: read,
      note: '30 days, one status, newest first, 25 rows with the total; every window another, so every total is counted',
    },
    {
      name: 'invoice search',
      signedIn: true,
      next: search,
      note: `q over the search columns: ${workload.searchTerms.join(', ')}`,
    },
    { name: 'one invoice', signedIn: true, next: oneInvoice, note: `${workload.invoiceIds.length} different invoices` },
    { name: 'invoice create', signedIn: true, next: newInvoice, note: 'quick invoice with its SMS' },
    {
      name: 'mixed load',
      signedIn: true,
      next: () => mix()(),
      note: '80% reads (report pages, invoices, invoice lists), 20% invoice creates',
    },
  ];
  return list.map((scenario) => ({
    ...scenario,
    budget: budgetOf(scenario.name, database),
    maxP95Ms: p95BudgetOf(scenario.name, database),
  }));
}
