// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getEntitySchema } from '../../../schema/registry';
import type { CollectionRow, CollectionTotals } from '../../../shared/collections';
import { answer, json, type SentRequest } from '../../data/testApi';
import { portalResources } from '../../resources';
import { menuGroups } from '../../resources/menuEntries';
import { admin, employee } from '../../testAccess';
import { renderBackOffice, serveRecordedApi } from '../../testBackOffice';
import { REPORT_PAGES } from '../pagePaths';

/**
 * The collections screen over a stand-in `GET /v1/invoice/collections` and its totals: a row per
 * thing owed with its customer, amount, age and last reminder, the totals per bucket from the API
 * for the list's filter, a reminder sent after a confirmation, in Arabic too; under Invoices in the
 * menu, and closed to an employee without the invoices' permission.
 */

vi.mock('../../shell/providers', async (importOriginal) => {
  const { harness } = await import('../../data/testApi');
  return {
    ...(await importOriginal<typeof import('../../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const row = (values: Partial<CollectionRow> & Pick<CollectionRow, 'kind' | 'record_id'>): CollectionRow => ({
  id: `${values.kind}-${values.record_id}`,
  open_id: values.record_id,
  reference_no: 'INV-2026-000001',
  customer_name: 'Someone',
  amount: '10.000',
  due_date: '2026-10-01',
  days_overdue: 10,
  bucket: 'days_1_30',
  last_reminder_at: null,
  can_remind: true,
  contract_expiring: false,
  ...values,
});

const ROWS: CollectionRow[] = [
  row({
    kind: 'rent_invoice',
    record_id: 7,
    reference_no: 'REN-2026-000007',
    customer_name: 'فهد الرشيدي',
    amount: '400.000',
    days_overdue: 95,
    bucket: 'days_over_90',
    contract_expiring: true,
  }),
  row({
    kind: 'invoice_part',
    record_id: 3,
    open_id: 40,
    reference_no: 'INV-2026-000040-2',
    customer_name: 'Sara Al-Mutawa',
    amount: '1250.500',
    days_overdue: 12,
    last_reminder_at: '2026-11-20T09:00:00.000Z',
  }),
  row({
    kind: 'open_invoice',
    record_id: 5,
    reference_no: 'OPE-2026-000005',
    customer_name: null,
    days_overdue: -3,
    bucket: 'not_due',
    can_remind: false,
  }),
];

const TOTALS: CollectionTotals = {
  count: 30,
  amount: '5660.500',
  buckets: {
    not_due: { count: 1, amount: '10.000' },
    days_1_30: { count: 20, amount: '1250.500' },
    days_31_60: { count: 0, amount: '0.000' },
    days_61_90: { count: 0, amount: '0.000' },
    days_over_90: { count: 9, amount: '4400.000' },
  },
};

const requests = serveRecordedApi();

const listing = () => ({
  rows: answer('get', '/invoice/collections', () =>
    json(ROWS, {
      headers: { 'Content-Range': 'collections 0-2/30', 'Access-Control-Expose-Headers': 'Content-Range' },
    }),
  ),
  totals: answer('get', '/invoice/collections/totals', () => json(TOTALS)),
});

const queryOf = (sent: SentRequest) =>
  Object.fromEntries([...sent.url.searchParams].map(([name, value]) => [name, JSON.parse(value) as unknown]));

async function renderScreen(language: 'en' | 'ar' = 'en') {
  renderBackOffice('/invoice/collections', admin, { language });
  return screen.findByRole('table', undefined, { timeout: 30_000 });
}

describe('the collections screen', { timeout: 60_000 }, () => {
  it('shows each thing owed with its customer, amount, age and last reminder, longest overdue first', async () => {
    const sent = listing();
    const table = await renderScreen();
    expect(queryOf(sent.rows[0])).toEqual({ filter: {}, range: [0, 24], sort: ['days_overdue', 'DESC'] });
    const [rent, part, open] = within(table).getAllByRole('row').slice(1);
    expect(within(rent).getByText('فهد الرشيدي')).toBeTruthy();
    expect(within(rent).getByText('Rent invoice')).toBeTruthy();
    expect(within(rent).getByText('95 days overdue').getAttribute('data-tone')).toBe('error');
    expect(within(rent).getByText('Contract ending')).toBeTruthy();
    expect(within(rent).getByText('Never')).toBeTruthy();
    expect(within(part).getByText('1,250.500 KWD')).toBeTruthy();
    expect(within(part).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/invoice/invoice-list/40');
    expect(within(open).getByText('No one named')).toBeTruthy();
    expect(within(open).getByText('Due in 3 days')).toBeTruthy();
    expect(within(open).queryByRole('button', { name: 'Send reminder' })).toBeNull();
    expect(within(rent).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/rent_invoice/7');
  });

  it('totals each bucket from the API for the list’s filter, and a bucket narrows the list', async () => {
    const sent = listing();
    await renderScreen();
    await waitFor(() => expect(screen.getByTestId('collections-total').textContent).toBe('5,660.500 KWD'));
    expect(queryOf(sent.totals[0])).toEqual({ filter: {} });
    const over = screen.getByTestId('collections-bucket-days_over_90');
    expect(within(over).getByText('Over 90 days')).toBeTruthy();
    expect(within(over).getByText('4,400.000 KWD')).toBeTruthy();
    fireEvent.click(over);
    await waitFor(() => expect(queryOf(sent.rows[sent.rows.length - 1]).filter).toEqual({ bucket: 'days_over_90' }));
    // The totals stay those of every age, for the list's other filters.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'REN' } });
    await waitFor(() => expect(queryOf(sent.totals[sent.totals.length - 1]).filter).toEqual({ q: 'REN' }));
  });

  it('sends a reminder after asking, and says so', async () => {
    listing();
    const reminded = answer('post', '/invoice/collections/remind', () => json({ ...ROWS[0], can_remind: false }));
    const table = await renderScreen();
    const [rent] = within(table).getAllByRole('row').slice(1);
    fireEvent.click(within(rent).getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Send فهد الرشيدي a reminder of 400\.000 KWD for REN-2026-000007/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirm/i }));
    await waitFor(() => expect(reminded).toHaveLength(1));
    expect(reminded[0].body).toEqual({ id: 'rent_invoice-7' });
    expect(await screen.findByText('Reminder sent')).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    listing();
    const table = await renderScreen('ar');
    expect(within(table).getByText('فاتورة إيجار')).toBeTruthy();
    expect(within(table).getByText('متأخر 95 يومًا')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /آخر تذكير/ })).toBeTruthy();
    expect(await screen.findByText('أكثر من 90 يومًا')).toBeTruthy();
  });

  it('sits after the invoices’ entries in the Invoices menu', () => {
    const pages = REPORT_PAGES.map(({ path, entity, group, after }) => ({
      path,
      entity: getEntitySchema(entity),
      group,
      after,
      label: () => path,
    }));
    const invoices = menuGroups(portalResources, admin, pages).find(({ group }) => group === 'invoices');
    const entries = invoices?.entries ?? [];
    // After the invoices' list and its views (delivery invoices), before the open invoices.
    const last = entries.findLastIndex((entry) => entry.resource === 'invoice' && entry.key !== '/invoice/collections');
    expect(entries[last + 1]?.key).toBe('/invoice/collections');
    expect(entries.map(({ key }) => key)).toContain('open_invoice');
  });

  it('is closed to an employee without the invoices’ permission, and asks nothing', async () => {
    renderBackOffice('/invoice/collections', employee(['reports']));
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.filter((path) => path.includes('/invoice/collections'))).toEqual([]);
  });
});
