import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../../src/server/db/open';
import { openPglite } from '../../../src/server/db/pglite';
import { seededSnapshot } from '../../api/helpers/snapshot';
import { startServerProcess, type DataPlace, type ServerProcess } from './server-process';
import {
  advanceClock,
  newMoneyLedger,
  refundOutcomes,
  setCaptureDays,
  startCaptures,
  startRefundProcessing,
  STEP_MINUTES,
  verifyCaptures,
  verifyRefunds,
  type MoneyLedger,
} from './money';
import { settlementRound, type SettlementKills } from './settlement';
import { verifyDatabase, verifyReplays, type Findings } from './verify';
import { Api, newLedger, random, startWriters, type Ledger } from './workload';

/**
 * Kill rounds: the server runs concurrent writes, is killed with SIGKILL at a seeded moment —
 * while a bulk upload is in flight, while payments are, while the scheduler processes refunds or
 * while captures are fired — and is started again on the same data. After each kill the database
 * is opened on its own and checked (see `verify.ts`, `money.ts`), then the restarted server is
 * asked to replay the acknowledged payments by their keys; after a refund round it processes what
 * is due and the refunds are checked again. A settlement round kills the server several times
 * during the day's settlement run, then lets it finish (`settlement.ts`).
 */

/** What a round's kill lands in, in the order the rounds take them. */
export const ROUND_KINDS = ['bulk upload', 'payments', 'refund processing', 'capture', 'settlement'] as const;
export type RoundKind = (typeof ROUND_KINDS)[number];

export interface DurabilityOptions {
  driver: 'pglite' | 'postgres';
  rounds: number;
  seed: number;
  /** PostgreSQL server (a fresh schema is made in it and dropped afterwards); needed for `postgres`. */
  postgresUrl?: string;
  /** Rows of each round's bulk upload. */
  bulkRows?: number;
  /** What the rounds' kills land in, taken in turn; all five unless told. */
  kinds?: readonly RoundKind[];
  /** Kills during the settlement run of a settlement round, at most, and card payments per merchant before. */
  settlementKills?: number;
  settlementPayments?: number;
  log?: (line: string) => void;
}

export interface RoundReport {
  round: number;
  during: RoundKind;
  killedAfterMs: number;
  acknowledged: { invoices: number; payments: number; refunds: number; captures: number; bulkUploads: number };
  /** Scheduler ticks the sandbox clock ran before the kill (refund processing rounds). */
  ticks: number;
  /** The acknowledged refunds by status at the kill and after the pass that followed the restart. */
  refundsAtKill: Record<string, number>;
  refundsAfterPass: Record<string, number>;
  bulkInFlight: number;
  /** Where a settlement round's kills landed in the run, and what it settled. */
  settlement?: SettlementKills;
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
const joined = (...findings: Findings[]): Findings => ({
  checked: findings.reduce((sum, found) => sum + found.checked, 0),
  problems: findings.flatMap((found) => found.problems),
});

/**
 * The writers of a round, by what its kill lands in, and what they are under way with once
 * `underWay` resolves: the kill comes a seeded while after.
 */
function startRound(
  api: Api,
  ledger: Ledger,
  money: MoneyLedger,
  kind: RoundKind,
  tag: string,
  next: () => number,
  bulkRows: number,
) {
  if (kind === 'refund processing') {
    const writers = startRefundProcessing(api, money, tag, next);
    return { ...writers, underWay: writers.processing, afterMs: 300 + next() * 2_500 };
  }
  if (kind === 'capture') {
    const writers = startCaptures(api, money, tag);
    return { ...writers, underWay: writers.capturing, afterMs: 200 + next() * 2_000 };
  }
  const writers = startWriters(api, ledger, tag, next, kind === 'bulk upload' ? bulkRows : 0);
  // Within the upload's time, so that some kills land in it and some just after; payments go on longer.
  return kind === 'bulk upload'
    ? { ...writers, underWay: writers.bulkStarted, afterMs: next() * 2_500 }
    : { ...writers, underWay: writers.paying, afterMs: 500 + next() * 2_000 };
}

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

/** The report of a settlement round, logged. */
function settlementReport(
  round: number,
  kills: SettlementKills,
  findings: Findings,
  driver: DurabilityOptions['driver'],
  log: (line: string) => void,
): RoundReport {
  const report: RoundReport = {
    round,
    during: 'settlement',
    killedAfterMs: 0,
    acknowledged: {
      invoices: kills.payments,
      payments: kills.payments,
      refunds: kills.refunds,
      captures: 0,
      bulkUploads: 0,
    },
    ticks: kills.kills.length + (kills.finishMs > 0 ? 1 : 0),
    refundsAtKill: {},
    refundsAfterPass: {},
    bulkInFlight: 0,
    settlement: kills,
    checked: findings.checked,
    problems: findings.problems,
  };
  const cut = kills.kills.filter((point) => point === 'cut short').length;
  log(
    `round ${round} (${driver}, during settlement): ${kills.payments} payments, ${kills.refunds} refunds; ` +
      `${kills.kills.length} kills during the run (${cut} cut it short, ${kills.kills.filter((p) => p === 'before any transfer').length} ` +
      `came before any of its transfers, ${kills.kills.filter((p) => p === 'after it finished').length} after it finished), ` +
      `then ${kills.finishMs > 0 ? `finished in ${kills.finishMs} ms` : 'already finished'}; ` +
      `${kills.transfers} transfers made, ${kills.paid} paid out; ${report.checked} checks, ${report.problems.length} problems`,
  );
  for (const problem of report.problems) log(`  ✗ ${problem}`);
  return report;
}

/** Runs the kill rounds on one driver and reports what was checked and anything lost. */
export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  const log = options.log ?? (() => {});
  const bulkRows = options.bulkRows ?? 500;
  const kinds = options.kinds ?? ROUND_KINDS;
  const { place, remove } = await preparePlace(options);
  const rounds: RoundReport[] = [];
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(place, log);
    for (let round = 1; round <= options.rounds; round++) {
      const next = random(options.seed * 1_000 + round);
      const during = kinds[(round - 1) % kinds.length];
      if (during === 'settlement') {
        const settled = await settlementRound({
          place,
          server,
          open: openPlace,
          round,
          tag: `DUR r${round}`,
          next,
          kills: options.settlementKills ?? 4,
          payments: options.settlementPayments ?? 30,
          log,
        });
        server = settled.server;
        rounds.push(settlementReport(round, settled.kills, settled.findings, options.driver, log));
        continue;
      }
      // The round's client sends from a loopback address of its own (see `Api`).
      const from = `127.0.${1 + (round % 250)}.2`;
      const api = await Api.signIn(server.baseUrl, ACCOUNT.email, ACCOUNT.password, from);
      const ledger = newLedger();
      const money = newMoneyLedger();
      // The merchant authorises first for this round only (its newest own service sets the terms).
      if (during === 'capture') await setCaptureDays(api, 2);
      const writers = startRound(api, ledger, money, during, `DUR r${round}`, next, bulkRows);
      const started = performance.now();
      // Should the writes never get going, the kill still comes, in the middle of the other writes.
      await Promise.race([writers.underWay, sleep(20_000)]);
      await sleep(writers.afterMs);
      const killedAfterMs = Math.round(performance.now() - started);
      writers.stop();
      await server.kill();
      server = null;
      await writers.finished;

      const db = await openPlace(place);
      let refundsAtKill: Record<string, number> = {};
      let refundsAfterPass: Record<string, number> = {};
      const stored = await (async () => {
        refundsAtKill = await refundOutcomes(db, money);
        return joined(
          await verifyDatabase(db, ledger),
          await verifyRefunds(db, money),
          await verifyCaptures(db, money),
        );
      })().finally(() => db.close());
      server = await startServerProcess(place, log);
      const replayed = await verifyReplays(new Api(server.baseUrl, '', from), ledger);
      let settled: Findings = { checked: 0, problems: [] };
      if (during === 'refund processing') {
        // The restarted server's clock is the real one again: past every refund asked before the kill.
        const admin = await Api.signIn(server.baseUrl, ACCOUNT.email, ACCOUNT.password);
        const passedAt = await advanceClock(admin, money.advancedMinutes + STEP_MINUTES);
        await server.stop();
        server = null;
        const reopened = await openPlace(place);
        settled = await (async () => {
          refundsAfterPass = await refundOutcomes(reopened, money);
          return verifyRefunds(reopened, money, passedAt ?? undefined);
        })().finally(() => reopened.close());
        if (!passedAt) settled.problems.push('the processing pass after the restart was refused');
        server = await startServerProcess(place, log);
      }
      if (during === 'capture')
        await setCaptureDays(await Api.signIn(server.baseUrl, ACCOUNT.email, ACCOUNT.password), 0);
      const report: RoundReport = {
        round,
        during,
        killedAfterMs,
        acknowledged: {
          invoices: ledger.invoices.length,
          payments: ledger.payments.length,
          refunds: ledger.refunds.length + money.refunds.length,
          captures: money.captures.length,
          bulkUploads: ledger.batches.filter((batch) => batch.acknowledged).length,
        },
        ticks: money.ticks,
        refundsAtKill,
        refundsAfterPass,
        bulkInFlight: ledger.batches.filter((batch) => !batch.acknowledged).length,
        checked: stored.checked + replayed.checked + settled.checked,
        problems: [...stored.problems, ...replayed.problems, ...settled.problems],
      };
      rounds.push(report);
      const { invoices, payments, refunds, captures, bulkUploads } = report.acknowledged;
      log(
        `round ${round} (${options.driver}, during ${during}): killed after ${killedAfterMs} ms; acknowledged ` +
          `${invoices} invoices, ${payments} payments, ${refunds} refunds, ${captures} captures, ` +
          `${bulkUploads} bulk uploads (${report.bulkInFlight} in flight), ${report.ticks} processing ticks; ` +
          `${report.checked} checks, ${report.problems.length} problems`,
      );
      if (during === 'refund processing')
        log(
          `  refunds at the kill ${JSON.stringify(refundsAtKill)}, after the pass ${JSON.stringify(refundsAfterPass)}`,
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
