import type { ServiceFlag } from '../data/apiTypes';
import type { PortalPermissions } from '../data/authProvider';
import type { EntitySchema } from '../../schema/types';

/**
 * Whether the signed-in user may open a resource's screens, from its `x-resource`: the merchant
 * service it needs must be on (support enables services, SPEC §6), and an employee needs the
 * resource's key in their `general` permission map. The API enforces the same; this only keeps
 * the menu and the routes to what will work.
 */
export function canOpen(entity: EntitySchema, access: PortalPermissions | undefined): boolean {
  if (!access) return false;
  const { service, permission } = entity['x-resource'];
  if (service && !access.services?.[service as ServiceFlag]) return false;
  if (access.role === 'employee' && permission) {
    return (access.permissions?.general as readonly string[] | undefined)?.includes(permission) ?? false;
  }
  return true;
}
