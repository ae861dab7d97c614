import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from './support/api';
import { baseUrl, browserForFile, DEMO, documentLanguage, field, signedInVisitor } from './support/portal';

/**
 * The transaction enquiry screen (SPEC §7) on a phone, in English and Arabic: a demo payment found
 * by its reference no, shown as a card with its stored and processor statuses, linking to its record.
 */

const LABELS = {
  en: { reference: 'Reference no', search: 'Search', stored: 'Stored status', processor: 'Processor status' },
  ar: { reference: 'الرقم المرجعي', search: 'بحث', stored: 'الحالة المسجلة', processor: 'الحالة لدى جهة المعالجة' },
} as const;

const browser = browserForFile();
let reference: string;

beforeAll(async () => {
  const api = await Api.signIn(DEMO.merchant);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const listed = await api.request<{ reference_no: string }[]>('GET', '/v1/report/transactions', {
    query: {
      filter: JSON.stringify({ status: 'success', created_at_gte: day(-60), created_at_lte: day(0) }),
      range: '[0,0]',
    },
  });
  expect(listed.status).toBe(200);
  reference = listed.body[0].reference_no;
});

describe('transaction enquiry', () => {
  it.each(['en', 'ar'] as const)('finds a payment by its reference no on a 360 px phone (%s)', async (language) => {
    const labels = LABELS[language];
    const { context, page, errors } = await signedInVisitor(browser(), language, { width: 360, height: 800 });
    await page.goto(`${baseUrl}/transaction-enquiry`);
    await field(page, labels.reference).fill(reference);
    await page.locator('#main-content').getByRole('button', { name: labels.search }).click();
    const link = page.getByRole('link', { name: reference });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/report\/payment-transactions\/\d+$/);
    await page.getByText(labels.stored).first().waitFor();
    await page.getByText(labels.processor).first().waitFor();
    expect((await documentLanguage(page)).dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(tmpdir(), `bawaba-transaction-enquiry-${language}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
