import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../src/schema/calendar';
import { Api } from './support/api';
import { LIST_RUNS, listOverflow } from './support/lists';
import { baseUrl, browserForFile, DEMO, signedInVisitor, type Language } from './support/portal';

/**
 * Sales → Stock listing for the demo merchant, in English and Arabic, on a laptop (1366×800) and
 * a phone (360×740): reached from the menu beside Products, a product a customer's unpaid order
 * holds units of shows them reserved with its low-stock mark in the warning tone, a sold-out one
 * in the error tone, searched from the list's search box; nothing scrolls sideways.
 */

const LABELS = {
  en: {
    sales: 'Sales',
    products: 'Products',
    title: 'Stock listing',
    search: 'Search',
    low: 'Low stock',
    out: 'Out of stock',
  },
  ar: {
    sales: 'المبيعات',
    products: 'المنتجات',
    title: 'قائمة المخزون',
    search: 'بحث',
    low: 'مخزون منخفض',
    out: 'نفد المخزون',
  },
} as const;

/** Every product of this file is found by this search, none of the demo's. */
const TAG = 'Shelfcheck';

const browser = browserForFile();

describe('the stock listing', () => {
  beforeAll(async () => {
    const api = await Api.signIn(DEMO.merchant);
    const ids: number[] = [];
    for (const [title, stock] of [
      [`${TAG} lantern`, 6],
      [`${TAG} saffron`, 1],
    ] as const) {
      const created = await api.request<{ id: number }>('POST', '/v1/products/', {
        body: { title, title_ar: `${title} ع`, price: '3.000', stock },
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const list = await api.request<{ reference_no: string }>('POST', '/v1/sale/list', {
      body: {
        name: `${TAG} sale`,
        type: 'store',
        product_ids: ids,
        start_date: addDays(today(), -1),
        end_date: addDays(today(), 30),
      },
    });
    expect(list.status).toBe(201);
    const order = await Api.anonymous().request('POST', `/v1/storefront/lists/${list.body.reference_no}/orders`, {
      body: {
        customer: { name: 'Fatma Al-Rashidi', mobile: '96550002468' },
        items: [
          { product_id: ids[0], qty: 2 },
          { product_id: ids[1], qty: 1 },
        ],
      },
    });
    expect(order.status).toBe(201);
  });

  it.each(LIST_RUNS)(
    'lists the products with their stock left, reserved and sold ($language, $width px)',
    async ({ width, height, language }: { width: number; height: number; language: Language }) => {
      const labels = LABELS[language];
      const { context, page, errors } = await signedInVisitor(browser(), language, { width, height });
      if (width > 600) {
        const menu = page.getByRole('menu');
        const group = menu.getByRole('menuitem', { name: labels.sales, exact: true });
        if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        const entries = await page.getByRole('group', { name: labels.sales }).getByRole('menuitem').allTextContents();
        expect(entries[entries.indexOf(labels.products) + 1]).toBe(labels.title);
        await menu.getByRole('menuitem', { name: labels.title }).click();
        await page.waitForURL((url) => url.pathname === '/sales/stock-listing');
      } else {
        await page.goto(`${baseUrl}/sales/stock-listing`);
      }
      await page.getByRole('searchbox', { name: labels.search }).fill(TAG);
      const main = page.locator('#main-content');
      const row = (name: string) => main.locator(width > 600 ? 'tbody tr' : 'li').filter({ hasText: `${TAG} ${name}` });
      await page.waitForURL((url) => url.search.includes(TAG));
      await row('saffron').getByText(labels.out).waitFor();
      await page.waitForFunction(
        ([selector, tag]) => [...document.querySelectorAll(selector)].every((item) => item.textContent?.includes(tag)),
        [width > 600 ? '#main-content tbody tr' : '#main-content li', TAG] as const,
      );
      expect(await main.locator(width > 600 ? 'tbody tr' : 'li').count()).toBe(2);
      expect(await row('saffron').getByText(labels.out).getAttribute('data-tone')).toBe('error');
      expect(await row('lantern').getByText(labels.low).getAttribute('data-tone')).toBe('warning');
      // 6 units, 2 held by the unpaid order: 4 left, 2 reserved, none sold.
      const cells = await row('lantern')
        .locator(width > 600 ? 'td' : 'dd')
        .allTextContents();
      const figures = cells.map((text) => text.replace(/\D/g, '')).filter(Boolean);
      expect(figures).toEqual(width > 600 ? ['4', '2', '0', '5'] : ['4', '2', '0']);
      expect(await listOverflow(page)).toEqual({ page: false, list: false });
      await page.screenshot({ path: join(tmpdir(), `bawaba-stock-listing-${language}-${width}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
