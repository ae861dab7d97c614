import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/schema/calendar';
import { currentDay } from '../../src/schema/listDateRange';
import { LIST_SCREENS, listOverflow } from './support/lists';
import { baseUrl, browserForFile, signedInVisitor, type Language } from './support/portal';

/**
 * Lists that fit their screen and reports with totals, in English and Arabic, on a laptop
 * (1366×800) and a phone (360×740): nothing scrolls sideways, neither the page nor the list's
 * card; a phone row still shows the record's reference, amount and status; the report's totals
 * row counts what its pages do; the date range survives a reload, and a range the rule refuses
 * replaces the rows with its reason.
 */

const LABELS = {
  en: { from: /^Date from/, currency: 'KWD', tooLong: 'The date range must be at most 6 months', totals: 'Totals' },
  ar: { from: /^التاريخ من/, currency: 'د.ك', tooLong: 'يجب ألا تتجاوز الفترة 6 أشهر', totals: 'الإجماليات' },
} as const;

/** `YYYY-MM-DD` as the date fields show it. */
const shown = (day: string) => day.split('-').reverse().join('/');

const browser = browserForFile();

describe.each(['en', 'ar'] as const)('lists that fit (%s)', (language: Language) => {
  const labels = LABELS[language];

  it.each(LIST_SCREENS)('the invoice list and the payments report at $width px', async (screen) => {
    const { context, page, errors } = await signedInVisitor(browser(), language, screen);
    const phone = screen.width < 600;

    await page.goto(`${baseUrl}/invoice/invoice-list`);
    const first = page
      .locator('#main-content')
      .getByText(/^INV-\d{4}-\d+$/)
      .first();
    await first.waitFor();
    expect(await listOverflow(page)).toEqual({ page: false, list: false });
    if (phone) {
      const item = page
        .locator('#main-content li')
        .filter({ has: page.getByText(/^INV-\d{4}-\d+$/) })
        .first();
      expect(await item.textContent()).toContain(labels.currency);
      expect(await item.locator('[data-tone]').count()).toBe(1);
    } else {
      // The row's actions are one menu, inside the window whichever side it opens.
      const menu = page.getByRole('button', { name: language === 'ar' ? 'إجراءات الصف' : 'Row actions' }).first();
      await menu.click();
      const box = await page.getByRole('group', { name: language === 'ar' ? 'الإجراءات' : 'Actions' }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width);
      await page.keyboard.press('Escape');
    }
    await page.screenshot({ path: join(tmpdir(), `bawaba-invoices-${language}-${screen.width}.png`) });

    await page.goto(`${baseUrl}/report/payment-transactions`);
    const totals = page.getByRole('region', { name: labels.totals });
    await totals.waitFor();
    expect(await listOverflow(page)).toEqual({ page: false, list: false });
    // The totals count every page's rows: as many as the pages say there are.
    const count = Number((await totals.getByTestId('list-totals-count').textContent())?.replace(/\D/g, ''));
    const pages = (await page.getByTestId('list-page-range').textContent()) ?? '';
    expect(
      pages
        .replace(/[^\d\s]/g, ' ')
        .trim()
        .split(/\s+/)
        .map(Number)
        .at(-1),
    ).toBe(count);
    expect(await totals.getByTestId('list-totals-amount').textContent()).toContain(labels.currency);
    await page.screenshot({ path: join(tmpdir(), `bawaba-payments-${language}-${screen.width}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the date range in the address and shows a refused range instead of the rows', async () => {
    const { context, page } = await signedInVisitor(browser(), language, LIST_SCREENS[0]);
    await page.goto(`${baseUrl}/report/payment-transactions`);
    await page.getByRole('region', { name: labels.totals }).waitFor();
    const from = page.getByRole('textbox', { name: labels.from });
    const tenDaysAgo = addDays(currentDay(), -10);
    await from.fill(shown(tenDaysAgo));
    await page.waitForURL((url) => url.search.includes(tenDaysAgo));
    await page.reload();
    await page.getByRole('region', { name: labels.totals }).waitFor();
    expect(await page.getByRole('textbox', { name: labels.from }).inputValue()).toBe(shown(tenDaysAgo));

    await page.getByRole('textbox', { name: labels.from }).fill(shown(addMonths(currentDay(), -8)));
    await page.getByRole('alert').filter({ hasText: labels.tooLong }).waitFor();
    expect(await page.locator('#main-content table tbody tr').count()).toBe(0);
    expect(await page.getByRole('region', { name: labels.totals }).count()).toBe(0);
    await context.close();
  });
});
