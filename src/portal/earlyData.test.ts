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
      prefetchList: (resource: string) => asked.push(resource),
    } as unknown as PortalDataProvider;
    await prefetchScreenData(dataProvider, pathname, search);
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
