import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, documentLanguage, signedInVisitor } from './support/portal';

/**
 * Reports → Merchant usage for the demo merchant, in English and Arabic, on a desktop and a
 * 360-pixel phone: reached from the menu, the months' messages and invoices, the seeded payments by
 * method with their totals, the limits of its services, and nothing wider than the screen.
 */

const LABELS = {
  en: {
    title: 'Merchant usage',
    messages: 'Messages sent and invoices created',
    payments: 'Payments by method',
    limits: 'Against the service limits',
    card: 'Card',
    total: 'Total',
    reports: 'Reports',
    currency: /KWD/,
  },
  ar: {
    title: 'استخدام التاجر',
    messages: 'الرسائل المرسلة والفواتير المنشأة',
    payments: 'المدفوعات حسب طريقة الدفع',
    limits: 'مقارنة بحدود الخدمة',
    card: 'بطاقة',
    total: 'الإجمالي',
    reports: 'التقارير',
    currency: /د\.ك/,
  },
} as const;

const browser = browserForFile();

describe('merchant usage', () => {
  it.each([
    ['en', 1280],
    ['ar', 1280],
    ['en', 360],
    ['ar', 360],
  ] as const)('shows the usage per month against the limits (%s, %i px)', async (language, width) => {
    const labels = LABELS[language];
    const { context, page, errors } = await signedInVisitor(browser(), language, {
      width,
      height: width > 400 ? 900 : 740,
    });

    if (width > 400) {
      const menu = page.getByRole('menu');
      const group = menu.getByRole('menuitem', { name: labels.reports, exact: true });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await menu.getByRole('menuitem', { name: labels.title }).click();
      await page.locator('#main-content').getByRole('heading', { name: labels.title, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/report/merchant-usage');
    } else {
      await page.goto(`${baseUrl}/report/merchant-usage`);
    }
    await page.locator('#main-content').getByRole('heading', { name: labels.title, level: 1 }).waitFor();
    await page.getByRole('table', { name: labels.messages }).waitFor();
    const payments = page.getByRole('table', { name: labels.payments });
    await payments.getByRole('cell', { name: labels.card, exact: true }).first().waitFor();
    const total = payments.getByRole('row').filter({ hasText: labels.total }).first();
    expect(await total.textContent()).toMatch(labels.currency);
    await page.getByRole('heading', { name: labels.limits }).waitFor();
    expect((await documentLanguage(page)).dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    // Nothing wider than the screen: the tables scroll inside their cards.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(tmpdir(), `bawaba-merchant-usage-${language}-${width}.png`), fullPage: true });
    await page.screenshot({ path: join(tmpdir(), `bawaba-merchant-usage-${language}-${width}-top.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
