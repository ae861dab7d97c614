import { accessDenial } from '../../schema/access';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';

/**
 * Whether the signed-in user may open a resource's screens: the rule the API enforces
 * (`accessDenial`), used here only to keep the menu and the routes to what will work.
 */
export function canOpen(entity: EntitySchema, access: PortalPermissions | undefined): boolean {
  if (!access?.role) return false;
  return (
    accessDenial(entity, {
      role: access.role,
      services: access.services ?? {},
      permissions: access.permissions ?? {},
    }) === null
  );
}
