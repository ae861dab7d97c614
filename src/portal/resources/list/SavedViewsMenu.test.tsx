// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, json, type SentRequest } from '../../data/testApi';
import { admin } from '../../testAccess';
import { renderBackOffice, serveRecordedApi } from '../../testBackOffice';

/**
 * The "Views" menu of a list (the payment transactions report): the user's saved views of this
 * list, applied with a click (filters, date range and sort into the address, the columns chosen),
 * deleted by the bin beside each; "Save this view…" names the list as it is, and a refused name
 * shows the server's message. Also the "Columns" menu, whose choice a view saves.
 */

const LIST = '/report/payment-transactions';
const ROWS = [
  {
    id: 1,
    reference_no: 'PAY-2026-000001',
    customer_name: 'Fahad Al-Sabah',
    payment_method: 'knet',
    amount: '25.000',
    status: 'success',
    created_at: '2026-11-20T08:00:00Z',
  },
];
const VIEW = {
  id: 7,
  owner: 'merchant:1',
  name: 'Successful in October',
  list: LIST,
  filters: { created_at_gte: '2026-10-01', created_at_lte: '2026-10-31', status: 'success' },
  columns: ['reference_no', 'amount', 'status'],
  sort: { field: 'amount', order: 'ASC' as const },
  created_at: '2026-11-01T08:00:00Z',
};
// A view of another list the API matched by substring: the menu leaves it out.
const OTHER = { ...VIEW, id: 8, name: 'Of another list', list: `${LIST}-old` };

const requested = serveRecordedApi();

function serveReport(views: object[] = [VIEW, OTHER]) {
  const lists = answer('get', '/report/transactions', () =>
    json(ROWS, { headers: { 'Content-Range': 'transaction 0-0/1' } }),
  );
  answer('get', '/report/transactions/totals', () => json({ count: 1, sums: { amount: '25.000' } }));
  const viewLists = answer('get', '/saved-views', () =>
    json(views, { headers: { 'Content-Range': `saved_view 0-${views.length - 1}/${views.length}` } }),
  );
  return { lists, viewLists };
}

const filterOf = (sent: SentRequest) =>
  JSON.parse(sent.url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;

const openViews = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Views' }, { timeout: 20_000 }));
  return screen.findByRole('menu', { name: 'Saved views' });
};

describe('the Views menu of a list', { timeout: 60_000 }, () => {
  it('lists the user’s views of this list and applies one: its filters, dates, sort and columns', async () => {
    const { lists, viewLists } = serveReport();
    renderBackOffice(LIST, admin);
    await screen.findByText('PAY-2026-000001', undefined, { timeout: 20_000 });
    expect(screen.getByRole('columnheader', { name: /Customer/ })).toBeTruthy();
    const menu = await openViews();
    await within(menu).findByText('Successful in October');
    expect(within(menu).queryByText('Of another list')).toBeNull();
    expect(filterOf(viewLists[0])).toEqual({ list: LIST });

    const before = lists.length;
    fireEvent.click(within(menu).getByText('Successful in October'));
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    const last = lists[lists.length - 1];
    expect(filterOf(last)).toEqual(VIEW.filters);
    expect(JSON.parse(last.url.searchParams.get('sort') ?? '[]')).toEqual(['amount', 'ASC']);
    expect(((await screen.findByLabelText(/Date from/)) as HTMLInputElement).value).toBe('01/10/2026');
    // The view's columns: the customer's is no longer one.
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Customer/ })).toBeNull());
  });

  it('saves the list as it is under a name, showing a refused name’s message', async () => {
    serveReport([]);
    let refuse = true;
    const posted = answer('post', '/saved-views', ({ body }) =>
      refuse
        ? json(
            {
              message: 'You already have a view with this name for this list',
              errors: { name: 'You already have a view with this name for this list' },
            },
            { status: 409 },
          )
        : json({ ...(body as object), id: 9, owner: 'merchant:1' }, { status: 201 }),
    );
    renderBackOffice(LIST, admin);
    await screen.findByText('PAY-2026-000001', undefined, { timeout: 20_000 });
    const menu = await openViews();
    expect(within(menu).getByText('No saved views yet')).toBeTruthy();
    fireEvent.click(within(menu).getByText('Save this view…'));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    fireEvent.change(within(dialog).getByLabelText(/View name/), { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a view with this name for this list')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = posted[posted.length - 1].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Mine', list: LIST, sort: { field: 'created_at', order: 'DESC' } });
    expect(Object.keys(body.filters as object).sort()).toEqual(['created_at_gte', 'created_at_lte']);
    expect(body).not.toHaveProperty('columns');
  });

  it('deletes a view from the menu', async () => {
    serveReport([VIEW]);
    const deleted = answer('delete', '/saved-views/7', () => json(VIEW));
    renderBackOffice(LIST, admin);
    const menu = await openViews();
    fireEvent.click(await within(menu).findByRole('button', { name: 'Delete the view Successful in October' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(requested).toContain('/v1/saved-views/7');
  });

  it('chooses the columns shown from the list’s own, and saves the choice with a view', async () => {
    serveReport([]);
    const posted = answer('post', '/saved-views', ({ body }) => json({ ...(body as object), id: 9 }, { status: 201 }));
    renderBackOffice(LIST, admin);
    await screen.findByText('PAY-2026-000001', undefined, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const columns = await screen.findByRole('menu', { name: 'Columns shown' });
    fireEvent.click(within(columns).getByRole('menuitemcheckbox', { name: /Customer/ }));
    fireEvent.keyDown(columns, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { name: 'Columns shown' })).toBeNull());
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Customer/ })).toBeNull();

    const menu = await openViews();
    fireEvent.click(within(menu).getByText('Save this view…'));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    fireEvent.change(within(dialog).getByLabelText(/View name/), { target: { value: 'Short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0].body as { columns: string[] }).columns).not.toContain('customer_name');
    expect((posted[0].body as { columns: string[] }).columns).toContain('amount');
  });
});
