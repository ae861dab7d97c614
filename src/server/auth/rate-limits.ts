import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { RateLimited } from '../kernel/api-error';

/**
 * Fixed-window counters for the endpoints a stranger can hammer (sign-in, reset codes, payments, orders),
 * kept in the `rate_limits` table: every server on one database counts the same attempts, so
 * several servers behind a load balancer allow the limit once, not once each. Each count is one
 * statement, so concurrent attempts are all counted. Keys (addresses, e-mails) are stored hashed.
 */

const stored = (key: string) => createHash('sha256').update(key).digest('base64url');

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Failed sign-ins per address, whatever the e-mails (an account's own limit is `auth/lockout`). */
  login: Limit;
  /** Reset codes requested per e-mail. */
  forgot: Limit;
  /** Failed password resets per address. */
  reset: Limit;
  /** Orders placed on the storefront per address: a household's shopping, too few to hold a shop's stock. */
  order: Limit;
  /**
   * A tenant's link asked for again by civil id, per address and per merchant and civil id: enough
   * for a tenant who mistyped, too few to try civil ids or to flood a tenant's phone.
   */
  tenantLink: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 50, windowMs: 15 * 60_000 },
  forgot: { max: 5, windowMs: 15 * 60_000 },
  reset: { max: 20, windowMs: 15 * 60_000 },
  order: { max: 30, windowMs: 15 * 60_000 },
  tenantLink: { max: 5, windowMs: 60 * 60_000 },
};

/** Counts are pruned of ended windows once per this many counts made by a server. */
const PRUNE_EVERY = 1_000;

interface WindowRow extends Record<string, unknown> {
  count: number;
  ends_at: number | string;
}

export class RateLimiter {
  private counted = 0;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  private retryAfter(endsAt: number): number {
    return Math.max(1, Math.ceil((endsAt - this.now()) / 1000));
  }

  /** Throws RateLimited when `key` has used up its limit. */
  async check(key: string, limit: Limit): Promise<void> {
    const [row] = await this.db.query<WindowRow>(
      `select count, (extract(epoch from ends_at) * 1000)::float8 as ends_at
         from rate_limits where key = $1::text and ends_at > $2::timestamptz`,
      [stored(key), new Date(this.now()).toISOString()],
    );
    if (row && row.count >= limit.max) throw new RateLimited(this.retryAfter(Number(row.ends_at)));
  }

  /** Counts one attempt against `key`; returns the attempts now counted in its window and when it ends. */
  private async count(key: string, limit: Limit): Promise<{ count: number; endsAt: number }> {
    const now = this.now();
    const [row] = await this.db.query<WindowRow>(
      `insert into rate_limits as r (key, count, ends_at) values ($1::text, 1, $3::timestamptz)
       on conflict (key) do update
          set count = case when r.ends_at <= $2::timestamptz then 1 else least(r.count + 1, $4::integer + 1) end,
              ends_at = case when r.ends_at <= $2::timestamptz then excluded.ends_at else r.ends_at end
       returning count, (extract(epoch from ends_at) * 1000)::float8 as ends_at`,
      [stored(key), new Date(now).toISOString(), new Date(now + limit.windowMs).toISOString(), limit.max],
    );
    if (++this.counted % PRUNE_EVERY === 0) await this.prune();
    return { count: row.count, endsAt: Number(row.ends_at) };
  }

  /** Counts one attempt against `key`. */
  async hit(key: string, limit: Limit): Promise<void> {
    await this.count(key, limit);
  }

  /**
   * Checks and counts at once, for attempts that count whether or not they succeed: throws
   * RateLimited when the limit was already used up before this one.
   */
  async take(key: string, limit: Limit): Promise<void> {
    const { count, endsAt } = await this.count(key, limit);
    if (count > limit.max) throw new RateLimited(this.retryAfter(endsAt));
  }

  async clear(key: string): Promise<void> {
    await this.db.query(`delete from rate_limits where key = $1::text`, [stored(key)]);
  }

  private async prune(): Promise<void> {
    await this.db.query(`delete from rate_limits where ends_at <= $1::timestamptz`, [
      new Date(this.now()).toISOString(),
    ]);
  }
}
