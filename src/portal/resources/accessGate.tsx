import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AccessDenial } from '../../schema/access';
import { withViewGate } from '../../schema/views';
import { lazyWithReload } from '../data/chunkReload';
import type { PortalPermissions } from '../data/authProvider';
import { denialOf } from './access';
import { sectionRoutes } from './sections';
import { ResourceViewScreen, type PortalResource } from './index';
import { viewRoutes } from './views';
import { withScreenFallback } from './withScreenFallback';

export const AccessDeniedPage = withScreenFallback(lazyWithReload(() => import('../pages/AccessDeniedPage')));

/** One view per reason, made once: a stable component keeps react-admin from remounting the route. */
const deniedViews: Record<AccessDenial, ComponentType> = {
  permission: () => <AccessDeniedPage reason="permission" />,
  service: () => <AccessDeniedPage reason="service" />,
};

/**
 * The `<Resource>` props of a resource for the signed-in user: its own screens when they may use
 * it; otherwise every screen it has (list, create, edit, show, sections) says why not, and none
 * asks the API anything.
 */
export function gatedResourceProps(
  { entity, props }: PortalResource,
  access: PortalPermissions | undefined,
): ResourceProps {
  const denial = denialOf(entity, access);
  if (!denial) return props;
  const Denied = deniedViews[denial];
  const gate = (screen: ResourceProps['list']) => (screen ? Denied : undefined);
  return {
    name: props.name,
    options: props.options,
    list: gate(props.list),
    create: gate(props.create),
    edit: gate(props.edit),
    show: gate(props.show),
    children: props.edit ? sectionRoutes(entity, () => <Denied />) : [],
  };
}

/**
 * The routes of a resource's views (`x-resource.views`), each behind its own gate (the view's
 * service and permission, else the resource's): the list when the user may open it, else the reason.
 */
export function gatedViewRoutes({ entity }: PortalResource, access: PortalPermissions | undefined): ReactElement[] {
  return viewRoutes(entity, (view) => {
    const denial = denialOf(withViewGate(entity, view), access);
    if (!denial) return <ResourceViewScreen resource={entity.$id} view={view} />;
    const Denied = deniedViews[denial];
    return <Denied />;
  });
}
