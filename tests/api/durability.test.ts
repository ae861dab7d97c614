import { describe, expect, it } from 'vitest';
import { runDurability } from '../support/durability/rounds';
import { DRIVERS } from './helpers/server';

/**
 * The server killed with SIGKILL during concurrent writes and started again on the same data:
 * nothing acknowledged is lost, no bulk upload is half applied, no refund goes beyond its payment.
 * Two rounds per database here (one during a bulk upload, one during payments); `npm run
 * durability` runs twenty.
 */

const ROUNDS = 2;

describe.each(DRIVERS)('durability after SIGKILL (%s)', (driver) => {
  it(`keeps every acknowledged write through ${ROUNDS} kills`, async () => {
    const report = await runDurability({
      driver,
      rounds: ROUNDS,
      seed: 6,
      postgresUrl: process.env.TEST_DATABASE_URL,
      log: (line) => console.log(line),
    });
    expect(report.problems).toEqual([]);
    expect(report.rounds.map((round) => round.during)).toEqual(['bulk upload', 'payments']);
    // The rounds did write: invoices and payments were acknowledged before the kills.
    const acknowledged = report.rounds.map((round) => round.acknowledged);
    expect(acknowledged.reduce((sum, round) => sum + round.invoices, 0)).toBeGreaterThan(0);
    expect(acknowledged[1].payments).toBeGreaterThan(0);
    expect(report.checked).toBeGreaterThan(0);
  }, 600_000);
});
