import type { FilledData } from './data';
import type { BenchTarget } from './figures';
import { FLOOR_OF, openFloor, type FloorDriver } from './floor';
import {
  chosen,
  exportOfTransactions,
  LOAD,
  scenarios,
  workloadOf,
  type Scenario,
  type Step,
  type Workload,
} from './scenarios';

/**
 * Measures the floor of every API scenario: its steps run on the database driver by the server's
 * own code (`floor.ts`), at the same concurrency as over HTTP, so that our latencies can be read as
 * multiples of what the data alone costs, on whatever machine.
 *
 * On PostgreSQL each floor is measured just before the API's run of the same scenario, while the
 * server waits, so both see the same machine at the same moment. The embedded database belongs to
 * one process at a time: its floors are all measured before the server starts, on the same
 * folder, then it is closed and handed to the server. The floor's new invoices are then in the
 * table when the API reads invoices: a few thousand more rows among the tens of thousands filled.
 */

/**
 * The floor runs 4 s a scenario where the API runs 10, so that it adds well under a minute per
 * database: its calls are faster, so it gathers about as many samples in that time, except on
 * sign-in (scrypt either way) and the dashboard (its totals either way), where it gathers fewer.
 * `BENCH_FLOOR_SECONDS=10` gives it the API's time.
 */
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? Math.min(4, LOAD.seconds));
const WARM_UP_SECONDS = 1;

export interface FloorRun {
  latencies: number[];
  requests: number;
  seconds: number;
  failed: number;
  /** What the floor ran. */
  note: string;
}

export interface ExportFloor {
  seconds: number;
  rows: number;
  /** What the floor ran. */
  note: string;
}

export interface ApiFloor {
  /** The scenarios' inputs, the same for the floor and the API. */
  workload: Workload;
  /** The floor of the scenario of this name (of the same inputs, in the same order). */
  of(name: string): Promise<FloorRun>;
  /** The floor of the CSV export of every transaction. */
  ofExport(): Promise<ExportFloor>;
  close(): Promise<void>;
}

const describe = (kinds: Set<Step['kind']>) =>
  kinds.size === 1 ? FLOOR_OF[[...kinds][0]] : `each step's own floor, in the same mix (${[...kinds].join(', ')})`;

/** Runs a scenario's steps on the floor for `seconds`, or, given `{ amount }`, for that many calls. */
async function load(driver: FloorDriver, scenario: Scenario, length: number | { amount: number }): Promise<FloorRun> {
  const latencies: number[] = [];
  const kinds = new Set<Step['kind']>();
  let failed = 0;
  let failure: unknown;
  const started = performance.now();
  const deadline = typeof length === 'number' ? started + length * 1000 : Infinity;
  let left = typeof length === 'number' ? Infinity : length.amount;
  // One loop per connection, as autocannon keeps each of its connections busy.
  const connection = async () => {
    while (performance.now() < deadline && left-- > 0) {
      const step = scenario.next();
      kinds.add(step.kind);
      const call = driver.operation(step);
      const sent = performance.now();
      try {
        await call();
        latencies.push(performance.now() - sent);
      } catch (error) {
        failed++;
        failure = error;
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD.connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  if (failed > (latencies.length + failed) * LOAD.maxFailedShare) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new Error(`floor of ${scenario.name}: ${failed} of ${latencies.length + failed} calls failed (${reason})`);
  }
  return { latencies, requests: latencies.length, seconds, failed, note: describe(kinds) };
}

async function measure(driver: FloorDriver, scenario: Scenario): Promise<FloorRun> {
  await load(driver, scenario, WARM_UP_SECONDS);
  const run = await load(driver, scenario, FLOOR_SECONDS);
  return run.requests < LOAD.minRequests ? load(driver, scenario, { amount: LOAD.minRequests }) : run;
}

/**
 * Opens the filled database for the floor and picks the scenarios' inputs from it. On the
 * embedded database, measures every floor (of the scenarios chosen) now and closes it again.
 */
export async function prepareFloor(options: {
  data: FilledData;
  on: BenchTarget['database'];
  log: (line: string) => void;
}): Promise<ApiFloor> {
  const { data, on, log } = options;
  const started = performance.now();
  const driver = await openFloor(data.database, data.account);
  log(`floor: ${on} opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const workload = await workloadOf(data.account, driver.page);
    const plan = new Map(scenarios(workload, on).map((scenario) => [scenario.name, scenario]));
    const floorOf = async (name: string) => {
      const scenario = plan.get(name);
      if (!scenario) throw new Error(`No scenario ${name}`);
      const run = await measure(driver, scenario);
      log(`floor: ${on} ${name}: ${run.requests} calls in ${run.seconds.toFixed(1)} s`);
      return run;
    };
    const exportFloor = async (): Promise<ExportFloor> => {
      const { resource, params } = exportOfTransactions();
      const exportStarted = performance.now();
      const rows = await driver.exportRows(resource, params);
      const seconds = (performance.now() - exportStarted) / 1000;
      log(`floor: ${on} export: ${rows} rows in ${seconds.toFixed(1)} s`);
      return { seconds, rows, note: FLOOR_OF.export };
    };
    if (on === 'postgresql') return { workload, of: floorOf, ofExport: exportFloor, close: () => driver.close() };

    const runs = new Map<string, FloorRun>();
    for (const name of plan.keys()) if (chosen(name)) runs.set(name, await floorOf(name));
    const exported = chosen('CSV export') ? await exportFloor() : undefined;
    await driver.close();
    log(`floor: ${on} measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const measured = <T>(value: T | undefined, what: string) => {
      if (value === undefined) throw new Error(`The floor of ${what} was not measured`);
      return Promise.resolve(value);
    };
    return {
      workload,
      of: (name) => measured(runs.get(name), name),
      ofExport: () => measured(exported, 'the export'),
      close: async () => {},
    };
  } catch (error) {
    await driver.close();
    throw error;
  }
}
