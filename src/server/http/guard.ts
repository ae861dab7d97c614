import type { FastifyRequest } from 'fastify';
import { accessDenial, merchantFlags } from '../../schema/access';
import type { EntitySchema } from '../../schema/types';
import type { Database } from '../db/database';
import { forbidden, serviceDisabled, unauthorized } from '../kernel/api-error';
import { getMerchant } from '../merchants/merchants';
import type { AccessTokens } from '../auth/access-tokens';
import { callerOf, toCaller, type Caller } from '../auth/caller';
import { loadIdentity } from '../auth/identities';
import type { Sessions } from '../auth/sessions';

export interface GuardDeps {
  db: Database;
  tokens: AccessTokens;
  sessions: Sessions;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * `onRequest` hook of protected routes: resolves the bearer token to a live session and loads the
 * caller fresh, so a revoked session, a deleted or disabled employee or changed permissions take effect at once.
 */
export function authenticate({ db, tokens, sessions }: GuardDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized('app.auth.session_expired');
    const identity = await loadIdentity(db, claims.src, claims.sub);
    // Also ends a session unused for the idle time-out, or opened before the password changed.
    if (identity && !(await sessions.isActive(claims.sid, identity.passwordHash)))
      throw unauthorized('app.auth.session_expired');
    const merchant = identity && identity.merchantId === claims.mid ? await getMerchant(db, identity.merchantId) : null;
    if (!identity || !merchant) throw unauthorized('app.auth.session_expired');
    // A disabled account's sessions end at once; 401 signs the portal out, with the reason.
    if (!identity.active) throw unauthorized('app.auth.account_disabled');
    request.caller = toCaller(identity, merchant, claims.sid);
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

/** `onRequest` hook (after `authenticate`) of routes for the merchant's admin only: 403 for an employee. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  if (callerOf(request).role !== 'admin') throw forbidden();
}
