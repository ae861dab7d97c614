import type { FastifyRequest } from 'fastify';
import { accessDenial, merchantFlags, operationGate } from '../../schema/access';
import type { EntitySchema } from '../../schema/types';
import type { Database } from '../db/database';
import { forbidden, serviceDisabled, unauthorized } from '../kernel/api-error';
import type { AccessTokens } from '../auth/access-tokens';
import { callerOf, toCaller, type Caller } from '../auth/caller';
import type { Sessions } from '../auth/sessions';

export interface GuardDeps {
  db: Database;
  tokens: AccessTokens;
  sessions: Sessions;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * `onRequest` hook of protected routes: resolves the bearer token to a live session and loads the
 * caller fresh, so a revoked session, a deleted or disabled employee or changed permissions take
 * effect at once. One database round trip (`Sessions.authenticate`).
 */
export function authenticate({ tokens, sessions }: GuardDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized('app.auth.session_expired');
    // Also ends a session unused for the idle time-out, or opened before the password changed;
    // a disabled account gets 401 with the reason, which signs the portal out.
    const found = await sessions.authenticate(claims);
    if ('refused' in found) throw unauthorized(found.refused);
    request.caller = toCaller(found.identity, found.merchant, claims.sid);
  };
}

/** Gate of a resource (`accessDenial`): 403 with the reason in the caller's language. */
export function checkAccess(caller: Caller, entity: EntitySchema): void {
  const denial = accessDenial(entity, {
    role: caller.role,
    services: merchantFlags(caller.merchant.services, caller.merchant.is_multi_vendor),
    permissions: caller.permissions,
  });
  if (denial === 'service') throw serviceDisabled(entity['x-resource'].service);
  if (denial === 'permission') throw forbidden();
}

/**
 * `onRequest` hook (after `authenticate`) of a route serving one operation of `entity`: its gate
 * (`operationGate`) is worked out once, here, and checked on every request.
 */
export function operationGuard(entity: EntitySchema, operation: string) {
  const gate = operationGate(entity, operation);
  return async (request: FastifyRequest): Promise<void> => checkAccess(callerOf(request), gate);
}

/** `onRequest` hook (after `authenticate`) of routes for the merchant's admin only: 403 for an employee. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  if (callerOf(request).role !== 'admin') throw forbidden();
}
