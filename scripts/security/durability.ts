import { runDurability, type DurabilityReport } from '../../tests/support/durability/rounds';

/**
 * `npm run durability`: the kill rounds in full — the server killed with SIGKILL during concurrent
 * writes and started again, 20 rounds (in turn during a bulk upload, during payments, while the
 * scheduler processes refunds, while captures are fired, and during the day's settlement run,
 * killed several times before it is let finish) on the embedded database and, with DATABASE_URL
 * (or TEST_DATABASE_URL) set, on PostgreSQL.
 * DURABILITY_ROUNDS and DURABILITY_SEED change the count and the seed. Exits 1 on any loss.
 */

const rounds = Number(process.env.DURABILITY_ROUNDS ?? 20);
const seed = Number(process.env.DURABILITY_SEED ?? 6);
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const drivers = (['pglite', 'postgres'] as const).filter((driver) => driver === 'pglite' || postgresUrl);

const log = (line: string) => console.log(line);
const reports: DurabilityReport[] = [];
for (const driver of drivers) {
  log(`\n${driver}: ${rounds} rounds, seed ${seed}`);
  const started = performance.now();
  reports.push(await runDurability({ driver, rounds, seed, postgresUrl, log }));
  log(`${driver}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
if (!postgresUrl) log('\nPostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to run its rounds too.');

log('\ndriver    rounds  acknowledged writes checked  problems');
for (const report of reports)
  log(
    `${report.driver.padEnd(10)}${String(report.rounds.length).padStart(6)}  ${String(report.checked).padStart(27)}  ${report.problems.length}`,
  );
for (const report of reports) {
  const settled = report.rounds.flatMap((round) => (round.settlement ? [round.settlement] : []));
  const kills = settled.flatMap((round) => round.kills);
  if (settled.length > 0)
    log(
      `${report.driver}: ${settled.length} settlement rounds, ${kills.length} kills during a run: ` +
        `${kills.filter((point) => point === 'cut short').length} cut a run short with part of its transfers made, ` +
        `${kills.filter((point) => point === 'before any transfer').length} came before any of its transfers, ` +
        `${kills.filter((point) => point === 'after it finished').length} after it finished`,
    );
}
const problems = reports.flatMap((report) => report.problems.map((problem) => `${report.driver} ${problem}`));
for (const problem of problems) console.error(`✗ ${problem}`);
log(
  problems.length === 0
    ? '\nNothing acknowledged was lost; no bulk upload half applied; no refund above its payment; ' +
        'no refund or capture done twice or half; the processor agrees; every settled payment is in one whole transfer.'
    : '',
);
process.exit(problems.length === 0 ? 0 : 1);
