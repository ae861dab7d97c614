import { entitySchemas, getEntitySchema } from '../schema/registry';
import type { QueryClient } from '@tanstack/react-query';
import type { ListParams, PortalDataProvider } from './data/dataProvider';
import { seedList } from './data/listCache';
import { flaggedDocumentQueries } from './layout/ComplianceBanner';
import { canOpen } from './resources/access';
import { firstListParams } from './resources/listDefaults';
import { screenRoutes } from './resources/screenPaths';
import { matchesPattern } from '../shared/pathPatterns';
import { authProvider } from './shell/providers';

/**
 * A signed-in first visit asks for what its first screen will show while the back office renders,
 * rather than after: the compliance banner's documents (every screen shows the banner), and, on a
 * list's own address with nothing in its query, the list's first page. The screens' own calls with
 * the same parameters take these answers (`prefetchList`), and each answer is put in the query cache
 * as it comes (`seedList`), so a screen that renders after it shows its rows at once. Nothing is
 * asked that the user may not see.
 */
export async function prefetchScreenData(
  dataProvider: PortalDataProvider,
  queryClient: QueryClient,
  pathname: string,
  search: string,
): Promise<void> {
  const ahead = (resource: string, params: ListParams) =>
    dataProvider.prefetchList(resource, params).then(
      (answer) => seedList(queryClient, resource, params, answer),
      () => undefined,
    );
  const permissions = await authProvider.getPermissions();
  if (canOpen(getEntitySchema('document'), permissions)) {
    const { expiring, rejected } = flaggedDocumentQueries();
    void ahead('document', expiring);
    void ahead('document', rejected);
  }
  if (search !== '') return;
  const entity = Object.values(entitySchemas).find((candidate) =>
    screenRoutes(candidate).some(
      (route) => route.screen === 'list' && !route.view && matchesPattern(route.path, pathname),
    ),
  );
  if (entity && canOpen(entity, permissions)) void ahead(entity.$id, firstListParams(entity));
}
