import type { ReactElement } from 'react';
import { Route } from 'react-router';
import type { EntitySchema } from '../../schema/types';
import { routeParameter, VIEW_FILTER, viewOf, viewsOf } from '../../schema/views';
import type { Translate } from '../forms/translate';
import { humanise } from '../forms/translate';

/**
 * Views (`x-resource.views`) in the portal: each is the list screen of its entity served at the
 * view's own SPEC §2 route (`/report/incomplete`, `/unit/tenant-list/:unit_id`), with the view's
 * fixed filter, columns, date range and title. The API is told which view it serves
 * (`filter.view`) and applies the same fixed filter and rules.
 */

/** Catalogue key of a view's title: `resources.<entity>.views.<name>`. */
export const viewLabelKey = (resource: string, name: string) => `resources.${resource}.views.${name}`;

/** What a view is called, in the user's language. */
export const viewLabel = (translate: Translate, resource: string, name: string) =>
  translate(viewLabelKey(resource, name), { _: humanise(name) });

/** A route parameter's text as the filter's property takes it (ids are integers). */
function typedParameter(entity: EntitySchema, key: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const type = entity.properties[key]?.type;
  return (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/**
 * The filter a view's list always sends: its name and its fixed values, a value naming a route
 * parameter (`":unit_id"`) taken from the address. The user cannot change or remove any of it.
 */
export function viewFilter(
  entity: EntitySchema,
  name: string,
  params: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const filter: Record<string, unknown> = { [VIEW_FILTER]: name };
  for (const [key, value] of Object.entries(viewOf(entity, name)?.filter ?? {})) {
    const parameter = routeParameter(value);
    filter[key] = parameter ? typedParameter(entity, key, params[parameter]) : value;
  }
  return filter;
}

/** The `<Route>`s of an entity's views at their SPEC §2 routes, each showing `element(name)`. */
export function viewRoutes(entity: EntitySchema, element: (name: string) => ReactElement): ReactElement[] {
  return viewsOf(entity).map(([name, { route }]) => (
    <Route key={`${entity.$id}.${name}`} path={route} element={element(name)} />
  ));
}
