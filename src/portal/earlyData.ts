import { entitySchemas, getEntitySchema } from '../schema/registry';
import type { PortalDataProvider } from './data/dataProvider';
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
 * the same parameters take these answers (`prefetchList`); nothing is asked that the user may not see.
 */
export async function prefetchScreenData(
  dataProvider: PortalDataProvider,
  pathname: string,
  search: string,
): Promise<void> {
  const permissions = await authProvider.getPermissions();
  if (canOpen(getEntitySchema('document'), permissions)) {
    const { expiring, rejected } = flaggedDocumentQueries();
    dataProvider.prefetchList('document', expiring);
    dataProvider.prefetchList('document', rejected);
  }
  if (search !== '') return;
  const entity = Object.values(entitySchemas).find((candidate) =>
    screenRoutes(candidate).some(
      (route) => route.screen === 'list' && !route.view && matchesPattern(route.path, pathname),
    ),
  );
  if (entity && canOpen(entity, permissions)) dataProvider.prefetchList(entity.$id, firstListParams(entity));
}
