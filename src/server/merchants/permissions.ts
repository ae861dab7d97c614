import type { Employee } from '../../generated';
import { getEntitySchema } from '../../schema/registry';

/**
 * Employee permission maps (general, sms, report, …) and their values, read from the employee
 * schema's `permissions` property: a value added there is granted to admins and offered to
 * employees with no code change.
 */

export type PermissionMaps = Record<string, string[]>;

/** Every map of the schema, as the employee's generated type names the maps and their values. */
export type EmployeePermissions = PermissionMaps & Required<Employee['permissions']>;

/**
 * Every map with every value it allows. Typed as the generated employee type too: these are the
 * maps and enums of the very schema that type is generated from.
 */
export function allPermissions(): EmployeePermissions {
  const maps = getEntitySchema('employee').properties.permissions?.properties ?? {};
  return Object.fromEntries(
    Object.entries(maps).map(([map, schema]) => [
      map,
      (schema.items?.enum ?? []).filter((v): v is string => typeof v === 'string'),
    ]),
  ) as EmployeePermissions;
}

/** Every map with no value: an employee granted nothing, to add the values they get to. */
export function noPermissions(): EmployeePermissions {
  // Every map of the schema, each empty (see `allPermissions`).
  return Object.fromEntries(
    Object.keys(allPermissions()).map((map): [string, string[]] => [map, []]),
  ) as EmployeePermissions;
}

/** An employee's stored maps, with every known map present (empty when not granted). */
export function permissionsOf(stored: unknown): PermissionMaps {
  const given = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(allPermissions()).map((map) => {
      const values = given[map];
      return [map, Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : []];
    }),
  );
}
