import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../../src/server/db/open';
import { openPglite } from '../../../src/server/db/pglite';
import { seededSnapshot } from '../../api/helpers/snapshot';
import { startServerProcess, type DataPlace, type ServerProcess } from './server-process';
import { verifyDatabase, verifyReplays } from './verify';
import { Api, newLedger, random, startWriters } from './workload';

/**
 * Kill rounds: the server runs concurrent writes, is killed with SIGKILL at a seeded moment —
 * while a bulk upload is in flight, or while payments are — and is started again on the same data.
 * After each kill the database is opened on its own and checked (see `verify.ts`), then the
 * restarted server is asked to replay the acknowledged payments by their keys.
 */

export interface DurabilityOptions {
  driver: 'pglite' | 'postgres';
  rounds: number;
  seed: number;
  /** PostgreSQL server (a fresh schema is made in it and dropped afterwards); needed for `postgres`. */
  postgresUrl?: string;
  /** Rows of each round's bulk upload. */
  bulkRows?: number;
  log?: (line: string) => void;
}

export interface RoundReport {
  round: number;
  during: 'bulk upload' | 'payments';
  killedAfterMs: number;
  acknowledged: { invoices: number; payments: number; refunds: number; bulkUploads: number };
  bulkInFlight: number;
  checked: number;
  problems: string[];
}

export interface DurabilityReport {
  driver: DurabilityOptions['driver'];
  rounds: RoundReport[];
  /** Acknowledged writes looked for after the kills, and payments replayed. */
  checked: number;
  problems: string[];
}

const ACCOUNT = { email: 'merchant@demo.test', password: 'Demo@1234' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A data place of its own for one run, with a way to remove it. */
async function preparePlace(options: DurabilityOptions): Promise<{ place: DataPlace; remove(): Promise<void> }> {
  if (options.driver === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'bawaba-durability-'));
    // The seeded test database, as the server would have made it on its first start.
    const db = await openPglite(join(folder, 'pglite'), await seededSnapshot());
    await db.close();
    return {
      place: { driver: 'pglite', dataDir: folder },
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const url = options.postgresUrl;
  if (!url) throw new Error('A PostgreSQL URL is needed for the postgres rounds');
  const schema = `durability_${randomBytes(5).toString('hex')}`;
  // Uploads and the mailbox stay out of the project's own data folder.
  const folder = mkdtempSync(join(tmpdir(), 'bawaba-durability-'));
  return {
    place: { driver: 'postgres', url, schema, dataDir: folder },
    async remove() {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop schema if exists "${schema}" cascade`);
      await sql.end();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const openPlace = (place: DataPlace) =>
  openDatabase(
    place.driver === 'pglite' ? { dataDir: join(place.dataDir, 'pglite') } : { url: place.url, schema: place.schema },
  );

/** Runs the kill rounds on one driver and reports what was checked and anything lost. */
export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  const log = options.log ?? (() => {});
  const bulkRows = options.bulkRows ?? 500;
  const { place, remove } = await preparePlace(options);
  const rounds: RoundReport[] = [];
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(place, log);
    for (let round = 1; round <= options.rounds; round++) {
      const next = random(options.seed * 1_000 + round);
      const during = round % 2 === 1 ? 'bulk upload' : 'payments';
      const api = await Api.signIn(server.baseUrl, ACCOUNT.email, ACCOUNT.password);
      const ledger = newLedger();
      const writers = startWriters(api, ledger, `DUR r${round}`, next, during === 'bulk upload' ? bulkRows : 0);
      const started = performance.now();
      // Should payments never get going, the kill still comes, in the middle of the other writes.
      await Promise.race([during === 'bulk upload' ? writers.bulkStarted : writers.paying, sleep(20_000)]);
      // Within the upload's time, so that some kills land in it and some just after; payments go on longer.
      await sleep(during === 'bulk upload' ? next() * 2_500 : 500 + next() * 2_000);
      const killedAfterMs = Math.round(performance.now() - started);
      writers.stop();
      await server.kill();
      server = null;
      await writers.finished;

      const db = await openPlace(place);
      const stored = await verifyDatabase(db, ledger).finally(() => db.close());
      server = await startServerProcess(place, log);
      const replayed = await verifyReplays(new Api(server.baseUrl), ledger);
      const report: RoundReport = {
        round,
        during,
        killedAfterMs,
        acknowledged: {
          invoices: ledger.invoices.length,
          payments: ledger.payments.length,
          refunds: ledger.refunds.length,
          bulkUploads: ledger.batches.filter((batch) => batch.acknowledged).length,
        },
        bulkInFlight: ledger.batches.filter((batch) => !batch.acknowledged).length,
        checked: stored.checked + replayed.checked,
        problems: [...stored.problems, ...replayed.problems],
      };
      rounds.push(report);
      const { invoices, payments, refunds, bulkUploads } = report.acknowledged;
      log(
        `round ${round} (${options.driver}, during ${during}): killed after ${killedAfterMs} ms; acknowledged ` +
          `${invoices} invoices, ${payments} payments, ${refunds} refunds, ${bulkUploads} bulk uploads ` +
          `(${report.bulkInFlight} in flight); ${report.checked} checks, ${report.problems.length} problems`,
      );
      for (const problem of report.problems) log(`  ✗ ${problem}`);
    }
  } finally {
    await server?.stop();
    await remove();
  }
  return {
    driver: options.driver,
    rounds,
    checked: rounds.reduce((sum, round) => sum + round.checked, 0),
    problems: rounds.flatMap((round) => round.problems.map((problem) => `round ${round.round}: ${problem}`)),
  };
}
