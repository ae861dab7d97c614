import type { GetListResult, RaRecord } from 'ra-core';
import { COLLECTIONS_DEFAULT_SORT, COLLECTIONS_ENDPOINT } from '../../shared/collections';
import { STOCK_DEFAULT_SORT, STOCK_LISTING_ENDPOINT } from '../../shared/stock-listing';
import { searchableFilter, totalOf, type ListParams, type PortalDataProvider } from './dataProvider';
import type { HttpClient } from './httpClient';

/**
 * Lists of a page that shows an entity's records with figures of its own endpoint: the stock
 * listing's products, with the units orders hold and took; or rows of its own: the collections
 * view's things owed, of every kind. The page's `<List>` is of the entity
 * (its fields keep their labels, values and record links) and names its list in the query's
 * `meta.list`; `getList` then asks that endpoint, in the same conventions as every list:
 *
 *   getList  GET <list endpoint>?filter={…}&range=[0,24]&sort=["field","ASC"]   total ← Content-Range
 *
 * Every other call goes to the wrapped provider.
 */

export interface PageList {
  /** `/v1` path of the list. */
  endpoint: string;
  /** Its order when the list names none. */
  sort: readonly [string, 'ASC' | 'DESC'];
}

/** The page lists by the name `meta.list` gives. */
export const PAGE_LISTS: Readonly<Record<string, PageList>> = {
  stock_listing: { endpoint: STOCK_LISTING_ENDPOINT, sort: STOCK_DEFAULT_SORT },
  collections: { endpoint: COLLECTIONS_ENDPOINT, sort: COLLECTIONS_DEFAULT_SORT },
};

/** `provider`, with the lists of `lists` served from their own endpoints. */
export function withPageLists(
  provider: PortalDataProvider,
  http: HttpClient,
  lists: Readonly<Record<string, PageList>> = PAGE_LISTS,
): PortalDataProvider {
  return {
    ...provider,
    async getList<R extends RaRecord>(
      resource: string,
      params: ListParams & { meta?: { list?: unknown } },
    ): Promise<GetListResult<R>> {
      const name = params.meta?.list;
      const list = typeof name === 'string' ? lists[name] : undefined;
      if (!list) return provider.getList<R>(resource, params);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const { field, order } = params.sort ?? { field: list.sort[0], order: list.sort[1] };
      const response = await http.request<R[]>(list.endpoint, {
        query: {
          filter: searchableFilter(params.filter),
          range: [(page - 1) * perPage, page * perPage - 1],
          sort: [field, order],
        },
        signal: params.signal,
      });
      return { data: response.body, total: totalOf(response.headers) };
    },
  };
}
