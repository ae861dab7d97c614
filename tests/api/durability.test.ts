import { describe, expect, it } from 'vitest';
import { ROUND_KINDS, runDurability } from '../support/durability/rounds';
import { DRIVERS } from './helpers/server';

/**
 * The server killed with SIGKILL during concurrent writes and started again on the same data:
 * nothing acknowledged is lost, no bulk upload is half applied, no refund goes beyond its payment,
 * no refund or capture is done twice or half, and the processor's books agree. One round of each
 * kind per database here (during a bulk upload, payments, refund processing, captures), and a
 * short settlement round: up to three kills during the day's settlement run, then the run let finish, each
 * payment in exactly one whole transfer; `npm run durability` runs twenty rounds.
 */

const WRITE_KINDS = ROUND_KINDS.filter((kind) => kind !== 'settlement');
const ROUNDS = WRITE_KINDS.length;

describe.each(DRIVERS)('durability after SIGKILL (%s)', (driver) => {
  it(`keeps every acknowledged write through ${ROUNDS} kills`, async () => {
    const report = await runDurability({
      driver,
      rounds: ROUNDS,
      seed: 6,
      kinds: WRITE_KINDS,
      postgresUrl: process.env.TEST_DATABASE_URL,
      log: (line) => console.log(line),
    });
    expect(report.problems).toEqual([]);
    expect(report.rounds.map((round) => round.during)).toEqual(WRITE_KINDS);
    // The rounds did write: invoices and payments were acknowledged before the kills.
    const acknowledged = report.rounds.map((round) => round.acknowledged);
    expect(acknowledged.reduce((sum, round) => sum + round.invoices, 0)).toBeGreaterThan(0);
    expect(acknowledged[1].payments).toBeGreaterThan(0);
    // The refund round's clock ran processing ticks on acknowledged refunds; the capture round captured.
    expect(acknowledged[2].refunds).toBeGreaterThan(0);
    expect(report.rounds[2].ticks).toBeGreaterThan(0);
    expect(acknowledged[3].captures).toBeGreaterThan(0);
    expect(report.checked).toBeGreaterThan(0);
  }, 600_000);

  it('settles each payment once, in a whole transfer, through kills during the settlement run', async () => {
    const report = await runDurability({
      driver,
      rounds: 1,
      seed: 6,
      kinds: ['settlement'],
      settlementKills: 3,
      settlementPayments: 12,
      postgresUrl: process.env.TEST_DATABASE_URL,
      log: (line) => console.log(line),
    });
    expect(report.problems).toEqual([]);
    const settled = report.rounds[0].settlement;
    expect(settled?.payments).toBeGreaterThan(0);
    expect(settled?.kills.length).toBeGreaterThan(0);
    // The run made transfers of the round's payments (one per merchant) once it finished.
    expect(settled?.transfers).toBeGreaterThan(0);
    expect(report.checked).toBeGreaterThan(0);
  }, 300_000);
});
