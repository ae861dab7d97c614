// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchantStatement, StatementLine } from '../../../shared/merchant-statement';
import { answer, json } from '../../data/testApi';
import { admin, employee } from '../../testAccess';
import { renderBackOffice, serveRecordedApi } from '../../testBackOffice';

/**
 * The merchant statement screen over a stand-in `GET /v1/report/merchant-statement`: this month
 * asked for by default, the summary cards and the reconciles badge, one row per line linked to its
 * record, paging with `range`, a range refused beside the dates without asking, the downloads,
 * printing the whole statement, Arabic, and the gate.
 */

vi.mock('../../shell/providers', async (importOriginal) => {
  const { harness } = await import('../../data/testApi');
  return {
    ...(await importOriginal<typeof import('../../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const line = (n: number, extra: Partial<StatementLine>): StatementLine => ({
  id: String(n),
  at: `2026-11-0${n}T09:30:00.000Z`,
  kind: 'payment',
  description: 'Payment received from the payer',
  document: { entity: 'transaction', id: 40 + n, number: `70000000004${n}` },
  transaction: { entity: 'transaction', id: 40 + n, number: `70000000004${n}` },
  invoice_reference: `INV-2026-00000${n}`,
  debit: '0.000',
  credit: '0.000',
  informational: false,
  amount: '0.000',
  balance: '0.000',
  ...extra,
});

const LINES = [
  line(1, { credit: '100.000', amount: '100.000', balance: '150.000' }),
  line(2, {
    kind: 'refund',
    description: 'Refunded to the payer',
    document: { entity: 'refund', id: 7, number: 'REF-2026-000007' },
    debit: '10.000',
    amount: '10.000',
    balance: '140.000',
  }),
  line(3, {
    kind: 'transfer',
    description: 'Payment transfer made, owed until paid out',
    document: { entity: 'payment_transfer', id: 3, number: 'TR-2026-000003' },
    transaction: null,
    invoice_reference: null,
    informational: true,
    amount: '140.000',
    balance: '140.000',
  }),
];

const statement = (lines: StatementLine[] = LINES, first = 0, total = LINES.length): MerchantStatement => ({
  merchant: { id: 1, name: 'Demo Trading Co.', name_ar: 'شركة العرض التجارية' },
  from: '2026-11-01',
  to: '2026-11-28',
  accounts: ['merchant_balance', 'transfers_pending', 'transfers_on_hold'],
  opening_balance: '50.000',
  money_in: '100.000',
  money_out: '10.000',
  closing_balance: '140.000',
  ledger_balance: '140.000',
  reconciles: true,
  total,
  range: [first, first + lines.length - 1],
  lines,
});

const requests = serveRecordedApi();

async function renderScreen(language: 'en' | 'ar' = 'en') {
  renderBackOffice('/report/merchant-statement', admin, { language });
  return screen.findByRole('table', undefined, { timeout: 30_000 });
}

afterEach(() => vi.restoreAllMocks());

describe('the merchant statement screen', { timeout: 60_000 }, () => {
  it('shows this month’s balances, the reconciles badge and each line linked to its record', async () => {
    const sent = answer('get', '/report/merchant-statement', () => json(statement()));
    const table = await renderScreen();
    const query = Object.fromEntries(sent[0].url.searchParams);
    expect(query.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.range).toBe('[0,24]');
    expect(screen.getByText('Opening balance').nextSibling?.textContent).toBe('50.000 KWD');
    expect(screen.getByText('Money in').nextSibling?.textContent).toBe('100.000 KWD');
    expect(screen.getByText('Money out').nextSibling?.textContent).toBe('10.000 KWD');
    expect(screen.getByText('Closing balance').nextSibling?.textContent).toBe('140.000 KWD');
    expect(screen.getByRole('status').textContent).toBe('Reconciles with the ledger');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('Payment')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: '700000000041' }).getAttribute('href')).toBe(
      '/report/payment-transactions/41',
    );
    expect(within(rows[2]).getByRole('link', { name: 'REF-2026-000007' }).getAttribute('href')).toBe(
      '/report/refund-request/7',
    );
    expect(within(rows[2]).getByRole('link', { name: '700000000042' })).toBeTruthy();
    expect(within(rows[2]).getByText('10.000 KWD')).toBeTruthy();
    expect(within(rows[3]).getByRole('link', { name: 'TR-2026-000003' }).getAttribute('href')).toBe(
      '/report/payment-transfer/3',
    );
    expect(within(rows[3]).getByText(/no effect on the balance/)).toBeTruthy();
  });

  it('pages the lines with range', async () => {
    const sent = answer('get', '/report/merchant-statement', ({ url }) => {
      const [first] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as number[];
      return json(statement(first === 0 ? LINES : [line(4, { balance: '140.000' })], first, 26));
    });
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(sent.at(-1)?.url.searchParams.get('range')).toBe('[25,49]'));
    expect(await screen.findByText('\u206626-26\u2069 of 26')).toBeTruthy();
  });

  it('refuses a range longer than six months beside the dates, without asking', async () => {
    const sent = answer('get', '/report/merchant-statement', () => json(statement()));
    await renderScreen();
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '01/01/2020' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/6 months/);
    expect(sent).toHaveLength(1);
  });

  it('downloads CSV and Excel, and prints the whole statement', async () => {
    answer('get', '/report/merchant-statement', () => json(statement()));
    const files = answer(
      'get',
      '/report/merchant-statement/download',
      () => new HttpResponse('a,b\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    URL.revokeObjectURL = () => undefined;
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files.map((file) => file.url.searchParams.get('format'))).toEqual(['csv', 'xlsx']);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = screen.getByTestId('statement-print');
    expect(within(printed).getByText('Demo Trading Co.')).toBeTruthy();
    expect(within(printed).getAllByRole('row', { hidden: true })).toHaveLength(6);
    expect(within(printed).queryAllByRole('link', { hidden: true })).toEqual([]);
  });

  it('reads in Arabic', async () => {
    answer('get', '/report/merchant-statement', () => json(statement()));
    const table = await renderScreen('ar');
    expect(screen.getByText('الرصيد الختامي').nextSibling?.textContent).toBe('140.000 د.ك');
    expect(screen.getByRole('status').textContent).toBe('مطابق لدفتر الحسابات');
    expect(within(table).getByText('استرداد')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeTruthy();
  });

  it('is closed to an employee without the reports permission, and asks nothing', async () => {
    renderBackOffice('/report/merchant-statement', employee(['invoices']));
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.filter((path) => path.includes('/report/merchant-statement'))).toEqual([]);
  });
});
