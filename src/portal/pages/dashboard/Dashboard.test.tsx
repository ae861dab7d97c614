// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, json } from '../../data/testApi';
import { admin, employee } from '../../testAccess';
import { renderBackOffice, serveRecordedApi } from '../../testBackOffice';
import { prefetchDashboard, type Dashboard } from './dashboardApi';

/**
 * The dashboard page (SPEC §1: latest transactions, monthly and weekly totals) over a stand-in
 * `GET /v1/dashboard`: totals in KWD with three decimals in English and Arabic, the bars of the
 * last 7 days and 6 months, the latest transactions linking to their detail, and the gates.
 */

vi.mock('../../shell/providers', async (importOriginal) => {
  const { harness } = await import('../../data/testApi');
  return {
    ...(await importOriginal<typeof import('../../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const day = (date: string, count: number, amount: string) => ({ from: date, to: date, count, amount });
const DASHBOARD: Dashboard = {
  currency: 'KWD',
  today: '2026-11-19',
  week: { from: '2026-11-15', to: '2026-11-19', count: 3, amount: '1234.500' },
  month: { from: '2026-11-01', to: '2026-11-19', count: 12, amount: '5678.125' },
  daily: [
    day('2026-11-13', 0, '0.000'),
    day('2026-11-14', 1, '10.000'),
    day('2026-11-15', 1, '1000.000'),
    day('2026-11-16', 0, '0.000'),
    day('2026-11-17', 1, '200.000'),
    day('2026-11-18', 1, '34.500'),
    day('2026-11-19', 0, '0.000'),
  ],
  monthly: ['06', '07', '08', '09', '10', '11'].map((month, i) => ({
    from: `2026-${month}-01`,
    to: `2026-${month}-28`,
    count: i,
    amount: `${i * 100}.250`,
  })),
  latest: [
    {
      id: 7,
      reference_no: '410000000701',
      customer_name: 'Noor Hamdan',
      payment_method: 'apple_pay',
      amount: '34.500',
      status: 'success',
      created_at: '2026-11-18T09:30:00Z',
    },
    {
      id: 6,
      reference_no: '410000000602',
      customer_name: 'فهد العنزي',
      payment_method: 'card',
      amount: '12.000',
      status: 'incomplete',
      created_at: '2026-11-17T19:05:00Z',
    },
  ],
};

const requests = serveRecordedApi();

const section = (name: string) => screen.getByRole('region', { name });

/** Renders the dashboard and waits for the figures (the first render also loads the page's chunk). */
async function renderLoaded(language: 'en' | 'ar' = 'en') {
  answer('get', '/dashboard', () => json(DASHBOARD));
  renderBackOffice('/home/dashboard', admin, { language });
  await screen.findByText(language === 'en' ? '1,234.500 KWD' : '1,234.500 د.ك', undefined, { timeout: 10_000 });
}

describe('the dashboard', { timeout: 20_000 }, () => {
  it('shows this week and this month in KWD with three decimals, and how many payments', async () => {
    await renderLoaded();
    const week = section('This week');
    expect(within(week).getByText('1,234.500 KWD')).toBeTruthy();
    expect(within(week).getByText('3 successful transactions')).toBeTruthy();
    const month = section('This month');
    expect(within(month).getByText('5,678.125 KWD')).toBeTruthy();
    expect(within(month).getByText('12 successful transactions')).toBeTruthy();
    expect(requests.filter((path) => path.endsWith('/dashboard'))).toHaveLength(1);
  });

  it('takes the figures asked for before the screen was drawn, without asking again', async () => {
    answer('get', '/dashboard', () => json(DASHBOARD));
    prefetchDashboard();
    renderBackOffice('/home/dashboard', admin);
    await screen.findByText('1,234.500 KWD', undefined, { timeout: 10_000 });
    expect(requests.filter((path) => path.endsWith('/dashboard'))).toHaveLength(1);
  });

  it('draws a bar per day of the last week, and per month of the last six on demand', async () => {
    await renderLoaded();
    const chart = section('Successful payments');
    const days = within(chart).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[2].getAttribute('aria-label')).toBe(
      'Sunday, November 15, 2026: 1,000.000 KWD, 1 successful transaction',
    );
    const bars = within(chart).getAllByTestId('dashboard-bar');
    expect(bars[2].style.height).toBe('100%');
    expect(bars[0].style.height).toBe('0%');
    fireEvent.click(within(chart).getByRole('button', { name: 'Last 6 months' }));
    const months = within(chart).getAllByRole('listitem');
    expect(months).toHaveLength(6);
    expect(months[5].getAttribute('aria-label')).toBe('November 2026: 500.250 KWD, 5 successful transactions');
  });

  it('lists the latest transactions with their status, each linking to its detail', async () => {
    await renderLoaded();
    const latest = section('Latest transactions');
    const rows = within(latest).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('link', { name: '410000000701' }).getAttribute('href')).toBe(
      '/report/payment-transactions/7',
    );
    expect(within(rows[1]).getByText('Success')).toBeTruthy();
    expect(within(rows[1]).getByText('34.500 KWD')).toBeTruthy();
    expect(within(rows[1]).getByText('Mobile wallet (Apple Pay)')).toBeTruthy();
    expect(within(rows[2]).getByText('Incomplete')).toBeTruthy();
    expect(within(latest).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/report/payment-transactions',
    );
  });

  it('keeps quick links to the screens the user may open', async () => {
    await renderLoaded();
    const links = screen.getByRole('navigation', { name: 'Quick links' });
    expect(within(links).getByRole('link', { name: 'Payment transactions' }).getAttribute('href')).toBe(
      '/report/payment-transactions',
    );
    expect(within(links).getByRole('link', { name: 'Incomplete transactions' }).getAttribute('href')).toBe(
      '/report/incomplete',
    );
    expect(within(links).getByRole('link', { name: 'Open invoices' })).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    await renderLoaded('ar');
    const week = section('هذا الأسبوع');
    expect(within(week).getByText('1,234.500 د.ك')).toBeTruthy();
    // The test catalogue keeps polyglot's Arabic plural rules; the portal's own pick singular or plural.
    expect(within(week).getByText(/^3 معامل(ة|ات) ناجحة$/)).toBeTruthy();
    const latest = screen.getByRole('region', { name: 'أحدث المعاملات' });
    expect(within(latest).getByText('ناجحة')).toBeTruthy();
    expect(within(latest).getByText('غير مكتملة')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'آخر 6 أشهر' })).toBeTruthy();
  });

  it('says so when the figures cannot be loaded', async () => {
    answer('get', '/dashboard', () => json({ message: 'Sorry, an error has occured' }, { status: 500 }));
    renderBackOffice('/home/dashboard', admin);
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toContain(
      'Sorry, an error has occured',
    );
    expect(screen.getByRole('navigation', { name: 'Quick links' })).toBeTruthy();
  });
});

describe('the dashboard of an employee', { timeout: 20_000 }, () => {
  it('without the dashboard permission shows the quick links only, and asks the API nothing', async () => {
    renderBackOffice('/home/dashboard', employee(['invoices']));
    const links = await screen.findByRole('navigation', { name: 'Quick links' }, { timeout: 10_000 });
    expect(within(links).getByRole('link', { name: 'Invoices' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'This week' })).toBeNull();
    expect(requests.filter((path) => path.endsWith('/dashboard'))).toEqual([]);
  });

  it('without the reports permission sees the latest transactions without links to the report', async () => {
    answer('get', '/dashboard', () => json(DASHBOARD));
    renderBackOffice('/home/dashboard', employee(['dashboard', 'invoices']));
    const latest = await screen.findByRole('region', { name: 'Latest transactions' }, { timeout: 10_000 });
    await within(latest).findByText('410000000701');
    expect(within(latest).queryByRole('link')).toBeNull();
  });
});
