import type { ReactElement } from 'react';
import { Navigate, Route, generatePath, useLocation, useParams } from 'react-router';
import { allows } from '../../schema/operations';
import type { EntitySchema, Operation, XResource } from '../../schema/types';
import { PUBLIC_PATHS } from '../shell/publicPaths';
import { sectionPath, sectionsOf } from './sections';

type View = keyof XResource['routes'];

/** Where each view lives among react-admin's routes of a resource. */
const resourcePath: Record<View, (resource: string) => string> = {
  list: (resource) => `/${resource}`,
  create: (resource) => `/${resource}/create`,
  edit: (resource) => `/${resource}/:id`,
  show: (resource) => `/${resource}/:id/show`,
};

/** The operation each view needs (`x-resource.operations`). */
const viewOperation: Record<View, Operation> = { list: 'list', create: 'create', edit: 'update', show: 'show' };

/** Sends an old-portal path to the react-admin route of the same screen, keeping id and query. */
function RedirectTo({ to }: { to: string }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`${generatePath(to, params)}${search}`} replace />;
}

const redirect = (path: string, to: string) => <Route key={path} path={path} element={<RedirectTo to={to} />} />;

const publicPaths = new Set<string>(Object.values(PUBLIC_PATHS));

/**
 * Whether react-admin's list route of the entity is taken by a public page (the sub-merchants'
 * `/merchant` is the sign-in page): its list is then shown at its own route, not redirected.
 */
export const listShownInPlace = (entity: EntitySchema): boolean =>
  Boolean(entity['x-resource'].routes.list) && publicPaths.has(resourcePath.list(entity.$id));

/**
 * Routes of SPEC §2 for a resource's screens, taken from its `x-resource.routes` and `sections`
 * (`/invoice/invoice-list`, `/employees/:id`, `/employees/:id/permissions`, …), each redirecting
 * to react-admin's route; a screen of an operation the resource does not offer has none.
 */
export function legacyRoutes(entity: EntitySchema): ReactElement[] {
  return [
    ...Object.entries(entity['x-resource'].routes).flatMap(([view, path]) =>
      path && allows(entity, viewOperation[view as View]) && !(view === 'list' && listShownInPlace(entity))
        ? [redirect(path, resourcePath[view as View](entity.$id))]
        : [],
    ),
    ...(allows(entity, 'update')
      ? sectionsOf(entity).map(([name, { route }]) => redirect(route, `/${entity.$id}/${sectionPath(name)}`))
      : []),
  ];
}
