// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getEntitySchema } from '../../../schema/registry';
import type { StockRow } from '../../../shared/stock-listing';
import { answer, json, type SentRequest } from '../../data/testApi';
import { portalResources } from '../../resources';
import { menuGroups } from '../../resources/menuEntries';
import { admin, employee } from '../../testAccess';
import { renderBackOffice, serveRecordedApi } from '../../testBackOffice';
import { REPORT_PAGES } from '../pagePaths';

/**
 * The stock listing screen over a stand-in `GET /v1/sales/stock-listing`: a row per product with
 * its stock left, reserved and sold, out-of-stock and low ones marked; sorted, searched and paged
 * by the server in the list conventions; in Arabic; beside Products in the menu; and its gate.
 */

vi.mock('../../shell/providers', async (importOriginal) => {
  const { harness } = await import('../../data/testApi');
  return {
    ...(await importOriginal<typeof import('../../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const ROWS: StockRow[] = [
  { id: 3, title: 'Saffron', title_ar: 'زعفران', stock: 0, low_stock_at: 5, reserved: 1, sold: 0, level: 'out' },
  { id: 1, title: 'Dates box', title_ar: 'علبة تمر', stock: 4, low_stock_at: 5, reserved: 2, sold: 1234, level: 'low' },
  { id: 2, title: 'Sidr honey', title_ar: 'عسل سدر', stock: 40, low_stock_at: 5, reserved: 0, sold: 3, level: 'ok' },
];

const requests = serveRecordedApi();

/** Answers the listing with `ROWS`, as page 1-3 of 30 products. */
const listing = () =>
  answer('get', '/sales/stock-listing', () =>
    json(ROWS, {
      headers: { 'Content-Range': 'stock_listing 0-2/30', 'Access-Control-Expose-Headers': 'Content-Range' },
    }),
  );

/** The list query of a request, decoded. */
const queryOf = (sent: SentRequest) =>
  Object.fromEntries([...sent.url.searchParams].map(([name, value]) => [name, JSON.parse(value) as unknown]));

async function renderScreen(language: 'en' | 'ar' = 'en') {
  renderBackOffice('/sales/stock-listing', admin, { language });
  return screen.findByRole('table', undefined, { timeout: 30_000 });
}

describe('the stock listing screen', { timeout: 60_000 }, () => {
  it('shows each product with its stock left, reserved and sold, marking the out-of-stock and low ones', async () => {
    const sent = listing();
    const table = await renderScreen();
    expect(queryOf(sent[0])).toEqual({ filter: {}, range: [0, 24], sort: ['stock', 'ASC'] });
    const header = within(table).getAllByRole('row')[0];
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Stock left', 'Reserved', 'Sold', 'Low stock at']);
    const [saffron, dates, honey] = within(table).getAllByRole('row').slice(1);
    expect(within(saffron).getByText('Saffron')).toBeTruthy();
    expect(within(saffron).getByText('Out of stock').getAttribute('data-tone')).toBe('error');
    expect(within(dates).getByText('Low stock').getAttribute('data-tone')).toBe('warning');
    expect(within(dates).getByText('1,234')).toBeTruthy();
    expect(within(honey).queryByText(/stock$/)).toBeNull();
    expect(within(honey).getByText('40')).toBeTruthy();
    expect(screen.getByTestId('list-page-range').textContent).toMatch(/1-25\u2069? of 30/);
  });

  it('asks the server for another order, a search and a level, and keeps the product filters', async () => {
    const sent = listing();
    const table = await renderScreen();
    // Most sold first: a count's column sorts from the top.
    fireEvent.click(within(table).getByRole('button', { name: /^Sort by sold/ }));
    await waitFor(() => expect(queryOf(sent[sent.length - 1]).sort).toEqual(['sold', 'DESC']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'dates' } });
    await waitFor(() => expect(queryOf(sent[sent.length - 1]).filter).toEqual({ q: 'dates' }));
    fireEvent.click(screen.getByRole('button', { name: /Add filter/i }));
    const menu = await screen.findByRole('menu');
    for (const name of ['Category', 'Bar code'])
      expect(within(menu).getByRole('menuitemcheckbox', { name })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Stock level' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Stock level' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Low stock' }));
    await waitFor(() => expect(queryOf(sent[sent.length - 1]).filter).toEqual({ q: 'dates', level: 'low' }));
  });

  it('reads in Arabic, each product by its Arabic title', async () => {
    listing();
    const table = await renderScreen('ar');
    expect(within(table).getByText('زعفران')).toBeTruthy();
    expect(within(table).getByText('نفد المخزون')).toBeTruthy();
    expect(within(table).getByText('مخزون منخفض')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /محجوز/ })).toBeTruthy();
  });

  it('sits beside Products in the Sales menu', () => {
    const pages = REPORT_PAGES.map(({ path, entity, group, after }) => ({
      path,
      entity: getEntitySchema(entity),
      group,
      after,
      label: () => path,
    }));
    const sales = menuGroups(portalResources, admin, pages).find(({ group }) => group === 'sales');
    const keys = sales?.entries.map(({ key }) => key) ?? [];
    expect(keys[keys.indexOf('product') + 1]).toBe('/sales/stock-listing');
  });

  it('is closed to an employee without the sales permissions, and asks nothing', async () => {
    renderBackOffice('/sales/stock-listing', employee(['invoices']));
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.filter((path) => path.endsWith('/sales/stock-listing'))).toEqual([]);
  });
});
