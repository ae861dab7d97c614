import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { GetListResult, RaRecord } from 'react-admin';
import type { ListParams } from './dataProvider';

/**
 * The back office's query cache (react-admin's, made here so that the first screen's answers can be
 * put in it before the screen renders). Its defaults are react-admin's own.
 */
export const queryClient = new QueryClient();

/**
 * The key under which react-admin's `useGetList` keeps a list's answer (ra-core's `useGetList`;
 * the back office's lists pass no `meta`, which the key's hash leaves out when undefined).
 */
export function listQueryKey(resource: string, { pagination, sort, filter }: ListParams): QueryKey {
  return [resource, 'getList', { pagination, sort, filter }];
}

/**
 * Puts a list's answer, asked ahead of its screen, where the screen's `useGetList` looks first: the
 * screen's first render then shows its rows instead of a skeleton followed by a second render. It
 * still asks again on mount (react-admin's lists are stale at once); the data provider gives that
 * call the same answer (`prefetchList`). A list the cache holds already is left as it is.
 */
export function seedList(
  client: QueryClient,
  resource: string,
  params: ListParams,
  { data, total, pageInfo, meta }: GetListResult<RaRecord>,
): void {
  const key = listQueryKey(resource, params);
  if (client.getQueryData(key) !== undefined) return;
  client.setQueryData(key, { data, total, pageInfo, meta });
}
