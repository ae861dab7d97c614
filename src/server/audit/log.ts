import type { AuditEvent } from '../../generated';
import { getEntitySchema } from '../../schema/registry';
import type { Caller } from '../auth/caller';
import { MERCHANT_SOURCE, type Identity } from '../auth/identities';
import type { Queryable } from '../db/database';
import { fitTo, merchantRowInsert } from '../storage/columns';
import { currentRequest, whereFrom } from './context';

/**
 * The activity log: rows of the `audit_event` entity, one per sign-in, sign-out, password, key or
 * two-factor event and per change of an audited (`x-audit`) field, for the merchant whose account
 * or record it is. Rows are only ever added, here, in the caller's transaction; the API reads them.
 * Never give a secret (a password, a code, a key) as a value: secrets are only ever said to have changed.
 */

export const AUDIT_ENTITY = 'audit_event';

/** Who did it: an account of the merchant (its admin or an employee), or the server itself. */
export interface Actor {
  kind: 'admin' | 'employee' | 'system';
  id: number | null;
  name: string;
  email: string | null;
}

/** What happened and, for a failure, why: the values of the activity log's schema. */
export type AuditEventName = AuditEvent['event'];
export type AuditReason = NonNullable<AuditEvent['reason']>;

export interface AuditEntry {
  merchantId: number;
  event: AuditEventName;
  /** Default `success`. */
  result?: 'success' | 'failure';
  reason?: AuditReason;
  /** Default: the signed-in caller of the current request, else the server itself. */
  actor?: Actor;
  entity?: string;
  recordId?: number | null;
  recordName?: string | null;
  field?: string;
  oldValue?: string | null;
  newValue?: string | null;
  /** The values are not written, only that the field changed (secrets, `x-audit: "changed"`). */
  concealed?: boolean;
}

/** The actor an account is, by where it is stored (the merchant's admin, else an employee). */
export function actorOfIdentity(identity: Pick<Identity, 'source' | 'recordId' | 'name' | 'email'>): Actor {
  return {
    kind: identity.source === MERCHANT_SOURCE ? 'admin' : 'employee',
    id: identity.recordId,
    name: identity.name?.trim() || identity.email,
    email: identity.email,
  };
}

export function actorOfCaller(caller: Caller): Actor {
  return actorOfIdentity(caller.identity);
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: 'Bawaba', email: null };

/** The signed-in caller of the request being served, else the server. */
export function currentActor(): Actor {
  const caller = currentRequest()?.caller;
  return caller ? actorOfCaller(caller) : SYSTEM_ACTOR;
}

const COLUMNS = [
  'occurred_at',
  'event',
  'result',
  'reason',
  'actor_kind',
  'actor_id',
  'actor_name',
  'actor_email',
  'entity',
  'record_id',
  'record_name',
  'field',
  'old_value',
  'new_value',
  'concealed',
  'ip',
  'user_agent',
] as const;

type AuditColumn = (typeof COLUMNS)[number];

let statement: string | undefined;

function insertStatement(): string {
  statement ??= merchantRowInsert(getEntitySchema(AUDIT_ENTITY), COLUMNS);
  return statement;
}

/**
 * Writes one row of the activity log, in `q`'s transaction when it is one. Where it comes from
 * (address, user agent) is the current request's; the actor, unless given, its caller's.
 */
export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  const entity = getEntitySchema(AUDIT_ENTITY);
  const actor = entry.actor ?? currentActor();
  const from = whereFrom(currentRequest());
  const concealed = entry.concealed === true;
  const values: Record<AuditColumn, string | number | boolean | null> = {
    occurred_at: new Date().toISOString(),
    event: entry.event,
    result: entry.result ?? 'success',
    reason: entry.reason ?? null,
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name,
    actor_email: actor.email,
    entity: entry.entity ?? null,
    record_id: entry.recordId ?? null,
    record_name: entry.recordName ?? null,
    field: entry.field ?? null,
    old_value: concealed ? null : (entry.oldValue ?? null),
    new_value: concealed ? null : (entry.newValue ?? null),
    concealed,
    ip: from.ip,
    user_agent: from.userAgent,
  };
  await q.query(insertStatement(), [
    entry.merchantId,
    ...COLUMNS.map((column) => {
      const value = values[column];
      return typeof value === 'boolean' ? value : fitTo(entity, column, value);
    }),
  ]);
}
