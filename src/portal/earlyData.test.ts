import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from './data/dataProvider';
import { prefetchScreenData } from './earlyData';
import { admin } from './testAccess';

vi.mock('./shell/providers', () => ({ authProvider: { getPermissions: () => Promise.resolve(admin) } }));

/** A signed-in first visit asks for its list's first page ahead of the screen, at the list's address as the router reads it. */

describe('a signed-in first visit', () => {
  /** The lists a first visit to `pathname` asks for ahead of its screen. */
  async function askedAhead(pathname: string, search = '') {
    const asked: string[] = [];
    const dataProvider = {
      prefetchList: (resource: string) => {
        asked.push(resource);
        return Promise.resolve({ data: [], total: 0 });
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

  it("puts the list's answer in the query cache as it comes", async () => {
    const client = new QueryClient();
    const rows = [{ id: 7, reference_no: '700000000007' }];
    const dataProvider = {
      prefetchList: () => Promise.resolve({ data: rows, total: 1 }),
    } as unknown as PortalDataProvider;
    await prefetchScreenData(dataProvider, client, '/report/payment-transactions', '');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const lists = client.getQueryCache().findAll({ queryKey: ['transaction', 'getList'] });
    expect(lists.map((query) => query.state.data)).toEqual([{ data: rows, total: 1 }]);
  });
});
