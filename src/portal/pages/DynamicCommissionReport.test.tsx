// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CommissionReport } from '../../shared/commission-report';
import { answer, json } from '../data/testApi';
import { admin, employee } from '../testAccess';
import { renderBackOffice, serveRecordedApi } from '../testBackOffice';

/**
 * The dynamic-commission report screen over a stand-in `GET /v1/report/dynamic-commission`: the
 * date range it asks for, one row per month and method with the totals, a range refused beside
 * the dates without asking, Arabic, and the gate.
 */

vi.mock('../shell/providers', async (importOriginal) => {
  const { harness } = await import('../data/testApi');
  return {
    ...(await importOriginal<typeof import('../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const REPORT: CommissionReport = {
  from: '2026-06-01',
  to: '2026-11-28',
  rows: [
    { month: '2026-10', payment_method: 'card', count: 12, amount: '1250.500', commission: '6.253' },
    { month: '2026-11', payment_method: 'apple_pay', count: 3, amount: '45.000', commission: '0.000' },
    { month: '2026-11', payment_method: 'card', count: 4, amount: '80.000', commission: '0.400' },
  ],
  totals: { count: 19, amount: '1375.500', commission: '6.653' },
};

const requests = serveRecordedApi();

async function renderScreen(language: 'en' | 'ar' = 'en') {
  renderBackOffice('/report/dynamic-commission', admin, { language });
  return screen.findByRole('table', undefined, { timeout: 30_000 });
}

describe('the dynamic-commission report screen', { timeout: 60_000 }, () => {
  it('shows each month and method with the totals, over a six-month range', async () => {
    const sent = answer('get', '/report/dynamic-commission', () => json(REPORT));
    const table = await renderScreen();
    const query = Object.fromEntries(sent[0].url.searchParams);
    expect(query.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1]).getByText('October 2026')).toBeTruthy();
    expect(within(rows[1]).getByText('Card')).toBeTruthy();
    expect(within(rows[1]).getByText('1,250.500 KWD')).toBeTruthy();
    expect(within(rows[1]).getByText('6.253 KWD')).toBeTruthy();
    expect(within(rows[4]).getByText('Total')).toBeTruthy();
    expect(within(rows[4]).getByText('6.653 KWD')).toBeTruthy();
    expect(within(rows[4]).getByText('19')).toBeTruthy();
  });

  it('refuses a range longer than six months beside the dates, without asking', async () => {
    const sent = answer('get', '/report/dynamic-commission', () => json(REPORT));
    await renderScreen();
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '01/01/2020' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/6 months/);
    expect(sent).toHaveLength(1);
  });

  it('reads in Arabic', async () => {
    answer('get', '/report/dynamic-commission', () => json(REPORT));
    const table = await renderScreen('ar');
    expect(within(table).getByText('الإجمالي')).toBeTruthy();
    expect(within(table).getAllByText('بطاقة')).toHaveLength(2);
    expect(within(table).getByText('6.653 د.ك')).toBeTruthy();
  });

  it('is closed to an employee without the reports permission, and asks nothing', async () => {
    renderBackOffice('/report/dynamic-commission', employee(['invoices']));
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.filter((path) => path.endsWith('/report/dynamic-commission'))).toEqual([]);
  });
});
