import type { QueryClient } from '@tanstack/react-query';
import { entitySchemas, getEntitySchema } from '../schema/registry';
import { EARLY_LIST_MS, type ListParams, type PortalDataProvider } from './data/dataProvider';
import { flaggedDocumentQueries } from './layout/ComplianceBanner';
import { canOpen } from './resources/access';
import { firstListParams } from './resources/listDefaults';
import { screenRoutes } from './resources/screenPaths';
import { matchesPattern } from './shell/pathPatterns';
import { authProvider } from './shell/providers';

/**
 * A signed-in first visit asks for what its first screen will show while the back office renders,
 * rather than after: the compliance banner's documents (every screen shows the banner), and, on a
 * list's own address with nothing in its query, the list's first page. The screens' own calls with
 * the same parameters take these answers (`prefetchList`); nothing is asked that the user may not see.
 * A list's answer also goes into react-admin's query cache (`queryClient`): a list that mounts after
 * it came renders its rows at once, rather than a loading state first and the rows a render later.
 */
export async function prefetchScreenData(
  dataProvider: PortalDataProvider,
  queryClient: QueryClient,
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
  if (!entity || !canOpen(entity, permissions)) return;
  const params = firstListParams(entity);
  const answer = dataProvider.prefetchList(entity.$id, params);
  answer?.then(
    (page) => seedList(queryClient, entity.$id, params, page),
    () => undefined,
  );
}

/** The key react-admin's `useGetList` gives a list's page in the query cache. */
export const listQueryKey = (resource: string, { pagination, sort, filter }: ListParams) =>
  [resource, 'getList', { pagination, sort, filter, meta: undefined }] as const;

/**
 * Puts a list's page asked ahead into the query cache, fresh for as long as an early answer is
 * kept: the list mounting then does not ask for it again. A page the list already holds is left.
 */
export function seedList(
  queryClient: QueryClient,
  resource: string,
  params: ListParams,
  page: { data: unknown[]; total: number },
): void {
  const key = listQueryKey(resource, params);
  if (queryClient.getQueryData(key) !== undefined) return;
  queryClient.setQueryDefaults(key, { staleTime: EARLY_LIST_MS });
  queryClient.setQueryData(key, { data: page.data, total: page.total, pageInfo: undefined, meta: undefined });
}
