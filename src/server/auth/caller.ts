import type { FastifyRequest } from 'fastify';
import type { Merchant } from '../merchants/merchants';
import { allPermissions, permissionsOf, type PermissionMaps } from '../merchants/permissions';
import { unauthorized } from '../kernel/api-error';
import { MERCHANT_SOURCE, type Identity } from './identities';

/** Who is calling: the signed-in account, its merchant and what it may do. */
export interface Caller {
  role: 'admin' | 'employee';
  identity: Identity;
  sessionId: string;
  merchant: Merchant;
  permissions: PermissionMaps;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on protected routes. */
    caller: Caller | null;
  }
}

/** A caller from its account and merchant; admins get every permission of the employee schema. */
export function toCaller(identity: Identity, merchant: Merchant, sessionId: string): Caller {
  const admin = identity.source === MERCHANT_SOURCE;
  return {
    role: admin ? 'admin' : 'employee',
    identity,
    sessionId,
    merchant,
    permissions: admin ? allPermissions() : permissionsOf(identity.permissions),
  };
}

/**
 * The signed-in account as records owned per account (`x-resource.perUser`) name it: the admin
 * and each employee of a merchant are different accounts.
 */
export const accountOf = (caller: Caller): string => `${caller.identity.source}:${caller.identity.recordId}`;

/** The caller of a protected route (the authentication hook has already run). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
