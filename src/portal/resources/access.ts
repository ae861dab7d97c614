import { accessDenial, holds, merchantFlags, type AccessDenial } from '../../schema/access';
import type { EntitySchema, Permission } from '../../schema/types';
import { withViewGate } from '../../schema/views';
import type { PortalPermissions } from '../data/authProvider';

/**
 * Why the signed-in user may not use a resource, or one operation of it (`create`, `export`, a
 * status action or command by name), or null when they may: the rule the API enforces
 * (`accessDenial`). Without a known role nothing is open, as the API would refuse it all.
 */
export function denialOf(
  entity: EntitySchema,
  access: PortalPermissions | undefined,
  operation?: string,
): AccessDenial | null {
  if (!access?.role) return 'permission';
  return accessDenial(
    entity,
    {
      role: access.role,
      services: merchantFlags(access.services ?? {}, access.isMultiVendor === true),
      permissions: access.permissions ?? {},
    },
    operation,
  );
}

/** Whether the signed-in user may use one operation of a resource: what its buttons are shown by. */
export function mayDo(entity: EntitySchema, operation: string, access: PortalPermissions | undefined): boolean {
  return denialOf(entity, access, operation) === null;
}

/** Whether the signed-in user may open a resource's screens: what the menu and the dashboard list. */
export function canOpen(entity: EntitySchema, access: PortalPermissions | undefined): boolean {
  return denialOf(entity, access, 'list') === null;
}

/** Whether the signed-in user may open a view of a resource (its own gate, else the resource's). */
export function canOpenView(entity: EntitySchema, view: string, access: PortalPermissions | undefined): boolean {
  return canOpen(withViewGate(entity, view), access);
}

/**
 * Whether the signed-in user may choose a value that needs `permission` (`x-permissions`: the
 * delivery tab of an invoice): anyone a value needing none, an admin always, an employee holding
 * it, nobody without a known role.
 */
export function mayChoose(permission: Permission | undefined, access: PortalPermissions | undefined): boolean {
  if (permission === undefined) return true;
  if (!access?.role) return false;
  return access.role === 'admin' || holds(access.permissions ?? {}, permission);
}
