import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, documentLanguage, signedInVisitor } from './support/portal';

/**
 * The demo merchant's admin charges (Account → Admin charges, read-only) and the dynamic-commission
 * report (Reports), in English and Arabic: the seeded charges per payment method, and the seeded
 * payments' card commission with the totals.
 */

const LABELS = {
  en: { charges: 'Admin charges', card: 'Card', total: 'Total', percent: 'Percentage (%)' },
  ar: { charges: 'الرسوم الإدارية', card: 'بطاقة', total: 'الإجمالي', percent: 'النسبة المئوية (%)' },
} as const;

const browser = browserForFile();

describe('fees and commission', () => {
  it.each(['en', 'ar'] as const)('shows the admin charges and the commission report (%s)', async (language) => {
    const labels = LABELS[language];
    const { context, page, errors } = await signedInVisitor(browser(), language, { width: 1280, height: 900 });

    await page.goto(`${baseUrl}/setting/admin-charges`);
    await page.getByRole('columnheader', { name: labels.percent }).first().waitFor();
    await page.getByRole('cell', { name: labels.card, exact: true }).first().waitFor();
    await page.getByRole('cell', { name: '2.5', exact: true }).waitFor();
    expect((await documentLanguage(page)).dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    // Read-only: nothing to create.
    expect(await page.getByRole('link', { name: language === 'ar' ? 'إنشاء' : 'Create' }).count()).toBe(0);
    await page.screenshot({ path: join(tmpdir(), `bawaba-admin-charges-${language}.png`), fullPage: true });

    await page.goto(`${baseUrl}/report/dynamic-commission`);
    const total = page.getByRole('row').filter({ hasText: labels.total });
    await total.waitFor();
    expect(await total.textContent()).toMatch(language === 'ar' ? /د\.ك/ : /KWD/);
    await page.getByRole('cell', { name: labels.card, exact: true }).first().waitFor();
    await page.screenshot({ path: join(tmpdir(), `bawaba-dynamic-commission-${language}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
