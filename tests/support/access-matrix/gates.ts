import { accessDenial, commandGate, commandMatches, merchantFlags, recordGate } from '../../../src/schema/access';
import { allows, exportable } from '../../../src/schema/operations';
import { isTooLate, transitionsOf } from '../../../src/schema/relations';
import type { EntitySchema, Operation } from '../../../src/schema/types';

/**
 * What the API must answer to each call of the access matrix, computed from the schemas alone:
 * the operations an entity serves (`x-resource.operations`), the gate of each operation, status
 * action and command (`accessDenial` with the operation, over the merchant's flags and the caller's
 * permission maps, `x-resource.permissions` naming what each needs) and its relations (`x-children`).
 */

/** The calls the matrix makes of every entity. */
export const MATRIX_OPERATIONS = ['list', 'get', 'create', 'update', 'delete', 'export'] as const;
export type MatrixOperation = (typeof MATRIX_OPERATIONS)[number];

/**
 * The callers: three signed-in roles that pass the authentication (the viewer holds what every
 * screen needs to be seen and nothing an operation asks for besides), three that must not.
 */
export const ROLES = ['admin', 'limited', 'viewer', 'disabled', 'anonymous', 'expired'] as const;
export type Role = (typeof ROLES)[number];

/** What decides a signed-in caller's gate: their merchant's flags and, for an employee, their maps. */
export interface CallerProfile {
  role: 'admin' | 'employee';
  services: Partial<Record<string, boolean>>;
  isMultiVendor: boolean;
  permissions: Partial<Record<string, readonly string[]>>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a call of the matrix goes, and which operation of the entity serves it. */
export interface Call {
  method: Method;
  /** Path inside /v1: the collection, a record (`:id`), or the export. */
  path: 'collection' | 'record' | 'export';
  /** The operation of `x-resource.operations` the route serves; null for the export. */
  operation: Operation | null;
}

export const CALLS: Record<MatrixOperation, Call> = {
  list: { method: 'GET', path: 'collection', operation: 'list' },
  get: { method: 'GET', path: 'record', operation: 'show' },
  create: { method: 'POST', path: 'collection', operation: 'create' },
  update: { method: 'PUT', path: 'record', operation: 'update' },
  delete: { method: 'DELETE', path: 'record', operation: 'delete' },
  export: { method: 'GET', path: 'export', operation: null },
};

const PATH_OPERATIONS: Record<'collection' | 'record', Operation[]> = {
  collection: ['list', 'create'],
  record: ['show', 'update', 'delete'],
};

/**
 * How the router treats a call: served by the entity's generic route, served by a route of its own
 * (in the API document but not among the entity's operations: the bulk upload's create), refused
 * as a method the path does not offer (405, signed-in scope), or unknown (404 before any sign-in).
 * An export of an entity without a list is a record path whose id is `export`.
 */
export type Routing = 'served' | 'own-route' | 'method-refused' | 'unknown' | 'missing-record';

export function routingOf(entity: EntitySchema, op: MatrixOperation, documented: (call: Call) => boolean): Routing {
  const call = CALLS[op];
  if (call.path === 'export') {
    if (exportable(entity)) return 'served';
    return routingOf(entity, 'get', documented) === 'served' ? 'missing-record' : pathRouting(entity, 'record');
  }
  if (allows(entity, call.operation as Operation)) return 'served';
  if (documented(call)) return 'own-route';
  return pathRouting(entity, call.path);
}

function pathRouting(entity: EntitySchema, path: 'collection' | 'record'): Routing {
  return PATH_OPERATIONS[path].some((operation) => allows(entity, operation)) ? 'method-refused' : 'unknown';
}

/** An entity whose create always makes children pointing at the new record, which then cannot be deleted. */
export const createsChildren = (entity: EntitySchema) =>
  Object.values(entity.properties).some((property) => property['x-children'] && Number(property.minItems ?? 0) > 0);

const SUCCESS: Record<MatrixOperation, number> = {
  list: 200,
  get: 200,
  create: 201,
  update: 200,
  delete: 200,
  export: 200,
};

/** The operation of `x-resource.permissions` whose gate each call of the matrix passes. */
const GATE_OPERATIONS: Record<MatrixOperation, string> = {
  list: 'list',
  get: 'show',
  create: 'create',
  update: 'update',
  delete: 'delete',
  export: 'export',
};

const denialFor = (entity: EntitySchema, profile: CallerProfile, operation?: string) =>
  accessDenial(
    entity,
    {
      role: profile.role,
      services: merchantFlags(profile.services, profile.isMultiVendor),
      permissions: profile.permissions,
    },
    operation,
  );

/** The expected outcome of a call: a status, or null when the matrix does not judge it (a route of its own). */
export interface Expectation {
  status: number | null;
  why: string;
}

/**
 * The answer a caller must get. `profile` is null for callers that must not pass the
 * authentication (no token, an expired one, a disabled employee's); `target` says whether a
 * record call names a record of the caller's merchant or another merchant's.
 */
export function expectedOutcome(
  entity: EntitySchema,
  op: MatrixOperation,
  profile: CallerProfile | null,
  routing: Routing,
  target: 'own' | 'foreign' = 'own',
  body?: Record<string, unknown>,
): Expectation {
  if (routing === 'unknown') return { status: 404, why: 'no route' };
  if (!profile) return { status: 401, why: 'not signed in' };
  if (routing === 'method-refused') return { status: 405, why: 'operation not offered' };
  // An export of an entity without a list reaches its detail route, whose gate is the show's.
  const operation = routing === 'missing-record' ? 'show' : GATE_OPERATIONS[op];
  const denial = denialFor(entity, profile, operation);
  if (denial) return { status: 403, why: `gate of ${operation}: ${denial}` };
  // A create or replace whose values need permissions of their own (`x-permissions`) is checked once read.
  const valueDenial = body && routing === 'served' ? denialFor(recordGate(entity, operation, body), profile) : null;
  if (valueDenial) return { status: 403, why: `gate of its values: ${valueDenial}` };
  if (routing === 'own-route') return { status: null, why: 'served by a route of its own' };
  if (routing === 'missing-record') return { status: 404, why: 'no such record' };
  if (CALLS[op].path === 'record' && target === 'foreign') return { status: 404, why: "another merchant's record" };
  if (op === 'delete' && createsChildren(entity)) return { status: 409, why: 'its children point at it' };
  return { status: SUCCESS[op], why: 'allowed' };
}

/**
 * A status action (`x-transitions`, `POST <endpoint>/:id/<action>`) or a command
 * (`x-resource.commands`, `POST <command endpoint>` with `{ "id" }`) of an entity.
 */
export interface RecordAction {
  kind: 'transition' | 'command';
  name: string;
  /** Whether the record as read allows it now: its status among `from`, or matching the command's `when`. */
  applies: (record: Record<string, unknown>) => boolean;
  /** Offered to the merchant's admin only (a command's or a status action's `adminOnly`). */
  adminOnly: boolean;
}

/** Every status action and command of an entity. */
export function recordActionsOf(entity: EntitySchema): RecordAction[] {
  const transitions = transitionsOf(entity).map((transition): RecordAction => ({
    kind: 'transition',
    name: transition.action,
    applies: (record) =>
      transition.from.includes(String(record[transition.property])) && !isTooLate(transition, record, new Date()),
    adminOnly: transition.adminOnly,
  }));
  const commands = Object.entries(entity['x-resource'].commands ?? {}).map(([name, command]): RecordAction => ({
    kind: 'command',
    name,
    applies: (record) => commandMatches(entity, name, record),
    adminOnly: command.adminOnly === true,
  }));
  return [...transitions, ...commands];
}

/**
 * The answer a caller must get to a status action or command on a record: 401 without a valid
 * session, 403 by the action's gate (its permission in `x-resource.permissions`, else the entity's;
 * an admin-only command for an employee), 404 for another merchant's record or none, 403 by the
 * permission of a command's `valuePermissions` values on the record, else 200 when
 * the record allows the action now and 409 when it does not.
 */
export function expectedActionOutcome(
  entity: EntitySchema,
  action: RecordAction,
  profile: CallerProfile | null,
  record: Record<string, unknown> | undefined,
  target: 'own' | 'foreign' = 'own',
): Expectation {
  if (!profile) return { status: 401, why: 'not signed in' };
  if (action.adminOnly && profile.role !== 'admin') return { status: 403, why: 'admin only' };
  const denial = denialFor(entity, profile, action.name);
  if (denial) return { status: 403, why: `gate of ${action.name}: ${denial}` };
  if (target === 'foreign') return { status: 404, why: "another merchant's record" };
  if (!record) return { status: 404, why: 'no such record' };
  // A command may also need the permission of the record's values (`valuePermissions`: an invoice's channel).
  const valueDenial = action.kind === 'command' ? denialFor(commandGate(entity, action.name, record), profile) : null;
  if (valueDenial) return { status: 403, why: `gate of its values: ${valueDenial}` };
  return action.applies(record) ? { status: 200, why: 'allowed' } : { status: 409, why: 'not from this status' };
}
