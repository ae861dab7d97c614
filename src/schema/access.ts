import type { EntitySchema } from './types';

/** What access to an entity depends on: the merchant's services and, for employees, their maps. */
export interface AccessProfile {
  role: 'admin' | 'employee';
  services: Partial<Record<string, boolean>>;
  permissions: { general?: readonly string[] };
}

/** Why a user may not use an entity: its service is off for the merchant, or the employee lacks the permission. */
export type AccessDenial = 'service' | 'permission';

/**
 * The gate of an entity, from its `x-resource`: the merchant service it names must be on (support
 * enables services, SPEC §6), and an employee needs its `permission` in their `general` map.
 * The API refuses the calls and the portal hides the screens by this one rule.
 */
export function accessDenial(entity: EntitySchema, profile: AccessProfile): AccessDenial | null {
  const { service, permission } = entity['x-resource'];
  if (service && !profile.services[service]) return 'service';
  if (profile.role === 'employee' && permission && !profile.permissions.general?.includes(permission)) {
    return 'permission';
  }
  return null;
}
