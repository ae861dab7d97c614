import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openPglite } from '../db/pglite';
import { RateLimited } from '../kernel/api-error';
import { SYSTEM_TABLES } from '../storage/system-tables';
import { RateLimiter } from './rate-limits';

/** Rate limits live in the database: two limiters on one database (two servers) count together. */

describe('rate limits kept in the database', () => {
  let db: Database;
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    db = await openPglite(null);
    for (const statement of SYSTEM_TABLES.filter((sql) => sql.includes('rate_limits'))) await db.query(statement);
  }, 60_000);
  afterAll(() => db?.close());

  const limit = { max: 3, windowMs: 60_000 };
  const refused = async (attempt: Promise<void>) =>
    attempt.then(
      () => null,
      (error: unknown) => (error instanceof RateLimited ? error.retryAfterSeconds : Promise.reject(error)),
    );

  it('counts the hits of two servers together, and lets the window end', async () => {
    const [one, two] = [new RateLimiter(db, now), new RateLimiter(db, now)];
    await one.hit('login:192.0.2.1', limit);
    await two.hit('login:192.0.2.1', limit);
    expect(await refused(one.check('login:192.0.2.1', limit))).toBeNull();
    await one.hit('login:192.0.2.1', limit);
    expect(await refused(two.check('login:192.0.2.1', limit))).toBe(60);
    expect(await refused(two.check('login:192.0.2.2', limit))).toBeNull();
    clock += 45_000;
    expect(await refused(one.check('login:192.0.2.1', limit))).toBe(15);
    clock += 15_000;
    expect(await refused(one.check('login:192.0.2.1', limit))).toBeNull();
    await two.hit('login:192.0.2.1', limit);
    expect(await refused(one.check('login:192.0.2.1', limit))).toBeNull();
  });

  it('take refuses the attempt after the limit, counted at once however many run together', async () => {
    const [one, two] = [new RateLimiter(db, now), new RateLimiter(db, now)];
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refused((i % 2 ? one : two).take('forgot:a@demo.test', limit))),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(3);
    await one.clear('forgot:a@demo.test');
    expect(await refused(two.take('forgot:a@demo.test', limit))).toBeNull();
  });

  it('keeps no address or e-mail in clear', async () => {
    const rows = await db.query<{ key: string }>(`select key from rate_limits`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) expect(key).not.toMatch(/login|forgot|@|192/);
  });
});
