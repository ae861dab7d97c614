import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/auth/rate-limits';
import { fuzzApi, type FuzzReport } from '../support/fuzz/campaign';
import { ACCOUNTS } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Every operation of the API document, fuzzed with seeded invalid, hostile and valid inputs (see
 * tests/support/fuzz/campaign.ts). `npm test` runs a sample per operation — the full 300 invalid
 * and 100 valid inputs take `npm run fuzz` — smaller on PostgreSQL, whose suite runs after
 * PGlite's. FUZZ_TEST_INVALID, FUZZ_TEST_VALID and FUZZ_TEST_SEED change the sample.
 */

/** Every rate limit lifted: the run sends far more than a person would. */
const UNLIMITED = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1_000_000, windowMs: 60_000 }]),
);
const SAMPLE = {
  pglite: { invalid: 100, valid: 25 },
  postgres: { invalid: 30, valid: 8 },
};
const SEED = Number(process.env.FUZZ_TEST_SEED ?? 20261121);

describe.each(DRIVERS)('fuzzing every operation of the API document (%s)', (driver) => {
  const invalid = Number(process.env.FUZZ_TEST_INVALID ?? SAMPLE[driver].invalid);
  const valid = Number(process.env.FUZZ_TEST_VALID ?? SAMPLE[driver].valid);
  let server: TestServer;
  let report: FuzzReport;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    server = await startServer(driver, { rateLimits: UNLIMITED });
    report = await fuzzApi(server.app, {
      seed: SEED,
      invalidPerEndpoint: invalid,
      validPerEndpoint: valid,
      account: ACCOUNTS.merchant,
      lockableAccount: ACCOUNTS.staff,
      foreignAccount: ACCOUNTS.vendor,
    });
    const notes = report.endpoints.filter((entry) => entry.note).map((entry) => `${entry.key}: ${entry.note}`);
    console.log(
      `${driver}: ${report.operations.length} operations, ${report.invalid} invalid, ${report.hostile} hostile, ` +
        `${report.valid} valid inputs, ${report.failures} failures\n${notes.join('\n')}`,
    );
  }, 1_800_000);
  afterAll(() => server?.close());

  test('covers every operation of the document with the full sample', () => {
    expect(report.operations.length).toBeGreaterThanOrEqual(200);
    expect(report.endpoints.map((entry) => entry.key)).toEqual(report.operations.map((op) => op.key));
    for (const [index, op] of report.operations.entries()) {
      const entry = report.endpoints[index];
      // An operation that takes nothing (no parameter, body or token) can only get stray query strings.
      const takesInput = op.parameters.length > 0 || Boolean(op.body) || entry.needsToken;
      if (takesInput) expect.soft(entry.invalid, entry.key).toBe(invalid);
      else expect.soft(entry.hostile, entry.key).toBeGreaterThan(0);
      if (!entry.note) expect.soft(entry.valid, entry.key).toBe(valid);
    }
    expect(report.invalid).toBeGreaterThanOrEqual(invalid * (report.operations.length - 5));
  });

  test('refuses every invalid input cleanly and accepts every valid one', () => {
    const failures = report.endpoints.flatMap((entry) => entry.failures.map((failure) => `${entry.key}: ${failure}`));
    expect(failures).toEqual([]);
    expect(report.failures).toBe(0);
  });

  test('leaves Object.prototype as it was', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
