import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, today } from '../../src/schema/calendar';
import { Api } from './support/api';
import { LIST_RUNS, listOverflow } from './support/lists';
import { baseUrl, browserForFile, DEMO, signedInVisitor, type Language } from './support/portal';

/**
 * Invoices → Collections for the demo merchant, in English and Arabic, on a laptop (1366×800) and
 * a phone (360×740): reached from the menu after the invoices, the totals per age above the list,
 * a tenant's unpaid deposit found by the search with its amount and age, a reminder sent after a
 * confirmation (then no longer offered that day, its time shown); nothing scrolls sideways.
 */

const LABELS = {
  en: {
    invoices: 'Invoices',
    list: 'Invoices',
    title: 'Collections',
    search: 'Search',
    remind: 'Send reminder',
    confirm: 'Confirm',
    sent: 'Reminder sent',
    deposit: 'Deposit',
    never: 'Never',
    notDue: 'Not yet due',
  },
  ar: {
    invoices: 'الفواتير',
    list: 'الفواتير',
    title: 'التحصيل',
    search: 'بحث',
    remind: 'إرسال تذكير',
    confirm: 'تأكيد',
    sent: 'تم إرسال التذكير',
    deposit: 'تأمين',
    never: 'لم يُرسل',
    notDue: 'لم يستحق بعد',
  },
} as const;

/** The tenants of this file are found by this search, none of the demo's. */
const TAG = 'Dueplaza';

const browser = browserForFile();

describe('the collections view', () => {
  beforeAll(async () => {
    const api = await Api.signIn(DEMO.merchant);
    const categories = await api.request<{ id: number }[]>('GET', '/v1/asset-categories?filter={"status":"active"}');
    const units = await api.request<{ id: number }[]>('GET', '/v1/unit-categories');
    const asset = await api.request<{ id: number }>('POST', '/v1/assets', {
      body: {
        name: `${TAG} building`,
        category_id: categories.body[0].id,
        classification: 'residential',
        number_of_units: LIST_RUNS.length,
        units: LIST_RUNS.map((_, i) => ({
          name: `${TAG} ${i + 1}`,
          category_id: units.body[0].id,
          rent_amount: '275.250',
        })),
      },
    });
    expect(asset.status).toBe(201);
    const made = await api.request<{ id: number; name: string }[]>(
      'GET',
      `/v1/units?filter=${encodeURIComponent(JSON.stringify({ asset_id: asset.body.id }))}`,
    );
    for (const unit of made.body) {
      const tenant = await api.request<{ id: number }>('POST', '/v1/tenants', {
        body: {
          name: `${unit.name} tenant`,
          mobile: '96550013579',
          unit_id: unit.id,
          contract_start: today(),
          contract_end: addDays(addMonths(today(), 12), -1),
          rent_period: 'monthly',
          invoice_sending_day: 1,
        },
      });
      expect(tenant.status).toBe(201);
      const deposit = await api.request('POST', '/v1/deposits', {
        body: { tenant_id: tenant.body.id, amount: '275.250' },
      });
      expect(deposit.status).toBe(201);
    }
  });

  it.each(LIST_RUNS.map((run, index) => ({ ...run, index: index + 1 })))(
    'lists what is owed with its age, totals per age and a reminder ($language, $width px)',
    async ({
      width,
      height,
      language,
      index,
    }: {
      width: number;
      height: number;
      language: Language;
      index: number;
    }) => {
      const labels = LABELS[language];
      const { context, page, errors } = await signedInVisitor(browser(), language, { width, height });
      if (width > 600) {
        const menu = page.getByRole('menu');
        const group = menu.getByRole('menuitem', { name: labels.invoices, exact: true });
        if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        const entries = await page
          .getByRole('group', { name: labels.invoices })
          .getByRole('menuitem')
          .allTextContents();
        expect(entries).toContain(labels.title);
        await menu.getByRole('menuitem', { name: labels.title }).click();
        await page.waitForURL((url) => url.pathname === '/invoice/collections');
      } else {
        await page.goto(`${baseUrl}/invoice/collections`);
      }
      // The totals per age come first, from the server.
      await page.getByTestId('collections-bucket-not_due').getByText(labels.notDue).waitFor();
      await page.getByRole('searchbox', { name: labels.search }).fill(`${TAG} ${index} tenant`);
      await page.waitForURL((url) => url.search.includes(TAG));
      const main = page.locator('#main-content');
      const rows = main.locator(width > 600 ? 'tbody tr' : 'li');
      await page.waitForFunction(
        ([selector, tag]) => {
          const found = [...document.querySelectorAll(selector)];
          return found.length > 0 && found.every((item) => item.textContent?.includes(tag));
        },
        [width > 600 ? '#main-content tbody tr' : '#main-content li', `${TAG} ${index} tenant`] as const,
      );
      const row = rows.filter({ hasText: labels.deposit });
      await expect(row.count()).resolves.toBe(1);
      await row.getByText(labels.never).waitFor();
      expect(await row.textContent()).toMatch(/275\.250/);
      expect(await listOverflow(page)).toEqual({ page: false, list: false });
      await page.screenshot({ path: join(tmpdir(), `bawaba-collections-${language}-${width}.png`), fullPage: true });

      await row.getByRole('button', { name: labels.remind }).click();
      await page.getByRole('dialog').getByRole('button', { name: labels.confirm }).click();
      await page.getByText(labels.sent).first().waitFor();
      await row.getByRole('button', { name: labels.remind }).waitFor({ state: 'detached' });
      // The row read again from the server: its last reminder now a time.
      await row.getByText(labels.never).waitFor({ state: 'detached' });
      expect(await listOverflow(page)).toEqual({ page: false, list: false });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
