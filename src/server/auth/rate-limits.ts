import { RateLimited } from '../kernel/api-error';

/**
 * Fixed-window counters for the endpoints a stranger can hammer (sign-in, reset codes). In memory:
 * enough for one process; several processes would each allow the limit.
 */

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
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 50, windowMs: 15 * 60_000 },
  forgot: { max: 5, windowMs: 15 * 60_000 },
  reset: { max: 20, windowMs: 15 * 60_000 },
};

interface Window {
  count: number;
  endsAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Throws RateLimited when `key` has used up its limit. */
  check(key: string, limit: Limit): void {
    const window = this.current(key);
    if (window && window.count >= limit.max) throw new RateLimited(Math.ceil((window.endsAt - this.now()) / 1000));
  }

  /** Counts one attempt against `key`. */
  hit(key: string, limit: Limit): void {
    const window = this.current(key);
    if (window) window.count++;
    else this.windows.set(key, { count: 1, endsAt: this.now() + limit.windowMs });
    if (this.windows.size > 10_000) this.prune();
  }

  /** Checks, then counts: for attempts that count whether or not they succeed. */
  take(key: string, limit: Limit): void {
    this.check(key, limit);
    this.hit(key, limit);
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private prune(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}
