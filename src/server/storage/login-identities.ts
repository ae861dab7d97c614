import type { Queryable } from '../db/database';

/**
 * Every e-mail that can sign in, with where its account lives: `source` is `merchant` for a
 * merchant admin, or the `$id` of the entity holding the account (`employee`). One table makes the
 * e-mail unique across all of them and lets sign-in find the account with one lookup.
 */

export interface LoginIdentity {
  email: string;
  source: string;
  record_id: number;
  merchant_id: number;
}

export interface LoginOwner {
  source: string;
  recordId: number;
  merchantId: number;
}

const normalise = (email: string) => email.trim().toLowerCase();

/** The account that signs in with this e-mail (any case), or null. */
export async function findLogin(q: Queryable, email: string): Promise<LoginIdentity | null> {
  const [row] = await q.query<LoginIdentity & Record<string, unknown>>(
    `select * from login_identities where email = $1::text`,
    [normalise(email)],
  );
  return row ?? null;
}

/** True when no account other than `owner` signs in with this e-mail. */
export async function isLoginFree(
  q: Queryable,
  email: string,
  owner?: { source: string; recordId: number },
): Promise<boolean> {
  const found = await findLogin(q, email);
  return !found || (owner !== undefined && found.source === owner.source && found.record_id === owner.recordId);
}

/** Records (or moves) the owner's sign-in e-mail. */
export async function claimLogin(q: Queryable, email: string, owner: LoginOwner): Promise<void> {
  await releaseLogin(q, owner.source, owner.recordId);
  await q.query(
    `insert into login_identities (email, source, record_id, merchant_id) values ($1::text, $2::text, $3::integer, $4::integer)`,
    [normalise(email), owner.source, owner.recordId, owner.merchantId],
  );
}

/** Frees the sign-in e-mail of a deleted (or e-mail-less) account. */
export async function releaseLogin(q: Queryable, source: string, recordId: number): Promise<void> {
  await q.query(`delete from login_identities where source = $1::text and record_id = $2::integer`, [source, recordId]);
}
