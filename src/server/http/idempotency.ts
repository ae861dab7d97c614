import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { now as clockNow } from '../../schema/calendar';
import { sqlState, UNIQUE_VIOLATION, type Database, type Queryable } from '../db/database';
import { ApiError } from './api-error';

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

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

const KEY = /^[\x20-\x7e]{1,255}$/;

/** The header as the API document shows it, for `schema.headers` of the routes that take it. */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7E]+$',
      description:
        'Any unique value (a UUID) per intended operation. A retry with the same key and the same request ' +
        'answers the first answer again with `Idempotent-Replayed: true` and writes nothing; the same key with ' +
        'another request is 422, while the first is still running 409. Keys expire after 24 hours.',
    },
  },
} as const;

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

/** JSON with object keys sorted, so the same body sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonical((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();

/**
 * A `preValidation` hook reading the key (400 when malformed) and fingerprinting the request as
 * sent: method, path and body, before anything (validation, fields the server fills) touches it.
 * Register it first among the route's `preValidation` hooks.
 *
 * @param scopeOf where keys are unique: the merchant for signed-in calls, the link for a payment
 */
export function readIdempotencyKey(scopeOf: (request: FastifyRequest) => string) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) throw new ApiError(400, 'app.idempotency.invalid_key');
    const path = request.url.split('?')[0];
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${path}\n${canonical(request.body)}`)
      .digest('base64url');
    claims.set(request, { scope: scopeOf(request), key, fingerprint });
  };
}

/** The key `readIdempotencyKey` read from the request, if it sent one. */
export const claimOf = (request: FastifyRequest): IdempotencyClaim | null => claims.get(request) ?? null;

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

/** Answers a replayed request with the stored answer. */
export function sendReplay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.status(answer.status).header(REPLAYED_HEADER, 'true').send(answer.body);
}
