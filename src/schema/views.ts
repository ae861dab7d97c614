import type { EntitySchema, XDateRange, XView } from './types';

/**
 * Views (`x-resource.views`): more list screens of an entity, each at its own route with a fixed
 * filter. A list call names its view in the filter (`{"view": "incomplete", …}`); the API then
 * applies the view's fixed filter, gates and date range rule, so a view means the same on both
 * sides. A list call without `view` is the entity's own list under the entity's rules.
 */

/** The filter property that names a view. */
export const VIEW_FILTER = 'view';

/** The views of an entity, as `[name, view]`, in the schema's order. */
export function viewsOf(entity: EntitySchema): [string, XView][] {
  return Object.entries(entity['x-resource'].views ?? {});
}

/** The view of that name, if the entity has one (none for no name). */
export function viewOf(entity: EntitySchema, name: string | undefined): XView | undefined {
  const views = entity['x-resource'].views ?? {};
  return name !== undefined && Object.hasOwn(views, name) ? views[name] : undefined;
}

/** The route parameter a fixed filter value stands for (`":unit_id"` → `unit_id`), if it is one. */
export function routeParameter(value: unknown): string | null {
  return typeof value === 'string' && /^:[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value.slice(1) : null;
}

/** Whether a view's route needs a value from the address (`/unit/tenant-list/:unit_id`). */
export const hasRouteParameters = (view: XView) => /\/:[A-Za-z_]/.test(view.route);

/**
 * The entity as a view's gate sees it: the view's `service` and `permission` in place of the
 * entity's where it names them (the view's permission also gates its list and export, whatever
 * `x-resource.permissions` says of the entity's). `accessDenial` of the result is the view's gate.
 */
export function withViewGate(entity: EntitySchema, name: string | undefined): EntitySchema {
  const view = viewOf(entity, name);
  if (!view || (view.service === undefined && view.permission === undefined)) return entity;
  const resource = entity['x-resource'];
  return {
    ...entity,
    'x-resource': {
      ...resource,
      service: view.service ?? resource.service,
      permission: view.permission ?? resource.permission,
      ...(view.permission === undefined
        ? {}
        : { permissions: { ...resource.permissions, list: view.permission, export: view.permission } }),
    },
  };
}

/** The date range rule of the entity's list, or of one of its views (its own, else the entity's). */
export function dateRangeOf(entity: EntitySchema, name?: string): XDateRange | undefined {
  return viewOf(entity, name)?.dateRange ?? entity['x-list'].dateRange;
}

/** The list columns of the entity, or of one of its views. */
export function columnsOf(entity: EntitySchema, name?: string): string[] {
  return viewOf(entity, name)?.columns ?? entity['x-list'].columns;
}
