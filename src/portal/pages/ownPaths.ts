import { entitySchemas } from '../../schema/registry';
import type { EntitySchema, XOwn } from '../../schema/types';

/**
 * Paths of the account screens `ownRoutes` serves, from the schemas alone (no React), so that the
 * shell can tell they are protected back-office paths without downloading the back office.
 */

export const ACCOUNT_PAGES = {
  notifications: '/account/notification',
  faq: '/account/faq',
  security: '/account/security',
} as const;

/** The entities with an own record (`x-resource.own`), each with its declaration. */
export const ownDeclarations = (): [EntitySchema, XOwn][] =>
  Object.values(entitySchemas).flatMap((entity): [EntitySchema, XOwn][] => {
    const own = entity['x-resource'].own;
    return own ? [[entity, own]] : [];
  });

/** Show, edit and section routes of the own records, then the account pages. */
export const ownPaths: string[] = [
  ...new Set([
    ...ownDeclarations().flatMap(([, { routes, sections = {} }]) => [
      routes.show,
      ...(routes.edit ? [routes.edit] : []),
      ...Object.values(sections).map((section) => section.route),
    ]),
    ...Object.values(ACCOUNT_PAGES),
  ]),
];
