// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MerchantUsageReport } from '../../shared/merchant-usage';
import { answer, json } from '../data/testApi';
import { admin, employee } from '../testAccess';
import { renderBackOffice, serveRecordedApi } from '../testBackOffice';

/**
 * The merchant usage screen over a stand-in `GET /v1/report/merchant-usage`: the months it asks
 * for, messages and invoices per month, payments per method with each month's total, bars against
 * the limits with zero shown as unlimited, a range refused without asking, Arabic, and the gate.
 */

vi.mock('../shell/providers', async (importOriginal) => {
  const { harness } = await import('../data/testApi');
  return {
    ...(await importOriginal<typeof import('../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const empty = { payments: [], payments_total: { count: 0, amount: '0.000' } };
const REPORT: MerchantUsageReport = {
  from: '2026-10',
  to: '2026-11',
  limits: [
    {
      service_type: 'quick_invoice',
      max_transaction_amount: '0.000',
      max_transactions_per_day: 0,
      daily_total: '0.000',
      monthly_total: '1000.000',
    },
  ],
  months: [
    {
      month: '2026-10',
      messages: { sms: 0, whatsapp: 0, email: 0 },
      invoices: {},
      ...empty,
      busiest_day: { count: 0, amount: '0.000' },
      largest_payment: '0.000',
      limits_used: [
        {
          service_type: 'quick_invoice',
          monthly_total: 0,
          daily_total: null,
          transactions_per_day: null,
          transaction_amount: null,
        },
      ],
    },
    {
      month: '2026-11',
      messages: { sms: 12, whatsapp: 3, email: 1 },
      invoices: { quick: 14, bulk: 2 },
      payments: [
        { payment_method: 'apple_pay', count: 2, amount: '45.000' },
        { payment_method: 'card', count: 5, amount: '205.000' },
      ],
      payments_total: { count: 7, amount: '250.000' },
      busiest_day: { count: 3, amount: '120.000' },
      largest_payment: '100.000',
      limits_used: [
        {
          service_type: 'quick_invoice',
          monthly_total: 25,
          daily_total: null,
          transactions_per_day: null,
          transaction_amount: null,
        },
      ],
    },
  ],
};

const requests = serveRecordedApi();

async function renderScreen(language: 'en' | 'ar' = 'en') {
  renderBackOffice('/report/merchant-usage', admin, { language });
  return screen.findAllByRole('table', undefined, { timeout: 30_000 });
}

describe('the merchant usage screen', { timeout: 60_000 }, () => {
  it('shows messages, invoices and payments per month, and the share of the limits used', async () => {
    const sent = answer('get', '/report/merchant-usage', () => json(REPORT));
    const [messages, payments] = await renderScreen();
    const query = Object.fromEntries(sent[0].url.searchParams);
    expect(query.from).toMatch(/^\d{4}-\d{2}$/);
    expect(query.to).toMatch(/^\d{4}-\d{2}$/);
    const november = within(messages).getAllByRole('row')[2];
    expect(within(november).getByText('Nov 2026')).toBeTruthy();
    expect(within(november).getByText('12')).toBeTruthy();
    expect(within(november).getByText('16')).toBeTruthy();
    const rows = within(payments).getAllByRole('row');
    // October had no payments: only November, headed by its name.
    expect(rows).toHaveLength(5);
    expect(within(rows[1]).getByText('November 2026')).toBeTruthy();
    expect(within(rows[3]).getByText('Card')).toBeTruthy();
    expect(within(rows[3]).getByText('205.000 KWD')).toBeTruthy();
    expect(within(rows[4]).getByText('Total')).toBeTruthy();
    expect(within(rows[4]).getByText('250.000 KWD')).toBeTruthy();
    expect(within(messages).getByText('Quick invoice: 14 · Bulk SMS: 2')).toBeTruthy();

    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    expect(bars[1].getAttribute('aria-valuenow')).toBe('25');
    expect(bars[1].getAttribute('aria-valuetext')).toBe('250.000 KWD of 1,000.000 KWD (25%)');
    expect(screen.getAllByText('Unlimited')).toHaveLength(3);
  });

  it('refuses a range longer than six months beside the months, without asking', async () => {
    const sent = answer('get', '/report/merchant-usage', () => json(REPORT));
    await renderScreen();
    fireEvent.change(screen.getByLabelText(/^From month/), { target: { value: '2024-01' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/6 months/);
    expect(sent).toHaveLength(1);
  });

  it('reads in Arabic', async () => {
    answer('get', '/report/merchant-usage', () => json(REPORT));
    const [, payments] = await renderScreen('ar');
    expect(within(payments).getAllByText('الإجمالي')).toHaveLength(1);
    expect(within(payments).getByText('بطاقة')).toBeTruthy();
    expect(screen.getAllByText('غير محدود')).toHaveLength(3);
  });

  it('is closed to an employee without the reports permission, and asks nothing', async () => {
    renderBackOffice('/report/merchant-usage', employee(['invoices']));
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.filter((path) => path.endsWith('/report/merchant-usage'))).toEqual([]);
  });
});
