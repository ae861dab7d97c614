import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, type Invoice } from './support/api';
import { baseUrl, browserForFile, documentLanguage, signedInVisitor } from './support/portal';

/**
 * The app bar's search in English and Arabic, on a desktop and a 360 px phone: `/` (or the icon on
 * a phone) opens it, typing a customer's name shows the records found grouped by kind, the arrows
 * and Enter open one (a click too), Escape closes it; a `/` typed in a field stays text.
 */

const LABELS = {
  en: { search: 'Search', results: 'Search results', invoices: 'Invoices', payments: 'Payment transactions' },
  ar: { search: 'بحث', results: 'نتائج البحث', invoices: 'الفواتير', payments: 'معاملات الدفع' },
} as const;

const browser = browserForFile();
const customer = 'Wafiqa Demirel';
let invoice: Invoice;

beforeAll(async () => {
  const api = await Api.signIn({ email: 'merchant@demo.test', password: 'Demo@1234' });
  const answer = await api.request<Invoice>('POST', '/v1/invoice', {
    body: { kind: 'quick', customer_name: customer, mobile: '96551239911', amount: '41.250' },
  });
  expect(answer.status).toBe(201);
  invoice = answer.body;
});

describe('search everywhere', () => {
  describe.each([
    [1366, 800],
    [360, 740],
  ])('at %i px', (width, height) => {
    it.each(['en', 'ar'] as const)('finds a record by name, grouped by kind, and opens it (%s)', async (language) => {
      const labels = LABELS[language];
      const phone = width < 600;
      const { context, page, errors } = await signedInVisitor(browser(), language, { width, height });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const box = page.getByRole('combobox', { name: labels.search, exact: true });
      if (phone) {
        // A phone's bar has room for an icon only; the search opens over the whole screen.
        await expect(box.count()).resolves.toBe(0);
        await page.getByRole('button', { name: labels.search, exact: true }).click();
      } else await page.keyboard.press('/');
      await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);

      await box.fill('Wafiqa dem');
      const results = page.getByRole('listbox', { name: labels.results });
      await results.waitFor();
      const invoices = results.getByRole('group', { name: labels.invoices });
      const option = invoices.getByRole('option', { name: new RegExp(String(invoice.reference_no)) });
      await option.waitFor();
      expect(await option.textContent()).toContain(customer);
      expect(await documentLanguage(page)).toMatchObject({ dir: language === 'ar' ? 'rtl' : 'ltr' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(tmpdir(), `bawaba-search-${language}-${width}.png`) });

      // Escape closes the answer (on a phone, the whole search); the arrows bring it back, Enter
      // opens the record reached.
      await box.press('Escape');
      await expect.poll(() => results.count()).toBe(0);
      if (phone) {
        await expect.poll(() => box.count()).toBe(0);
        await page.getByRole('button', { name: labels.search, exact: true }).click();
        await box.fill('Wafiqa dem');
        await option.waitFor();
      }
      await box.press('ArrowDown');
      await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      await box.press('Enter');
      await page.getByRole('heading', { name: String(invoice.reference_no), exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`/${invoice.id}(/show)?$`));
      expect(await results.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it('opens a record in one click, and leaves a "/" typed in a field as text', async () => {
    const { context, page, errors } = await signedInVisitor(browser(), 'en', { width: 1366, height: 800 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('Wafiqa/');
    expect(await box.inputValue()).toBe('Wafiqa/');
    await box.fill(String(invoice.reference_no));
    await page.getByRole('option', { name: new RegExp(String(invoice.reference_no)) }).click();
    await page.getByRole('heading', { name: String(invoice.reference_no), exact: true }).waitFor();
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
