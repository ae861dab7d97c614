import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { viewsOf } from '../../schema/views';
import { ownPaths } from '../pages/ownPaths';
import { RECORD_PAGES, REPORT_PAGES } from '../pages/pagePaths';
import { screenRoutes } from '../resources/screenPaths';
import { sectionsOf } from '../resources/sections';
import { DASHBOARD_PATHS } from '../../shared/dashboardPaths';

/**
 * Paths that belong to the signed-in back office, derived from the schemas: each resource's
 * react-admin routes (`/<resource>/…`, which send to the SPEC addresses), the SPEC §2 addresses
 * of its screens (`screenPaths`: lists, record pages below them, forms, views and their records),
 * its `sections` and the `own` record's routes, plus the dashboard, the account, report and record pages.
 * `npm run generate` writes them to `src/generated/backOfficePaths.ts`, so that the sign-in page
 * knows them without downloading every schema.
 */
export function backOfficePatterns(schemas: Record<string, EntitySchema> = entitySchemas): string[] {
  return [
    ...new Set([
      ...DASHBOARD_PATHS,
      ...ownPaths,
      ...REPORT_PAGES.map(({ path }) => path),
      ...RECORD_PAGES.map(({ path }) => path),
      ...Object.values(schemas).flatMap((entity) => [
        `/${entity.$id}/*`,
        ...screenRoutes(entity, ['list', 'create', 'show', 'edit']).map(({ path }) => path),
        ...sectionsOf(entity).map(([, section]) => section.route),
        ...viewsOf(entity).map(([, view]) => view.route),
        ...Object.values(entity['x-resource'].own?.routes ?? {}).filter((route): route is string => Boolean(route)),
        ...Object.values(entity['x-resource'].own?.sections ?? {}).map((section) => section.route),
      ]),
    ]),
  ];
}

/**
 * The resources' list screens (views included): a signed-in visit to one, or to a record page
 * below one, starts downloading its screen's code before the back office asks for it (`earlyScreens`).
 */
export function listPatterns(schemas: Record<string, EntitySchema> = entitySchemas): string[] {
  const routes = Object.values(schemas).flatMap((entity) => screenRoutes(entity));
  return [...new Set(routes.filter(({ screen }) => screen === 'list').map(({ path }) => path))];
}
