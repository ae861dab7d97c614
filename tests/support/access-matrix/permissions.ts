import { permissionsOf } from '../../../src/schema/access';
import type { EntitySchema, Permission } from '../../../src/schema/types';
import { noPermissions, type PermissionMaps } from '../../../src/server/merchants/permissions';

/**
 * The permission maps of the matrix's limited employee, computed from what the entities ask for:
 * every other permission value the entities name (in a stable order, their operations' too) is granted. Entities asking
 * for one value get it or not; entities asking for two (`["rental", "rental.assets"]`) may get
 * both, neither or one of them only, which must refuse as much as neither.
 */
export function limitedPermissions(entities: readonly EntitySchema[]): PermissionMaps {
  const named = new Set<string>();
  for (const entity of entities) {
    const { permission, own, permissions } = entity['x-resource'];
    for (const given of [permission, own?.permission, ...Object.values(permissions ?? {})]) {
      if (given) for (const { map, value } of permissionsOf(given)) named.add(`${map}.${value}`);
    }
  }
  const maps = noPermissions();
  [...named].sort().forEach((name, index) => {
    if (index % 2 !== 0) return;
    const [map, value] = name.split('.');
    maps[map].push(value);
  });
  return maps;
}

/**
 * The permission maps of the matrix's viewer: every value an entity, its views or its own record
 * need to be seen (`permission`), and none that only an operation, status action or command asks
 * for (`x-resource.permissions`), such as `open_invoice.create` beside `open_invoice.view`.
 */
export function viewerPermissions(entities: readonly EntitySchema[]): PermissionMaps {
  const seen = new Set<string>();
  for (const entity of entities) {
    const { permission, own, views } = entity['x-resource'];
    const gates = [permission, own?.permission, ...Object.values(views ?? {}).map((view) => view.permission)];
    for (const given of gates)
      if (given) for (const { map, value } of permissionsOf(given)) seen.add(`${map}.${value}`);
  }
  const maps = noPermissions();
  for (const name of [...seen].sort()) {
    const [map, value] = name.split('.');
    maps[map].push(value);
  }
  return maps;
}

/** Whether an employee with `maps` holds every value `permission` names (a missing permission is held). */
export function holds(maps: PermissionMaps, permission: EntitySchema['x-resource']['permission']): boolean {
  return !permission || permissionsOf(permission).every(({ map, value }) => maps[map]?.includes(value));
}

/** `maps` without each value `permission` names. */
export function withoutPermission(maps: PermissionMaps, permission: Permission | undefined): PermissionMaps {
  const dropped = permission ? permissionsOf(permission) : [];
  return Object.fromEntries(
    Object.entries(maps).map(([map, values]) => [
      map,
      values.filter((value) => !dropped.some((gone) => gone.map === map && gone.value === value)),
    ]),
  );
}
