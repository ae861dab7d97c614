import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AccessDenial } from '../../schema/access';
import { lazyWithReload } from '../data/chunkReload';
import type { PortalPermissions } from '../data/authProvider';
import { denialOf } from './access';
import { sectionRoutes } from './sections';
import type { PortalResource } from './index';
import { withScreenFallback } from './withScreenFallback';

const AccessDeniedPage = withScreenFallback(lazyWithReload(() => import('../pages/AccessDeniedPage')));

/** One view per reason, made once: a stable component keeps react-admin from remounting the route. */
const deniedViews: Record<AccessDenial, ComponentType> = {
  permission: () => <AccessDeniedPage reason="permission" />,
  service: () => <AccessDeniedPage reason="service" />,
};

/**
 * The `<Resource>` props of a resource for the signed-in user: its own screens when they may use
 * it; otherwise every view (list, create, edit, show, sections) says why not, and none asks the API anything.
 */
export function gatedResourceProps(
  { entity, props }: PortalResource,
  access: PortalPermissions | undefined,
): ResourceProps {
  const denial = denialOf(entity, access);
  if (!denial) return props;
  const Denied = deniedViews[denial];
  return {
    name: props.name,
    options: props.options,
    list: Denied,
    create: Denied,
    edit: Denied,
    show: Denied,
    children: sectionRoutes(entity, () => <Denied />),
  };
}
