import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../kernel/api-error';
import type { IdempotencyClaim, StoredAnswer } from '../storage/idempotency-keys';

/**
 * The `Idempotency-Key` header of the calls that move money (a payment, a refund, a capture): read
 * and fingerprinted here, before anything touches the request; the key is then taken and its
 * answer stored in the write's own transaction (`storage/idempotency-keys`).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

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

/** Answers a replayed request with the stored answer. */
export function sendReplay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.status(answer.status).header(REPLAYED_HEADER, 'true').send(answer.body);
}
