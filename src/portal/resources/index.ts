import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { allows } from '../../schema/operations';
import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { lazyWithReload } from '../data/chunkReload';
import { iconFor } from './icons';
import { sectionRoutes } from './sections';
import { withScreenFallback } from './withScreenFallback';

/**
 * The resource factory: every entity schema becomes a react-admin resource whose screens are the
 * generic ones below; each reads its fields, columns, filters and rules from the schema of the
 * resource it is shown for. The screens load on demand.
 */
export const ResourceList = withScreenFallback(lazyWithReload(() => import('./ResourceList')));
export const ResourceShow = withScreenFallback(lazyWithReload(() => import('./ResourceShow')));
export const ResourceCreate = withScreenFallback(lazyWithReload(() => import('./ResourceCreate')));
export const ResourceEdit = withScreenFallback(lazyWithReload(() => import('./ResourceEdit')));
export const ResourceSection = withScreenFallback(lazyWithReload(() => import('./ResourceSection')));

export interface PortalResource {
  entity: EntitySchema;
  /** Props for `<Resource>`: name, views, icon and options. */
  props: ResourceProps;
}

/**
 * The `<Resource>` props of one entity schema: the screens of its operations
 * (`x-resource.operations`; sections edit, so they need `update`), its sections as routes inside
 * the resource. Its views are routes of their own (`views.tsx`).
 */
export function createResource(entity: EntitySchema): PortalResource {
  return {
    entity,
    props: {
      name: entity.$id,
      list: allows(entity, 'list') ? ResourceList : undefined,
      show: allows(entity, 'show') ? ResourceShow : undefined,
      create: allows(entity, 'create') ? ResourceCreate : undefined,
      edit: allows(entity, 'update') ? ResourceEdit : undefined,
      icon: iconFor(entity.$id),
      options: { endpoint: entity['x-resource'].endpoint, schema: entity },
      children: allows(entity, 'update')
        ? sectionRoutes(entity, (name) => createElement(ResourceSection, { section: name }))
        : [],
    },
  };
}

/** Every resource of the portal, in the registry's order (which is the menu's order). */
export const portalResources: PortalResource[] = Object.values(entitySchemas).map(createResource);
