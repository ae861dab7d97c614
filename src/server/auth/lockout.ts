import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';

/**
 * Locking an account after too many wrong passwords: the eleventh wrong password within a
 * quarter of an hour locks the account for half an hour, whoever tries it and from wherever; a
 * right password during the lock does not get in; a right one before it clears the count, and so
 * does a new password set with a reset code. E-mails with no account are locked the same way in
 * memory (see `routes/auth.ts`), so the answers do not tell which e-mails have accounts.
 *
 * Wrong two-factor codes count as wrong passwords, and so does a wrong current password when a
 * signed-in account changes its password. With two-factor on, only a right code clears the count
 * (a right password alone would let code guessing start over).
 */

export interface LockoutPolicy {
  /** Wrong passwords allowed in a window; the next one locks. */
  attempts: number;
  windowMs: number;
  /** How long a locked account stays locked. */
  lockMs: number;
}

export const LOCKOUT: LockoutPolicy = { attempts: 10, windowMs: 15 * 60_000, lockMs: 30 * 60_000 };

/** 423: the account is locked after too many wrong passwords (or two-factor codes). */
export const accountLocked = () =>
  new ApiError(423, 'app.auth.account_locked', {}, { smart_count: LOCKOUT.lockMs / 60_000 });

/** When the account signing in with `email` (as stored) is locked until, if it is locked now. */
export async function lockedUntil(q: Queryable, email: string, now: Date = new Date()): Promise<Date | null> {
  const [row] = await q.query<{ locked_until: Date | string | null }>(
    `select locked_until from login_identities where email = $1::text and locked_until > $2::timestamptz`,
    [email, now.toISOString()],
  );
  return row?.locked_until ? new Date(row.locked_until) : null;
}

/**
 * Counts a wrong password for the account; returns when it is locked until when this one locks
 * it. One statement, so concurrent wrong passwords are all counted.
 */
export async function recordWrongPassword(
  q: Queryable,
  email: string,
  policy: LockoutPolicy = LOCKOUT,
  now: Date = new Date(),
): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  const lockEnd = new Date(now.getTime() + policy.lockMs);
  const [row] = await q.query<{ locked: boolean }>(
    `with counted as (
       select email,
              case when failed_since is null or failed_since <= $2::timestamptz then 1 else failed_sign_ins + 1 end as failures,
              case when failed_since is null or failed_since <= $2::timestamptz then $3::timestamptz else failed_since end as since
       from login_identities where email = $1::text for update
     )
     update login_identities as l
        set failed_sign_ins = case when c.failures > $4::integer then 0 else c.failures end,
            failed_since = case when c.failures > $4::integer then null else c.since end,
            locked_until = case when c.failures > $4::integer then $5::timestamptz else l.locked_until end
       from counted c
      where l.email = c.email
  returning c.failures > $4::integer as locked`,
    [email, windowStart, now.toISOString(), policy.attempts, lockEnd.toISOString()],
  );
  return row?.locked ? lockEnd : null;
}

/** Forgets the account's wrong passwords and any lock (a right password, a new password). */
export async function clearWrongPasswords(q: Queryable, email: string): Promise<void> {
  await q.query(
    `update login_identities set failed_sign_ins = 0, failed_since = null, locked_until = null
      where email = $1::text and (failed_sign_ins <> 0 or locked_until is not null)`,
    [email],
  );
}
