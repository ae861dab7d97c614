import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../src/schema/calendar';
import { formatKwd } from '../../src/shared/money';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signIn } from './support/portal';

/**
 * A record's page as a merchant reads it (DESIGN "Screens as a product"): a successful
 * transaction titled by its reference number, its status in a green chip, its amount large, its
 * fields in titled sections, its refunds listed below, and a Refund button opening the refund
 * form already filled with the transaction and what can still be refunded, in English and in
 * Arabic, on a desktop and on a 360-pixel phone.
 */

interface Transaction {
  id: number;
  reference_no: string;
  amount: string;
  pending_amount: string;
}

const TEXT = {
  en: {
    signIn: 'Sign In',
    success: 'Success',
    refunds: 'Refund Requests',
    refund: 'Refund',
    amounts: 'Amounts',
    refundAmount: 'Refund amount',
    pendingAmount: 'Pending amount',
  },
  ar: {
    signIn: 'تسجيل الدخول',
    success: 'ناجحة',
    refunds: 'طلبات الاسترداد',
    refund: 'استرداد',
    amounts: 'المبالغ',
    refundAmount: 'مبلغ الاسترداد',
    pendingAmount: 'المبلغ المعلّق',
  },
} as const;

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 360, height: 740 } } as const;

let browser: Browser;
let transaction: Transaction;
let refundNo: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const merchant = await Api.signIn(DEMO.merchant);
  const day = today();
  const listed = await merchant.request<Transaction[]>('GET', '/v1/report/transactions', {
    query: {
      filter: JSON.stringify({ view: 'payment_list', created_at_gte: addDays(day, -29), created_at_lte: day }),
    },
  });
  expect(listed.status).toBe(200);
  const found = listed.body.find((row) => Number(row.pending_amount) >= 1);
  if (!found) throw new Error('The demo merchant has no successful transaction left to refund');
  // A refund made in the product, so the transaction's page has one to list.
  const refund = await merchant.request<{ document_no: string }>('POST', '/v1/refund', {
    body: {
      transaction_id: found.id,
      method: 'partial',
      total_amount: found.amount,
      pending_amount: found.pending_amount,
      refund_amount: '0.250',
    },
  });
  expect(refund.status).toBe(201);
  refundNo = refund.body.document_no;
  const read = await merchant.request<Transaction>('GET', `/v1/report/transactions/${found.id}`);
  transaction = read.body;
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'ar'] as const)('a successful transaction’s page in %s', (language) => {
  const text = TEXT[language];

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('reads as designed on a %s', async (viewport) => {
    const { context, page, errors } = await newVisitor(browser, VIEWPORTS[viewport]);
    await page.goto(`${baseUrl}/merchant?lng=${language}`);
    await page.getByRole('heading', { name: text.signIn }).waitFor();
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password, language);
    await page.goto(`${baseUrl}/transaction/${transaction.id}/show`);

    // The header: reference number, status chip coloured as a success, amount large.
    await page.getByRole('heading', { level: 2, name: transaction.reference_no }).waitFor();
    const chip = page.locator('header [data-tone="success"]').first();
    expect((await chip.textContent())?.trim()).toBe(text.success);
    const colour = await chip.evaluate((element) => getComputedStyle(element).color);
    const [red, green] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(green).toBeGreaterThan(red);
    const figure = page.locator('[data-figure="amount"]');
    expect((await figure.textContent())?.trim()).toBe(formatKwd(transaction.amount, language));

    // Sections, then the refunds pointing at the transaction.
    await page.getByRole('heading', { level: 3, name: text.amounts }).waitFor();
    const refunds = page.getByRole('region', { name: new RegExp(text.refunds) });
    await refunds.getByText(refundNo).first().waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    // Nothing runs off the side of a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: join(tmpdir(), `bawaba-record-page-${language}-${viewport}.png`), fullPage: true });

    // Refund opens the refund form filled from the transaction.
    await page.getByRole('link', { name: text.refund, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/report/refund-request/create');
    const amount = page.getByRole('textbox', { name: new RegExp(`^${text.refundAmount}`) });
    await expect.poll(() => amount.inputValue()).toBe(transaction.pending_amount);
    const chosen = page.locator(`select:has(option[value="${transaction.id}"])`);
    expect(await chosen.inputValue()).toBe(String(transaction.id));
    // Filled from the transaction chosen (`x-from`), as when it is chosen by hand.
    const pending = page.getByRole('textbox', { name: new RegExp(`^${text.pendingAmount}`) });
    await expect.poll(() => pending.inputValue()).toBe(transaction.pending_amount);
    await page.screenshot({ path: join(tmpdir(), `bawaba-record-refund-form-${language}-${viewport}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
