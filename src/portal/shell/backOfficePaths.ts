import { entitySchemas } from '../../schema/registry';
import { viewsOf } from '../../schema/views';
import { ownPaths } from '../pages/ownPaths';
import { REPORT_PAGES } from '../pages/pagePaths';
import { sectionsOf } from '../resources/sections';
import { matchesPattern } from './pathPatterns';

/**
 * Paths that belong to the signed-in back office, derived from the schemas: each resource's
 * react-admin routes (`/<resource>/…`) and the SPEC §2 routes its `x-resource` names (`routes`,
 * `sections`, `views`, and the `own` record's), plus the dashboard. Anything else that no public
 * page claims is "not found", without loading the back office and without asking anyone to sign
 * in first.
 */
export const DASHBOARD_PATHS = ['/', '/home/dashboard'] as const;

export const backOfficePatterns: string[] = [
  ...DASHBOARD_PATHS,
  ...ownPaths,
  ...REPORT_PAGES.map(({ path }) => path),
  ...Object.values(entitySchemas).flatMap((entity) => [
    `/${entity.$id}/*`,
    ...Object.values(entity['x-resource'].routes).filter((route): route is string => Boolean(route)),
    ...sectionsOf(entity).map(([, section]) => section.route),
    ...viewsOf(entity).map(([, view]) => view.route),
    ...Object.values(entity['x-resource'].own?.routes ?? {}).filter((route): route is string => Boolean(route)),
    ...Object.values(entity['x-resource'].own?.sections ?? {}).map((section) => section.route),
  ]),
];

/** Whether `pathname` is a back-office screen (protected: it needs a signed-in user). */
export function isBackOfficePath(pathname: string): boolean {
  return backOfficePatterns.some((pattern) => matchesPattern(pattern, pathname));
}
