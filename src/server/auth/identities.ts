import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { ident } from '../storage/columns';
import { UniqueConflict } from '../storage/errors';
import { claimLogin, isLoginFree } from '../storage/login-identities';
import type { EntityStore } from '../storage/records';
import { hashPassword } from '../kernel/passwords';

/**
 * Accounts that can sign in, wherever they are stored: merchant admins in `merchants`, and rows of
 * any entity whose e-mail is `x-unique: "login"` with an `x-secret` password (employees).
 */

export const MERCHANT_SOURCE = 'merchant';

export interface Identity {
  source: string;
  recordId: number;
  merchantId: number;
  name: string;
  email: string;
  passwordHash: string | null;
  /** Stored permission maps; admins have none (they may do everything). */
  permissions: unknown;
  /** False once the account is disabled (an entity's `active` property set to false): it may not sign in. */
  active: boolean;
}

export type IdentityRef = Pick<Identity, 'source' | 'recordId' | 'merchantId'>;

interface LoginEntity {
  entity: EntitySchema;
  emailColumn: string;
  secretColumn: string;
}

/** How sign-in reads an entity's accounts, from its schema hints. */
function loginEntity(source: string): LoginEntity | null {
  const entity = entitySchemas[source];
  if (!entity) return null;
  const find = (test: (name: string) => boolean) => Object.keys(entity.properties).find(test);
  const emailColumn = find((name) => entity.properties[name]['x-unique'] === 'login');
  const secretColumn = find((name) => entity.properties[name]['x-secret'] === 'hash');
  return emailColumn && secretColumn ? { entity, emailColumn, secretColumn } : null;
}

/** Whether rows of the entity `source` are accounts that sign in (merchant admins are not rows). */
export const canSignIn = (source: string) => loginEntity(source) !== null;

/** An account's row as `identitySelect` reads it. */
export interface IdentityRow {
  merchant_id: number;
  name: string | null;
  email: string;
  secret: string | null;
  permissions: unknown;
  active: boolean;
}

/**
 * The statement reading the account `recordParam` (a placeholder such as `$1::integer`) of
 * `source` as an `IdentityRow`, or null when `source` holds no accounts. A merchant admin has no
 * permissions (it may do everything) and is always active.
 */
export function identitySelect(source: string, recordParam: string): string | null {
  if (source === MERCHANT_SOURCE) {
    return `select id as merchant_id, coalesce(contact_name, name) as name, email, password as secret,
       null::jsonb as permissions, true as active
     from merchants where id = ${recordParam} and email is not null`;
  }
  const login = loginEntity(source);
  if (!login) return null;
  const { entity, emailColumn, secretColumn } = login;
  const hasName = 'name' in entity.properties;
  const hasPermissions = 'permissions' in entity.properties;
  // An account with no value yet (a row older than the column) is active, as the property's default says.
  const active = entity.properties.active?.type === 'boolean' ? `${ident('active')} is not false` : 'true';
  return `select merchant_id, ${hasName ? ident('name') : 'null::text'} as name, ${ident(emailColumn)} as email,
       ${ident(secretColumn)} as secret, ${hasPermissions ? ident('permissions') : 'null::jsonb'} as permissions, ${active} as active
     from ${ident(entity['x-resource'].table)} where id = ${recordParam}`;
}

/** The account `recordId` of `source` from its row. */
export function toIdentity(source: string, recordId: number, row: IdentityRow): Identity {
  return {
    source,
    recordId,
    merchantId: row.merchant_id,
    name: row.name ?? row.email,
    email: row.email,
    passwordHash: row.secret,
    permissions: row.permissions,
    active: row.active,
  };
}

/** The account `recordId` of `source` with its password hash, or null when it is gone. */
export async function loadIdentity(q: Queryable, source: string, recordId: number): Promise<Identity | null> {
  const statement = identitySelect(source, '$1::integer');
  if (!statement) return null;
  const [row] = await q.query<IdentityRow & Record<string, unknown>>(statement, [recordId]);
  return row ? toIdentity(source, recordId, row) : null;
}

/** 403 for a disabled account that proved who it is: it may not sign in (checked after the password). */
export function refuseDisabled(identity: Identity): void {
  if (!identity.active) throw new ApiError(403, 'app.auth.account_disabled');
}

export type Stores = ReadonlyMap<string, EntityStore>;

function storeOf(stores: Stores, source: string): EntityStore {
  const store = stores.get(source);
  if (!store || !loginEntity(source)) throw new Error(`${source} accounts cannot sign in`);
  return store;
}

/** Stores a new password for an account. */
export async function setPassword(
  q: Queryable,
  stores: Stores,
  identity: IdentityRef,
  password: string,
): Promise<void> {
  if (identity.source === MERCHANT_SOURCE) {
    await q.query(`update merchants set password = $1::text, updated_at = now() where id = $2::integer`, [
      await hashPassword(password),
      identity.recordId,
    ]);
    return;
  }
  const { secretColumn } = loginEntity(identity.source) as LoginEntity;
  await storeOf(stores, identity.source).update(
    q,
    identity.merchantId,
    identity.recordId,
    { [secretColumn]: password },
    'patch',
  );
}

/** Changes the name and sign-in e-mail of an account (its profile); throws UniqueConflict on a taken e-mail. */
export async function setProfile(
  q: Queryable,
  stores: Stores,
  identity: IdentityRef,
  name: string,
  email: string,
): Promise<void> {
  if (identity.source === MERCHANT_SOURCE) {
    const owner = { source: MERCHANT_SOURCE, recordId: identity.recordId, merchantId: identity.merchantId };
    if (!(await isLoginFree(q, email, owner))) throw new UniqueConflict('email');
    await q.query(
      `update merchants set contact_name = $1::text, email = $2::text, updated_at = now() where id = $3::integer`,
      [name, email.toLowerCase(), identity.recordId],
    );
    await claimLogin(q, email, owner);
    return;
  }
  const { entity, emailColumn } = loginEntity(identity.source) as LoginEntity;
  const values = { [emailColumn]: email, ...('name' in entity.properties ? { name } : {}) };
  await storeOf(stores, identity.source).update(q, identity.merchantId, identity.recordId, values, 'patch');
}
