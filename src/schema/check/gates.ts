import { SERVICE_FLAGS } from '../../shared/services';
import { GATED_OPERATIONS, MULTI_VENDOR_FLAG, permissionMapsOf, permissionsOf } from '../access';
import { transitionsOf } from '../relations';
import { GROUPS } from '../groups';
import type { Permission } from '../types';
import { quoted, type CrossCheck } from './context';
import { pointerTo } from './problems';

/**
 * The gates of an entity name what exists: each `permission` (of the entity, an operation, a view,
 * the own record) a map and a value of the employee schema's `permissions`, each operation of
 * `permissions` one the entity has (an operation, the export, a status action or a command), each
 * `service` a merchant flag, the `group` a menu group; each value of `x-permissions` one of its property's enum.
 */

/** The employee entity, whose `permissions` property holds every permission map and value. */
export const EMPLOYEE_ENTITY = 'employee';

const MERCHANT_FLAGS: readonly string[] = [...SERVICE_FLAGS, MULTI_VENDOR_FLAG];

export const checkGates: CrossCheck = ({ entity, entities, report }) => {
  const maps = permissionMapsOf(entities.get(EMPLOYEE_ENTITY));
  const resource = entity['x-resource'];

  const permission = (pointer: string, given: Permission | undefined) => {
    if (given === undefined) return;
    permissionsOf(given).forEach(({ map, value }, i) => {
      const at = Array.isArray(given) ? pointerTo(pointer, i) : pointer;
      if (!maps[map]) report(at, `no permission map ${quoted(map)} in ${EMPLOYEE_ENTITY}'s permissions`);
      else if (!maps[map].includes(value))
        report(at, `${quoted(value)} is not a value of ${EMPLOYEE_ENTITY}'s permissions.${map}`);
    });
  };
  const service = (pointer: string, given: string | undefined) => {
    if (given !== undefined && !MERCHANT_FLAGS.includes(given))
      report(pointer, `unknown service ${quoted(given)}: a merchant flag is one of ${MERCHANT_FLAGS.join(', ')}`);
  };

  permission('/x-resource/permission', resource.permission);
  const operations: string[] = [
    ...GATED_OPERATIONS,
    ...transitionsOf(entity).map(({ action }) => action),
    ...Object.keys(resource.commands ?? {}),
  ];
  for (const [operation, given] of Object.entries(resource.permissions ?? {})) {
    const at = pointerTo('/x-resource/permissions', operation);
    if (!operations.includes(operation))
      report(at, `${quoted(operation)} is not an operation of ${entity.$id}: one of ${operations.join(', ')}`);
    permission(at, given);
  }
  service('/x-resource/service', resource.service);
  permission('/x-resource/own/permission', resource.own?.permission);
  for (const [name, property] of Object.entries(entity.properties)) {
    for (const [value, given] of Object.entries(property['x-permissions'] ?? {})) {
      const at = pointerTo('/properties', name, 'x-permissions', value);
      if (!(property.enum ?? []).includes(value)) report(at, `${quoted(value)} is not a value of the property's enum`);
      permission(at, given);
    }
  }
  for (const [name, view] of Object.entries(resource.views ?? {})) {
    permission(pointerTo('/x-resource/views', name, 'permission'), view.permission);
    service(pointerTo('/x-resource/views', name, 'service'), view.service);
  }
  if (resource.group !== undefined && !(GROUPS as readonly string[]).includes(resource.group))
    report('/x-resource/group', `unknown menu group ${quoted(resource.group)}: one of ${GROUPS.join(', ')}`);
};
