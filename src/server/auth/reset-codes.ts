import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';
import { hashPassword, verifyPassword } from '../kernel/passwords';

/**
 * Six-digit secret codes for password resets: stored hashed, valid for ten minutes, used once, and
 * dead after a few wrong guesses so a million combinations cannot be tried.
 */

export const CODE_TTL_MINUTES = 10;
const MAX_ATTEMPTS = 5;

export interface CodeOwner {
  source: string;
  recordId: number;
}

/** A fresh code for the account; earlier unused codes stop working. */
export async function issueResetCode(q: Queryable, owner: CodeOwner): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.query(
    `update password_reset_codes set used_at = now() where source = $1::text and record_id = $2::integer and used_at is null`,
    [owner.source, owner.recordId],
  );
  await q.query(
    `insert into password_reset_codes (source, record_id, code_hash, expires_at)
     values ($1::text, $2::integer, $3::text, now() + ($4::integer * interval '1 minute'))`,
    [owner.source, owner.recordId, await hashPassword(code), CODE_TTL_MINUTES],
  );
  return code;
}

/**
 * True when `code` is the account's live code, which is then used up. A wrong guess counts
 * against the code; run this in a transaction that commits either way.
 */
export async function consumeResetCode(q: Queryable, owner: CodeOwner, code: string): Promise<boolean> {
  const [row] = await q.query<{ id: number; code_hash: string; attempts: number }>(
    `select id, code_hash, attempts from password_reset_codes
     where source = $1::text and record_id = $2::integer and used_at is null and expires_at > now()
     order by id desc limit 1 for update`,
    [owner.source, owner.recordId],
  );
  if (!row || row.attempts >= MAX_ATTEMPTS) return false;
  if (!(await verifyPassword(code, row.code_hash))) {
    await q.query(`update password_reset_codes set attempts = attempts + 1 where id = $1::integer`, [row.id]);
    return false;
  }
  await q.query(`update password_reset_codes set used_at = now() where id = $1::integer`, [row.id]);
  return true;
}
