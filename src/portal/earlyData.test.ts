import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from './data/dataProvider';
import { prefetchScreenData, seedList } from './earlyData';
import { admin } from './testAccess';

vi.mock('./shell/providers', () => ({ authProvider: { getPermissions: () => Promise.resolve(admin) } }));

/**
 * A first visit's list page, asked ahead, goes into the query cache under the key react-admin's
 * `useGetList` uses: the list then renders it without asking again.
 */

const pagination = { page: 1, perPage: 25 };
const sort = { field: 'created_at', order: 'DESC' as const };
const filter = { created_at_gte: '2026-11-01', created_at_lte: '2026-11-30' };
const page = { data: [{ id: 7 }], total: 1 };

/** What react-admin's list asks the cache for: its own key, its filter's keys in any order. */
function listObserver(client: QueryClient, fetch: () => Promise<unknown>) {
  const reordered = { created_at_lte: filter.created_at_lte, created_at_gte: filter.created_at_gte };
  return new QueryObserver(client, {
    queryKey: ['transaction', 'getList', { pagination, sort, filter: reordered, meta: undefined }],
    queryFn: fetch,
  });
}

describe('a list page asked ahead', () => {
  it('is the list’s first render, and is not asked for again', () => {
    const client = new QueryClient();
    seedList(client, 'transaction', { pagination, sort, filter }, page);
    const fetch = vi.fn(() => Promise.resolve(page));
    const observer = listObserver(client, fetch);
    const stop = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().data).toEqual({ ...page, pageInfo: undefined, meta: undefined });
    expect(observer.getCurrentResult().isFetching).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    stop();
  });

  it('leaves a page the list already holds', () => {
    const client = new QueryClient();
    const held = { data: [{ id: 8 }], total: 1 };
    client.setQueryData(['transaction', 'getList', { pagination, sort, filter, meta: undefined }], held);
    seedList(client, 'transaction', { pagination, sort, filter }, page);
    expect(listObserver(client, () => Promise.resolve(page)).getCurrentResult().data).toEqual(held);
  });

  it('is asked for again once the list is refreshed', async () => {
    const client = new QueryClient();
    seedList(client, 'transaction', { pagination, sort, filter }, page);
    const fetch = vi.fn(() => Promise.resolve(page));
    const observer = listObserver(client, fetch);
    const stop = observer.subscribe(() => undefined);
    await client.invalidateQueries({ queryKey: ['transaction'] });
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('a signed-in first visit', () => {
  /** The lists a first visit to `pathname` asks for ahead of its screen. */
  async function askedAhead(pathname: string, search = '') {
    const asked: string[] = [];
    const dataProvider = {
      prefetchList: (resource: string) => {
        asked.push(resource);
        return undefined;
      },
    } as unknown as PortalDataProvider;
    await prefetchScreenData(dataProvider, new QueryClient(), pathname, search);
    return asked.filter((resource) => resource !== 'document');
  }

  it.each([
    ['/report/payment-transactions', ['transaction']],
    ['/report/payment-transactions/', ['transaction']],
    ['/Report/Payment-Transactions', ['transaction']],
    ['/report/payment-transactions/313', []],
    ['/', []],
  ])('to %s asks ahead for %j', async (pathname, lists) => {
    expect(await askedAhead(pathname)).toEqual(lists);
  });

  it('with a query of its own leaves the list to ask for itself', async () => {
    expect(await askedAhead('/report/payment-transactions', '?filter=%7B%7D')).toEqual([]);
  });
});
