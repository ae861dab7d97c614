import { allows } from '../../schema/operations';
import { entitySchemas, getEntitySchema } from '../../schema/registry';
import type { EntitySchema, Operation } from '../../schema/types';
import { viewOf, viewsOf } from '../../schema/views';

/**
 * Where each screen of a resource lives: its SPEC §2 address, derived from the schema. The list is
 * at `x-resource.routes.list` (a view's at the view's `route`); a record's page at the schema's
 * `routes.show`, else below its list (`/invoice/invoice-list/40`); its edit form at `routes.edit`,
 * else below the record's page (`/invoice/invoice-list/40/edit`); the create form at `routes.create`,
 * else `<list>/create`. A record opened from a view lives below the view (`/report/payment-list/189`).
 * An entity without a SPEC list route has `/<entity>` as its own list address.
 *
 * Paths only, no React: the shell's list of back-office addresses is made from these too.
 */

export type Screen = 'list' | 'create' | 'show' | 'edit';

/** Which list a screen was reached from: a view (`x-resource.views`) and its route's parameters. */
export interface ScreenPlace {
  view?: string;
  params?: Readonly<Record<string, string | undefined>>;
}

/** The operation each screen needs (`x-resource.operations`). */
export const SCREEN_OPERATION: Record<Screen, Operation> = {
  list: 'list',
  create: 'create',
  show: 'show',
  edit: 'update',
};

/** An entity's list address: its SPEC route, else one of its own (never a public page's). */
export const listRoute = (entity: EntitySchema): string => entity['x-resource'].routes.list ?? `/${entity.$id}`;

/** Whether an entity's records have pages (show or edit). */
const hasRecords = (entity: EntitySchema) => allows(entity, 'show') || allows(entity, 'update');

/** List routes two entities with record pages share (`/account/faq`: the questions and the guides). */
const sharedListRoutes: ReadonlySet<string> = (() => {
  const seen = new Map<string, number>();
  for (const entity of Object.values(entitySchemas))
    if (hasRecords(entity)) seen.set(listRoute(entity), (seen.get(listRoute(entity)) ?? 0) + 1);
  return new Set([...seen].filter(([, count]) => count > 1).map(([route]) => route));
})();

/**
 * What record pages sit below: the list's route, or the view's; where two entities share a list
 * route, each entity's records sit below a segment of its name (`/account/faq/demo-guide/3`).
 */
function recordBase(entity: EntitySchema, view?: string): string {
  const viewRoute = view ? viewOf(entity, view)?.route : undefined;
  if (viewRoute) return viewRoute;
  const list = listRoute(entity);
  return sharedListRoutes.has(list) ? `${list}/${entity.$id.replace(/_/g, '-')}` : list;
}

/** The route pattern (react-router's, with `:id`) of a screen of an entity, reached from `view` if given. */
export function screenRoute(entity: EntitySchema, screen: Screen, view?: string): string {
  const { routes } = entity['x-resource'];
  const viewRoute = view === undefined ? undefined : viewOf(entity, view)?.route;
  const fromView = viewRoute !== undefined;
  switch (screen) {
    case 'list':
      return viewRoute ?? listRoute(entity);
    case 'create':
      return routes.create ?? `${recordBase(entity)}/create`;
    case 'show':
      return !fromView && routes.show ? routes.show : `${recordBase(entity, view)}/:id`;
    case 'edit':
      return !fromView && routes.edit ? routes.edit : `${screenRoute(entity, 'show', view)}/edit`;
  }
}

/** A route pattern with its parameters filled in (`:id` and a view's `:unit_id`), each encoded. */
export function fillRoute(route: string, values: Readonly<Record<string, string | number | undefined>>): string {
  return route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}

/**
 * The address of a screen: `screenPath(invoice, 'show', 40)` is `/invoice/invoice-list/40`. A record
 * opened from a view takes the view's place (`{ view: 'payment_list' }`), with the view's own route
 * parameters (`{ view: 'by_unit', params: { unit_id: '5' } }`).
 */
export function screenPath(
  entity: EntitySchema,
  screen: Screen,
  id?: string | number,
  place: ScreenPlace = {},
): string {
  const { view, params = {} } = place;
  // A view whose route needs a parameter that is not known (a tenant opened from elsewhere) is not the place.
  const route = screenRoute(entity, screen, view);
  const filled = fillRoute(route, { ...params, id });
  if (view && /\/:[A-Za-z_]/.test(filled)) return screenPath(entity, screen, id);
  return filled;
}

/** `screenPath` by the resource's name, as react-admin's `createPath` takes it. */
export function resourcePath({ resource, type, id }: { resource: string; type: Screen; id?: string | number }): string {
  return screenPath(getEntitySchema(resource), type, id);
}

/** The address of one of an entity's sections (`x-resource.sections`) for a record. */
export function sectionScreenPath(entity: EntitySchema, name: string, id: string | number): string {
  const route = entity['x-resource'].sections?.[name]?.route;
  if (!route) throw new Error(`${entity.$id} has no section ${name}`);
  return fillRoute(route, { id });
}

/** One screen's route: which screen, reached from which view, at which pattern. */
export interface ScreenRoute {
  screen: Screen;
  view?: string;
  path: string;
}

/**
 * Every screen route of an entity among `screens` (by default those its operations offer): the list,
 * create, record and edit routes, and each view's list, record and edit routes. Sections are
 * `x-resource.sections`' own.
 */
export function screenRoutes(
  entity: EntitySchema,
  screens: readonly Screen[] = (['list', 'create', 'show', 'edit'] as const).filter((screen) =>
    allows(entity, SCREEN_OPERATION[screen]),
  ),
): ScreenRoute[] {
  return [
    ...screens.map((screen) => ({ screen, path: screenRoute(entity, screen) })),
    ...viewsOf(entity).flatMap(([view]) =>
      (['list', 'show', 'edit'] as const)
        .filter((screen) => screen === 'list' || screens.includes(screen))
        .map((screen) => ({ screen, view, path: screenRoute(entity, screen, view) })),
    ),
  ];
}
