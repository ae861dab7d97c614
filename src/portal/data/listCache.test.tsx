// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, useGetList, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from './dataProvider';
import { seedList } from './listCache';

afterEach(cleanup);

const params: ListParams = {
  pagination: { page: 1, perPage: 25 },
  sort: { field: 'created_at', order: 'DESC' },
  filter: { created_at_gte: '2026-11-08', created_at_lte: '2026-12-07' },
};

/** A list screen's query, as react-admin's lists make it. */
function References() {
  const { data } = useGetList('transaction', params);
  return <p>{data ? data.map((row) => row.reference_no).join(', ') : 'Loading'}</p>;
}

/** A data provider whose lists never answer: what a screen shows came from the cache. */
const silent = { getList: vi.fn(() => new Promise(() => undefined)) } as unknown as DataProvider;

describe("a list's answer asked ahead of its screen", () => {
  it('is what the screen shows on its first render', () => {
    const client = new QueryClient();
    seedList(client, 'transaction', params, { data: [{ id: 1, reference_no: '700000000001' }], total: 1 });
    render(
      <CoreAdminContext dataProvider={silent} queryClient={client}>
        <References />
      </CoreAdminContext>,
    );
    expect(screen.getByText('700000000001')).toBeTruthy();
  });

  it('does not replace what the cache holds already', () => {
    const client = new QueryClient();
    seedList(client, 'transaction', params, { data: [{ id: 1, reference_no: 'first' }], total: 1 });
    seedList(client, 'transaction', params, { data: [{ id: 2, reference_no: 'second' }], total: 1 });
    render(
      <CoreAdminContext dataProvider={silent} queryClient={client}>
        <References />
      </CoreAdminContext>,
    );
    expect(screen.getByText('first')).toBeTruthy();
  });
});
