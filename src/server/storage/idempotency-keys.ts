import { now as clockNow } from '../../schema/calendar';
import { sqlState, UNIQUE_VIOLATION, type Database, type Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';

/**
 * `Idempotency-Key` on the calls that move money (a payment, a refund, a capture): the first
 * request with a key runs, and its answer is stored in the same database transaction as its write,
 * so a crash leaves either both or neither. A repeat of the same request with the same key gets
 * that answer again (`Idempotent-Replayed: true`) and writes nothing; the same key with another
 * request is refused (422); a repeat while the first still runs is refused (409), never run twice.
 *
 * Only successful answers are stored. A refused request (400, 404, 409…) rolled back everything it
 * did, so running it again is harmless, and a corrected retry may keep its key. Keys live 24 hours.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** A request's key, where it is unique (`scope`), and what the request asked (`fingerprint`). */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
}

/** An answer as stored for its key. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * Takes the key for this transaction: a stored answer to replay, or null to go on and run. The
 * transaction-scoped advisory lock is held until commit, when the answer is stored, so a second
 * request with the key either finds the lock taken (409) or, after commit, the answer.
 */
async function takeKey(tx: Queryable, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
  const [lock] = await tx.query<{ free: boolean }>(
    `select pg_try_advisory_xact_lock(hashtextextended($1::text, 0)) as free`,
    [`idempotency:${claim.scope}:${claim.key}`],
  );
  if (!lock.free) throw new ApiError(409, 'app.idempotency.in_progress');
  const [stored] = await tx.query<{ fingerprint: string; status: number; body: unknown; created_at: string }>(
    `select fingerprint, status, body, created_at from idempotency_keys where scope = $1::text and key = $2::text`,
    [claim.scope, claim.key],
  );
  if (!stored) return null;
  if (Date.parse(stored.created_at) <= clockNow().getTime() - IDEMPOTENCY_TTL_MS) {
    await tx.query(`delete from idempotency_keys where scope = $1::text and key = $2::text`, [claim.scope, claim.key]);
    return null;
  }
  if (stored.fingerprint !== claim.fingerprint) throw new ApiError(422, 'app.idempotency.mismatch');
  return { status: stored.status, body: stored.body };
}

/** Stores the answer of the key (and lets expired keys go). */
async function storeAnswer(tx: Queryable, claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
  const now = clockNow();
  await tx.query(`delete from idempotency_keys where created_at <= $1::timestamptz`, [
    new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
  ]);
  await tx
    .query(
      `insert into idempotency_keys (scope, key, fingerprint, status, body, created_at)
       values ($1::text, $2::text, $3::text, $4::integer, $5::text::jsonb, $6::timestamptz)`,
      [claim.scope, claim.key, claim.fingerprint, answer.status, JSON.stringify(answer.body ?? null), now],
    )
    .catch((error: unknown) => {
      throw sqlState(error) === UNIQUE_VIOLATION ? new ApiError(409, 'app.idempotency.in_progress') : error;
    });
}

/** What a keyed transaction gave: the work's own value, or the answer stored for its key. */
/**
 * The stored answer of `claim`, read without taking the key: a repeat of a request whose first
 * answer changed what it names (a capture leaves its transaction no longer authorised) is answered
 * with that first answer before the request is checked again. A different request under the same
 * key, a key past its 24 hours or one not yet answered reads as none: the request then goes the
 * usual way (checked, then refused 422 when the key is another request's).
 */
export async function storedAnswer(q: Queryable, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
  const [stored] = await q.query<{ fingerprint: string; status: number; body: unknown; created_at: string }>(
    `select fingerprint, status, body, created_at from idempotency_keys where scope = $1::text and key = $2::text`,
    [claim.scope, claim.key],
  );
  if (!stored || stored.fingerprint !== claim.fingerprint) return null;
  if (Date.parse(stored.created_at) <= clockNow().getTime() - IDEMPOTENCY_TTL_MS) return null;
  return { status: stored.status, body: stored.body };
}

export type Keyed<T> = { value: T; replay?: undefined } | { replay: StoredAnswer };

/**
 * Runs `work` in one transaction, keyed by `claim` when the request sent a key: a stored answer is
 * returned instead of running again, and the answer `answerOf` gives (null: nothing to keep) is
 * stored in the same transaction as the work's writes.
 */
export async function keyedTransaction<T>(
  db: Database,
  claim: IdempotencyClaim | null,
  work: (tx: Queryable) => Promise<T>,
  answerOf: (value: T) => StoredAnswer | null,
): Promise<Keyed<T>> {
  if (!claim) return { value: await db.transaction(work) };
  return db.transaction(async (tx): Promise<Keyed<T>> => {
    const stored = await takeKey(tx, claim);
    if (stored) return { replay: stored };
    const value = await work(tx);
    const answer = answerOf(value);
    if (answer) await storeAnswer(tx, claim, answer);
    return { value };
  });
}
