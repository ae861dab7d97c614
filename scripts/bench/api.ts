import autocannon from 'autocannon';
import { readFileSync, writeFileSync } from 'node:fs';
import { entitySchemas } from '../../src/schema/registry';
import type { ApiFloor, FloorRun } from './api-floor';
import { percentile, type BenchTarget, type Figure } from './figures';
import {
  budgetOf,
  chosen,
  exportOfTransactions,
  LOAD,
  reportPage,
  scenarios,
  statementScenario,
  collectionsScenario,
  globalSearchScenario,
  type ListParams,
  type Scenario,
  type Step,
} from './scenarios';

/**
 * The API under load, over loopback, against the bench's server process: latency percentiles and
 * throughput of sign-in, the dashboard, the transactions report, invoice search, one invoice,
 * invoice creation and a mixed load, the merchant statement page where the server has it, the global search, then the CSV export of every transaction with the server's
 * peak memory. Every scenario warms up first; any answer other than 2xx is counted, and a run with
 * more than a few is refused as no measurement at all. Each p50 and p95 stands beside the same
 * figure of its floor (`api-floor.ts`) and their ratio, which the budgets judge.
 */

type Method = 'GET' | 'POST';
export interface Call {
  method: Method;
  path: string;
  body?: string;
}

const query = (params: ListParams) =>
  Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

/** The `/v1` path of an entity's collection, from its schema. */
const collection = (resource: string) =>
  `/v1/${entitySchemas[resource]['x-resource'].endpoint.replace(/^\/+|\/+$/g, '')}`;

/** The HTTP call that asks for a step, as the portal sends it. */
export function callOf(step: Step, account: BenchTarget['account']): Call {
  switch (step.kind) {
    case 'sign-in':
      return { method: 'POST', path: '/v1/login', body: JSON.stringify(account) };
    case 'dashboard':
      return { method: 'GET', path: '/v1/dashboard' };
    case 'list':
      return { method: 'GET', path: `${collection(step.resource)}?${query(step.params)}` };
    case 'show':
      return { method: 'GET', path: `${collection(step.resource)}/${step.id}` };
    case 'create':
      return { method: 'POST', path: collection(step.resource), body: JSON.stringify(step.values) };
    case 'get':
      return { method: 'GET', path: step.path };
  }
}

/** Signs in as the target's merchant, as the portal does; returns the access token. */
export async function signIn(target: Pick<BenchTarget, 'baseUrl' | 'account'>): Promise<string> {
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
    connections: LOAD.connections,
    ...(typeof length === 'number' ? { duration: length } : { amount: length.amount }),
    // A slow answer is measured, not dropped.
    timeout: 120,
    requests: [
      {
        setupRequest: (request) => {
          const call = callOf(scenario.next(), target.account);
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

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A figure beside the same figure of its floor (`value` and `floor` unrounded), judged by their
 * ratio when the scenario has a budget; `floorNote` says what the floor ran.
 */
function againstFloor(figure: Figure, value: number, floor: number, floorNote: string, budget?: number): Figure {
  return {
    ...figure,
    floor: round(floor, 2),
    ratio: round(value / floor, 2),
    ...(budget === undefined ? {} : { budget: { kind: 'max', limit: budget, of: 'ratio' } }),
    note: [figure.note, `floor: ${floorNote}`].filter(Boolean).join('; '),
  };
}

/** A scenario warmed up, then loaded for the API's time; refused when too many calls failed. */
async function loaded(target: BenchTarget, scenario: Scenario): Promise<Run> {
  await load(target, scenario, LOAD.warmUpSeconds);
  let run = await load(target, scenario, LOAD.seconds);
  // Too slow to answer a few times in the time given: measured over a fixed number of requests instead.
  if (run.requests < LOAD.minRequests) run = await load(target, scenario, { amount: LOAD.minRequests });
  const codes = [...run.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
  target.log(`api: ${target.database} ${scenario.name}: ${run.requests} requests, ${codes}`);
  if (run.requests === 0 || run.failed > run.requests * LOAD.maxFailedShare) {
    throw new Error(`${scenario.name}: ${run.failed} of ${run.requests} requests failed (${codes})`);
  }
  return run;
}

/** The p95 of a scenario with a budget in milliseconds, judged against it. */
function p95InMs(target: BenchTarget, scenario: Scenario, run: Run, note: string): Figure[] {
  if (scenario.maxP95Ms === undefined) return [];
  return [
    {
      section: 'api',
      name: `${scenario.name} p95 in ms`,
      on: target.database,
      value: round(percentile(run.latencies, 95)),
      unit: 'ms',
      budget: { kind: 'max', limit: scenario.maxP95Ms },
      note,
    },
  ];
}

/** The note of a loaded run: its load and what it did, then the scenario's own. */
function runNote(scenario: Scenario, run: Awaited<ReturnType<typeof loaded>>): string {
  return [
    `${LOAD.connections} connections, ${run.seconds.toFixed(0)} s, ${run.requests} requests, ${run.failed} not 2xx`,
    scenario.note,
  ]
    .filter(Boolean)
    .join('; ');
}

/** A figure of a scenario's run on the target's database, named `<scenario> <name>`. */
const scenarioFigure =
  (target: BenchTarget, scenario: Scenario, note: string) =>
  (name: string, value: number, unit: Figure['unit']): Figure => ({
    section: 'api',
    name: `${scenario.name} ${name}`,
    on: target.database,
    value: round(value),
    unit,
    note,
  });

async function measure(target: BenchTarget, scenario: Scenario, floor: FloorRun): Promise<Figure[]> {
  const run = await loaded(target, scenario);
  const note = runNote(scenario, run);
  const figure = scenarioFigure(target, scenario, note);
  const [p50, p95] = [50, 95].map((p) => [percentile(run.latencies, p), percentile(floor.latencies, p)]);
  const floorNote = `${floor.note}, ${floor.requests} calls in ${floor.seconds.toFixed(0)} s`;
  return [
    againstFloor(figure('p50', p50[0], 'ms'), p50[0], p50[1], floorNote, scenario.budget),
    againstFloor(figure('p95', p95[0], 'ms'), p95[0], p95[1], floorNote, scenario.budget),
    ...p95InMs(target, scenario, run, note),
    figure('p99', percentile(run.latencies, 99), 'ms'),
    figure('throughput', run.requests / run.seconds, 'req/s'),
  ];
}

/**
 * A scenario measured over HTTP alone, without a floor (the merchant statement page and the
 * global search of `scenarios.ts`): its p95 against its budget in milliseconds.
 */
async function httpOnlyFigures(target: BenchTarget, scenario: Scenario): Promise<Figure[]> {
  const run = await loaded(target, scenario);
  const note = runNote(scenario, run);
  const figure = scenarioFigure(target, scenario, note);
  return [
    figure('p50', percentile(run.latencies, 50), 'ms'),
    scenario.maxP95Ms === undefined
      ? figure('p95', percentile(run.latencies, 95), 'ms')
      : p95InMs(target, scenario, run, note)[0],
    figure('p99', percentile(run.latencies, 99), 'ms'),
    figure('throughput', run.requests / run.seconds, 'req/s'),
  ];
}

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
async function exportFigures(target: BenchTarget, apiFloor: ApiFloor): Promise<Figure[]> {
  const name = 'CSV export of every transaction';
  const floor = await apiFloor.ofExport();
  const token = await signIn(target);
  const on = target.database;
  const { resource, params } = exportOfTransactions();
  const path = `${collection(resource)}/export?${query(params)}`;
  const before = memoryOf(target.pid);
  writeFileSync(`/proc/${target.pid}/clear_refs`, '5');
  const started = performance.now();
  const response = await fetch(`${target.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 404) {
    target.log(`api: ${on} export: the endpoint answers 404, skipped`);
    return [{ section: 'api', name, on, value: NaN, unit: 's', note: 'skipped: 404' }];
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
    againstFloor(
      { section: 'api', name, on, value: round(seconds), unit: 's', note },
      seconds,
      floor.seconds,
      `${floor.note}, ${floor.rows} rows`,
      budgetOf(name, on),
    ),
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

/** The API scenarios and the export, each after (or with) its floor, on the floor's inputs. */
export async function run(target: BenchTarget, floor?: ApiFloor): Promise<Figure[]> {
  if (!floor) throw new Error('The API is measured against its floor, which was not prepared');
  const token = await signIn(target);
  const { total } = await getJson(target, token, callOf(reportPage(0, 'success'), target.account).path);
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
  for (const scenario of scenarios(floor.workload, target.database).filter((one) => chosen(one.name))) {
    figures.push(...(await measure(target, scenario, await floor.of(scenario.name))));
  }
  if (chosen('merchant statement'))
    figures.push(...(await httpOnlyFigures(target, statementScenario(target.database))));
  if (chosen('global search'))
    figures.push(...(await httpOnlyFigures(target, globalSearchScenario(floor.workload, target.database))));
  if (chosen('collections view'))
    figures.push(...(await httpOnlyFigures(target, collectionsScenario(target.database))));
  if (chosen('CSV export')) figures.push(...(await exportFigures(target, floor)));
  return figures;
}
