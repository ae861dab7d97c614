import type { EntitySchema, Permission } from './types';
import { applies } from './when';

/** What access to an entity depends on: the merchant's services and, for employees, their maps. */
export interface AccessProfile {
  role: 'admin' | 'employee';
  services: Partial<Record<string, boolean>>;
  /** The employee's permission maps (general, sms, report, open_invoice, sales, rental, subscription). */
  permissions: Partial<Record<string, readonly string[]>>;
}

/** Why a user may not use an entity: its service is off for the merchant, or the employee lacks the permission. */
export type AccessDenial = 'service' | 'permission';

/**
 * The map and value each permission of `x-resource.permission` names: `"<map>.<value>"`
 * (`"report.refunds"`), or a bare value of the `general` map (`"invoices"`).
 */
export function permissionsOf(permission: Permission): { map: string; value: string }[] {
  return (Array.isArray(permission) ? permission : [permission]).map((name) => {
    const dot = name.indexOf('.');
    return dot < 0 ? { map: 'general', value: name } : { map: name.slice(0, dot), value: name.slice(dot + 1) };
  });
}

/**
 * The employee's permission maps (general, sms, report, …) and the values each allows, as the
 * employee schema's `permissions` property lists them.
 */
export function permissionMapsOf(employee: EntitySchema | undefined): Record<string, string[]> {
  const maps = employee?.properties.permissions?.properties ?? {};
  return Object.fromEntries(
    Object.entries(maps).map(([map, schema]) => [
      map,
      (schema.items?.enum ?? []).filter((value): value is string => typeof value === 'string'),
    ]),
  );
}

/** The merchant's multi-vendor flag, which a `service` may name besides the services. */
export const MULTI_VENDOR_FLAG = 'multi_vendor';

/**
 * The merchant flags a `service` may name: the services support enables (`SERVICE_FLAGS`) and
 * `multi_vendor`, the merchant's multi-vendor flag, also set by support.
 */
export function merchantFlags(services: Partial<Record<string, boolean>>, multiVendor: boolean) {
  return { ...services, [MULTI_VENDOR_FLAG]: multiVendor };
}

/**
 * The entity as seen by the gate of its own record (`x-resource.own`): the own record's
 * `permission`, and no service — every merchant has its own profile and settings.
 */
export function ownGate(entity: EntitySchema): EntitySchema {
  const resource = entity['x-resource'];
  return { ...entity, 'x-resource': { ...resource, service: undefined, permission: resource.own?.permission } };
}

/**
 * The operations an entity's permissions may name: the five of `x-resource.operations`, the export,
 * and each status action (`x-transitions`) or command of the entity by its name.
 */
export const GATED_OPERATIONS = ['list', 'show', 'create', 'update', 'delete', 'export'] as const;

/**
 * The permission an operation of the entity needs: its own in `x-resource.permissions`, else the
 * entity's `permission`. Without an operation, the entity's (its screens as a whole).
 */
export function permissionFor(entity: EntitySchema, operation?: string): Permission | undefined {
  const { permission, permissions } = entity['x-resource'];
  return (operation === undefined ? undefined : permissions?.[operation]) ?? permission;
}

/**
 * The entity as the gate of one of its operations sees it: that operation's permission
 * (`permissionFor`) in place of the entity's, so that `accessDenial` of the result is the operation's gate.
 */
export function operationGate(entity: EntitySchema, operation: string): EntitySchema {
  const resource = entity['x-resource'];
  return {
    ...entity,
    'x-resource': { ...resource, permission: permissionFor(entity, operation), permissions: undefined },
  };
}

const defaultsOf = (entity: EntitySchema): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(entity.properties).flatMap(([name, property]) =>
      property.default === undefined ? [] : [[name, property.default]],
    ),
  );

/**
 * The permissions a record's values need besides its operation's: for each enum property with
 * `x-permissions`, the one its value names (a delivery invoice needs `sms.delivery`). A property
 * left unset that applies to the record (`x-when`) will hold its `default`, which is judged instead
 * (an invoice that names no channel goes by SMS, and needs `sms.single_sms`).
 */
export function valuePermissionsOf(entity: EntitySchema, record: Record<string, unknown>): string[] {
  // As the record will be stored: every default first (an invoice without a kind is a quick one).
  const stored = { ...defaultsOf(entity), ...record };
  return Object.entries(entity.properties).flatMap(([name, property]) => {
    const value = record[name] ?? (applies(property, stored) ? property.default : undefined);
    const needed = property['x-permissions']?.[String(value)];
    if (value === undefined || needed === undefined) return [];
    return Array.isArray(needed) ? needed : [needed];
  });
}

/** A record's value of `name`, its property's `default` when the record leaves it unset. */
function valueOrDefault(entity: EntitySchema, record: Record<string, unknown>, name: string): unknown {
  return record[name] ?? entity.properties[name]?.default;
}

/**
 * Whether `record` matches a command's `when`, a property it leaves unset holding its `default`
 * (an invoice made before it had a channel goes by SMS).
 */
export function commandMatches(entity: EntitySchema, command: string, record: Record<string, unknown>): boolean {
  const when = entity['x-resource'].commands?.[command]?.when;
  return Object.entries(when ?? {}).every(([name, values]) => values.includes(valueOrDefault(entity, record, name)));
}

/**
 * The gate of running a command on `record`: the command's permission and the one each of its
 * `valuePermissions` properties' value needs (resending an invoice, its channel's).
 */
export function commandGate(entity: EntitySchema, command: string, record: Record<string, unknown>): EntitySchema {
  const names = entity['x-resource'].commands?.[command]?.valuePermissions ?? [];
  const values = Object.fromEntries(names.map((name) => [name, valueOrDefault(entity, record, name)]));
  const gate = recordGate({ ...entity, properties: pick(entity.properties, names) }, command, values);
  return { ...entity, 'x-resource': gate['x-resource'] };
}

const pick = <T>(all: Record<string, T>, names: readonly string[]): Record<string, T> =>
  Object.fromEntries(names.flatMap((name) => (all[name] === undefined ? [] : [[name, all[name]]])));

/**
 * The gate of writing `record` by one operation (`create`, `update`): the operation's permission
 * and every permission its values need (`valuePermissionsOf`).
 */
export function recordGate(entity: EntitySchema, operation: string, record: Record<string, unknown>): EntitySchema {
  const gate = operationGate(entity, operation);
  const values = valuePermissionsOf(entity, record);
  if (values.length === 0) return gate;
  const own = gate['x-resource'].permission;
  const permission = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), ...values];
  return { ...gate, 'x-resource': { ...gate['x-resource'], permission } };
}

/**
 * The gate of an entity, from its `x-resource`: the merchant service it names must be on (support
 * enables services, SPEC §6), and an employee needs every permission it names, each in its map;
 * an `adminOnly` entity no employee may use. With an `operation` (`create`, `cancel`, …), the
 * permission is that operation's (`permissionFor`). The API refuses the calls and the portal hides
 * the screens, buttons and entries by this one rule.
 */
export function accessDenial(entity: EntitySchema, profile: AccessProfile, operation?: string): AccessDenial | null {
  const { service, adminOnly } = entity['x-resource'];
  if (service && !profile.services[service]) return 'service';
  if (profile.role === 'employee' && adminOnly === true) return 'permission';
  const permission = permissionFor(entity, operation);
  if (profile.role === 'employee' && permission && !holds(profile.permissions, permission)) return 'permission';
  return null;
}

/** Whether an employee's maps hold every value `permission` names, each in its map. */
export function holds(maps: AccessProfile['permissions'], permission: Permission): boolean {
  return permissionsOf(permission).every(({ map, value }) => maps[map]?.includes(value));
}
