import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router';
import { allows } from '../../schema/operations';
import type { AccessDenial } from '../../schema/access';
import { withViewGate } from '../../schema/views';
import { lazyWithReload } from '../data/chunkReload';
import type { PortalPermissions } from '../data/authProvider';
import { denialOf } from './access';
import { listShownInPlace } from './legacyRoutes';
import { sectionRoutes } from './sections';
import { ResourceViewScreen, type PortalResource } from './index';
import { viewRoutes } from './views';
import { withScreenFallback } from './withScreenFallback';

export const AccessDeniedPage = withScreenFallback(lazyWithReload(() => import('../pages/AccessDeniedPage')));

const deniedViews = new Map<string, ComponentType>();

/**
 * The screen saying why not, one per reason and service, made once: a stable component keeps
 * react-admin from remounting the route.
 */
function deniedView(reason: AccessDenial, service: string | undefined): ComponentType {
  const key = `${reason}:${reason === 'service' ? (service ?? '') : ''}`;
  let view = deniedViews.get(key);
  if (!view) {
    view = () => <AccessDeniedPage reason={reason} service={service} />;
    deniedViews.set(key, view);
  }
  return view;
}

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
  if (!denial) return operationGatedProps(entity, props, access);
  const Denied = deniedView(denial, entity['x-resource'].service);
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
 * The screens of a resource the user may open, by the permission of each operation
 * (`x-resource.permissions`): a list or detail they may not read says why not; without the
 * permission to create or change, the resource has no create or edit screen (nor sections), so
 * react-admin shows no Create or Edit button either.
 */
function operationGatedProps(
  entity: PortalResource['entity'],
  props: ResourceProps,
  access: PortalPermissions | undefined,
) {
  const screen = (operation: string, given: ResourceProps['list']) => {
    const denial = given ? denialOf(entity, access, operation) : null;
    return denial ? deniedView(denial, entity['x-resource'].service) : given;
  };
  const mayUpdate = denialOf(entity, access, 'update') === null;
  return {
    ...props,
    list: screen('list', props.list),
    show: screen('show', props.show),
    create: denialOf(entity, access, 'create') ? undefined : props.create,
    edit: mayUpdate ? props.edit : undefined,
    children: mayUpdate ? props.children : [],
  };
}

/**
 * The routes of a resource's views (`x-resource.views`), each behind its own gate (the view's
 * service and permission, else the resource's): the list when the user may open it, else the reason.
 */
export function gatedViewRoutes({ entity }: PortalResource, access: PortalPermissions | undefined): ReactElement[] {
  return viewRoutes(entity, (view) => {
    const gated = withViewGate(entity, view);
    const denial = denialOf(gated, access);
    if (!denial) return <ResourceViewScreen resource={entity.$id} view={view} />;
    const Denied = deniedView(denial, gated['x-resource'].service);
    return <Denied />;
  });
}

/**
 * The list of a resource whose react-admin route a public page holds (`listShownInPlace`), at its
 * own route (`x-resource.routes.list`) behind the resource's gate.
 */
export function gatedListInPlaceRoutes(
  { entity }: PortalResource,
  access: PortalPermissions | undefined,
): ReactElement[] {
  const path = entity['x-resource'].routes.list;
  if (!path || !allows(entity, 'list') || !listShownInPlace(entity)) return [];
  const denial = denialOf(entity, access, 'list');
  const Denied = denial && deniedView(denial, entity['x-resource'].service);
  return [
    <Route
      key={`${entity.$id}.list`}
      path={path}
      element={Denied ? <Denied /> : <ResourceViewScreen resource={entity.$id} />}
    />,
  ];
}
