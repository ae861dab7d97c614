import { buildApp } from '../../src/server/app';
import { DEFAULT_RATE_LIMITS } from '../../src/server/auth/rate-limits';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import { fuzzApi } from '../../tests/support/fuzz/campaign';
import { ACCOUNTS } from '../../tests/api/helpers/client';

/**
 * The long fuzzing run: every operation of the API document, on a fresh seeded embedded database
 * (or DATABASE_URL), with FUZZ_INVALID invalid and FUZZ_VALID valid inputs per operation
 * (default 300 and 100) from FUZZ_SEED, repeated FUZZ_ROUNDS times with the seeds that follow.
 * FUZZ_ONLY keeps the operations whose `METHOD /path` contains it. Prints one line per operation
 * and the totals; exits 1 on any failure.
 */

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

const seed = number('FUZZ_SEED', 1);
const rounds = number('FUZZ_ROUNDS', 1);
const invalid = number('FUZZ_INVALID', 300);
const valid = number('FUZZ_VALID', 100);
const only = process.env.FUZZ_ONLY;
const unlimited = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1e9, windowMs: 60_000 }]),
);

let failures = 0;
let tried = 0;
const started = Date.now();
for (let round = 0; round < rounds; round++) {
  const app = await buildApp({
    database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: null },
    transport: memoryTransport(),
    outboxIntervalMs: 0,
    rateLimits: unlimited,
  });
  try {
    console.log(`round ${round + 1}/${rounds}, seed ${seed + round}`);
    const report = await fuzzApi(app, {
      seed: seed + round,
      invalidPerEndpoint: invalid,
      validPerEndpoint: valid,
      account: ACCOUNTS.merchant,
      lockableAccount: ACCOUNTS.staff,
      foreignAccount: ACCOUNTS.vendor,
      only: only ? (op) => op.key.includes(only) : undefined,
      onEndpoint: (entry) => {
        const statuses = Object.entries(entry.validStatuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ');
        console.log(
          `${entry.failures.length ? 'FAIL' : 'ok  '} ${entry.key.padEnd(58)} invalid ${entry.invalid} hostile ${entry.hostile} valid ${entry.valid} (${statuses}) ${entry.ms} ms`,
        );
        for (const failure of entry.failures) console.log(`     ${failure.slice(0, 400)}`);
      },
    });
    failures += report.failures;
    tried += report.invalid + report.hostile + report.valid;
    console.log(
      `round ${round + 1}: ${report.operations.length} operations, ${report.invalid} invalid, ${report.hostile} hostile, ${report.valid} valid inputs, ${report.failures} failures`,
    );
  } finally {
    await app.close();
  }
}
console.log(`inputs tried ${tried}, failures ${failures}, ${Math.round((Date.now() - started) / 1000)} s`);
process.exitCode = failures ? 1 : 0;
