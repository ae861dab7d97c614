import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fromFils, toFils } from '../../src/shared/money';
import { parseCsvText } from '../../src/shared/spreadsheet/csv';
import { baseUrl, browserForFile, documentLanguage, signedInVisitor } from './support/portal';

/**
 * The merchant statement (Reports → Merchant statement) of the demo merchant this month, in
 * English and Arabic, on a desktop and a phone: the balances and the reconciles badge, lines
 * linked to their records, a CSV download whose lines add up to the figures shown, and the print
 * view that leaves the portal's bars and controls off the paper.
 */

const LABELS = {
  en: {
    title: 'Merchant statement',
    product: 'Bawaba',
    reconciles: 'Reconciles with the ledger',
    moneyIn: 'Money in',
    closing: 'Closing balance',
    csv: 'Download CSV',
    print: 'Print',
    header: 'Date',
    menu: 'Menu',
  },
  ar: {
    title: 'كشف حساب التاجر',
    product: 'بوابة',
    reconciles: 'مطابق لدفتر الحسابات',
    moneyIn: 'المبالغ الواردة',
    closing: 'الرصيد الختامي',
    csv: 'تنزيل CSV',
    print: 'طباعة',
    header: 'التاريخ',
    menu: 'القائمة',
  },
} as const;

/** Fils of an amount as the page or the file shows it ("1,250.500 KWD", "-0.300"). */
function filsOf(text: string): bigint {
  const plain = (/-?[0-9,]+\.[0-9]{3}/.exec(text)?.[0] ?? '').replace(/,/g, '');
  const negative = plain.startsWith('-');
  const fils = toFils(negative ? plain.slice(1) : plain) ?? 0n;
  return negative ? -fils : fils;
}

/** The figure a summary card shows under its label. */
async function figure(page: Page, label: string): Promise<bigint> {
  const text = await page
    .locator('dt', { hasText: label })
    .first()
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  return filsOf(text ?? '');
}

const browser = browserForFile();

describe('the merchant statement', () => {
  it.each(['en', 'ar'] as const)('reconciles, downloads and prints (%s)', async (language) => {
    const labels = LABELS[language];
    const { context, page, errors } = await signedInVisitor(browser(), language, { width: 1280, height: 900 });

    await page.goto(`${baseUrl}/report/merchant-statement`);
    await page.locator('#main-content').getByRole('heading', { name: labels.title, level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: labels.reconciles }).waitFor();
    // The browser tab names the screen and the product, in the page's language.
    expect(await page.title()).toBe(`${labels.title} · ${labels.product}`);
    expect((await documentLanguage(page)).dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    const table = page.getByRole('table', { name: labels.title });
    await table.getByRole('columnheader', { name: labels.header }).waitFor();
    expect(await table.getByRole('link').count()).toBeGreaterThan(0);
    const href = await table.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^\/report\/(payment-transactions|refund-request|capture-request|payment-transfer)\/\d+$/);
    await page.screenshot({ path: join(tmpdir(), `bawaba-merchant-statement-${language}.png`), fullPage: true });

    // The CSV's lines add up to the money in and the closing balance shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: labels.csv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^merchant-statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsvText((await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, ''));
    const header = rows.findIndex((row) => row[0] === labels.header);
    const closingRow = rows.findIndex((row) => row[1] === labels.closing);
    const lines = rows.slice(header + 2, closingRow - 1);
    const credits = lines.reduce((sum, row) => sum + filsOf(row[7]), 0n);
    expect(fromFils(credits)).toBe(fromFils(await figure(page, labels.moneyIn)));
    expect(fromFils(filsOf(rows[closingRow][8]))).toBe(fromFils(await figure(page, labels.closing)));
    expect(lines.at(-1)?.[8]).toBe(rows[closingRow][8]);

    // Print: the whole statement on paper, without the portal's bars and controls.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: labels.print }).click();
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('statement-print');
    await printed.waitFor();
    expect(await printed.getByRole('row').filter({ hasText: labels.closing }).count()).toBe(1);
    expect(await printed.getByRole('link').count()).toBe(0);
    expect(await page.getByRole('button', { name: labels.print }).isVisible()).toBe(false);
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    await page.screenshot({ path: join(tmpdir(), `bawaba-merchant-statement-print-${language}.png`) });
    await page.emulateMedia({ media: 'screen' });

    expect(errors).toEqual([]);
    await context.close();

    // A phone: nothing wider than the screen but the table, which scrolls in its card.
    const phone = await signedInVisitor(browser(), language, { width: 360, height: 740 });
    await phone.page.goto(`${baseUrl}/report/merchant-statement`);
    await phone.page.getByRole('status').filter({ hasText: labels.reconciles }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.page.screenshot({ path: join(tmpdir(), `bawaba-merchant-statement-phone-${language}.png`) });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
