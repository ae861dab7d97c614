import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../src/schema/calendar';
import { formatKwd } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import { Api, type Answered, type Invoice } from './support/api';
import { newVisitor } from './support/browser';
import { DEMO, baseUrl, browserForFile, documentLanguage, field, signedInVisitor } from './support/portal';

/**
 * What happens after a payment, end to end in a real browser, once in English and once in Arabic
 * with records of its own: a payer pays an invoice on a 360-pixel phone; the merchant refunds part
 * of it from the transaction's page, asks a second refund and cancels it within the window; the
 * sandbox clock passes the window and the first refund is processed (the page shows the refunded
 * amount, the webhook log its `payment.refunded`); an authorise-first merchant captures part of an
 * authorisation from its page; the enquiry screen finds the payment and advises waiting on two
 * like payments; a payer over the merchant's daily limit is refused on the pay page.
 *
 * The authorise-first and daily-limit services are the multi-vendor demo merchant's own rows made
 * here and removed after, so the other browser files see the demo as seeded. The sandbox clock is
 * the server's and only goes forward: nothing here depends on where other files left it.
 */

const TEXT = {
  en: {
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    holder: 'Name on card',
    pay: (amount: string) => `Pay ${amount} KWD`,
    paid: 'Payment successful',
    success: 'Success',
    refund: 'Refund',
    capture: 'Capture',
    refundAmount: 'Refund amount',
    captureAmount: 'Capture amount',
    refundMethod: 'Refund method',
    captureType: 'Capture type',
    partialRefund: 'Partial refund',
    partialCapture: 'Partial capture',
    save: 'Save',
    cancelRefund: 'Cancel request',
    cancelled: 'Cancelled',
    refundedAmount: 'Refunded amount',
    refundedEvent: 'Payment refunded',
    capturedAmount: 'Captured amount',
    captured: 'Captured',
    searchBy: 'Search by',
    reference: 'Reference no',
    mobile: "Payer's mobile",
    amount: 'Amount (KWD)',
    search: 'Search',
    duplicate: 'This mobile paid the same amount more than once in the last 10 minutes.',
    dailyLimit: "This payment is above the merchant's daily limit.",
  },
  ar: {
    number: 'رقم البطاقة',
    expiry: 'الانتهاء (شهر/سنة)',
    cvv: 'رمز التحقق (CVV)',
    holder: 'الاسم على البطاقة',
    pay: (amount: string) => `ادفع ${amount} د.ك`,
    paid: 'تم الدفع بنجاح',
    success: 'ناجحة',
    refund: 'استرداد',
    capture: 'تحصيل',
    refundAmount: 'مبلغ الاسترداد',
    captureAmount: 'مبلغ التحصيل',
    refundMethod: 'طريقة الاسترداد',
    captureType: 'نوع التحصيل',
    partialRefund: 'استرداد جزئي',
    partialCapture: 'تحصيل جزئي',
    save: 'حفظ',
    cancelRefund: 'إلغاء الطلب',
    cancelled: 'ملغى',
    refundedAmount: 'المبلغ المسترد',
    refundedEvent: 'تم استرداد المبلغ',
    capturedAmount: 'المبلغ المحصّل',
    captured: 'تم التحصيل',
    searchBy: 'البحث حسب',
    reference: 'الرقم المرجعي',
    mobile: 'هاتف الدافع',
    amount: 'المبلغ (د.ك)',
    search: 'بحث',
    duplicate: 'دفع هذا الهاتف المبلغ نفسه أكثر من مرة خلال آخر 10 دقائق.',
    dailyLimit: 'هذه الدفعة تتجاوز الحد اليومي لدى التاجر.',
  },
} as const;

type Language = keyof typeof TEXT;

const DESKTOP = { width: 1280, height: 900 } as const;
const PHONE = { width: 360, height: 740 } as const;

/** What the tests read of a payment, a refund and a capture. */
type Transaction = Answered<
  'transaction',
  'reference_no' | 'invoice_reference' | 'amount' | 'pending_amount' | 'status'
>;
type Refund = Answered<'refund', 'transaction_id' | 'document_no' | 'status'>;
type Capture = Answered<'capture', 'transaction_id' | 'status'>;

interface Service {
  id: number;
}

const browser = browserForFile();
let merchant: Api;
let vendor: Api;
/** The vendor's own services made here, removed after. */
const madeServices: number[] = [];

beforeAll(async () => {
  merchant = await Api.signIn(DEMO.merchant);
  vendor = await Api.signIn(DEMO.vendor);
});

afterAll(async () => {
  // Left only by a step that failed before its own clean-up.
  for (const id of [...madeServices]) await removeService(id);
});

/** Removes one of the vendor's services made here, so the demo is as seeded again. */
async function removeService(id: number): Promise<void> {
  const answer = await vendor.request('DELETE', `/v1/multi-vendor/services/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  madeServices.splice(madeServices.indexOf(id), 1);
}

/** A mobile no other test pays from, so the customer's totals and the enquiry see only this file's payments. */
function freshMobile(): string {
  return `965${String(50_000_000 + Math.floor(Math.random() * 9_999_999))}`;
}

/** Opens the invoice's link on a phone, pays with `card`, and leaves the page where it ends. */
async function payOnPhone(invoice: Invoice, language: Language, amount: string, card: string): Promise<Page> {
  const text = TEXT[language];
  const { page } = await newVisitor(browser(), PHONE);
  await page.goto(`${baseUrl}/smspay/${invoice.reference_no}?lng=${language}`);
  await page.getByLabel(text.number).fill(card);
  await page.getByLabel(text.expiry).fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel(text.cvv).fill('123');
  await page.getByLabel(text.holder).fill('Noura Al-Rashidi');
  await page.getByRole('button', { name: text.pay(amount) }).click();
  return page;
}

async function paySuccessfully(invoice: Invoice, language: Language, amount: string): Promise<void> {
  const page = await payOnPhone(invoice, language, amount, TEST_CARDS.success);
  await page.waitForURL((url) => url.pathname.startsWith('/transaction-receipt/'));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
}

const amountBox = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Chooses `option` in the select labelled `label` (react-admin's select input). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A list query of the records made since yesterday, newest first. */
function recentQuery(): Record<string, string> {
  const day = today();
  return {
    filter: JSON.stringify({ created_at_gte: addDays(day, -1), created_at_lte: addDays(day, 60) }),
    sort: JSON.stringify(['created_at', 'DESC']),
    range: JSON.stringify([0, 49]),
  };
}

/** The newest refund requests of a transaction. */
async function refundsOf(transactionId: number): Promise<Refund[]> {
  const listed = await merchant.request<Refund[]>('GET', '/v1/refund', {
    query: recentQuery(),
  });
  expect(listed.status).toBe(200);
  return listed.body.filter((refund) => refund.transaction_id === transactionId);
}

/** Asks a refund of `amount` from the transaction's page, as the merchant does. */
async function refundFromPage(page: Page, language: Language, transaction: Transaction, amount: string) {
  const text = TEXT[language];
  await page.goto(`${baseUrl}/transaction/${transaction.id}/show`);
  await page.getByRole('heading', { level: 2, name: transaction.reference_no }).waitFor();
  await page.getByRole('link', { name: text.refund, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/report/refund-request/create');
  const box = amountBox(page, text.refundAmount);
  await expect.poll(() => box.inputValue()).not.toBe('');
  await choose(page, text.refundMethod, text.partialRefund);
  await box.fill(amount);
  await page.getByRole('button', { name: text.save }).click();
  await page.waitForURL((url) => url.pathname !== '/report/refund-request/create');
}

const shot = (page: Page, name: string, language: Language) =>
  page.screenshot({ path: join(tmpdir(), `bawaba-payment-life-${name}-${language}.png`), fullPage: true });

describe.each(['en', 'ar'] as const)('after the payment, in %s', (language) => {
  const text = TEXT[language];
  const mobile = freshMobile();
  let invoice: Invoice;
  let transaction: Transaction;

  it('a payer pays an invoice by card on a phone', async () => {
    invoice = await merchant.newInvoice('12.500', mobile);
    await paySuccessfully(invoice, language, '12.500');
    transaction = await merchant.transactionOf<Transaction>(invoice);
    expect(transaction).toMatchObject({ status: 'success', amount: '12.500', pending_amount: '12.500' });
  });

  it('the merchant refunds a part, asks another and cancels it; the first is processed after the window', async () => {
    const { context, page, errors } = await signedInVisitor(browser(), language, DESKTOP);
    await refundFromPage(page, language, transaction, '2.000');
    const [first] = await refundsOf(transaction.id);
    expect(first).toMatchObject({ refund_amount: '2.000', status: 'pending' });

    await refundFromPage(page, language, transaction, '1.500');
    const [second] = await refundsOf(transaction.id);
    expect(second).toMatchObject({ refund_amount: '1.500', status: 'pending' });
    await page.goto(`${baseUrl}/refund/${second.id}/show`);
    await page.getByRole('button', { name: text.cancelRefund }).click();
    await page.getByRole('dialog').getByRole('button').last().click();
    await page.locator('header').getByText(text.cancelled, { exact: true }).first().waitFor();
    const afterCancel = (await merchant.request<Refund>('GET', `/v1/refund/${second.id}`)).body;
    expect(afterCancel.status).toBe('cancelled');
    // The cancelled request gave its amount back to what can still be refunded.
    expect((await merchant.transactionOf<Transaction>(invoice)).pending_amount).toBe('10.500');

    await merchant.advanceClock(21);
    const processed = (await merchant.request<Refund>('GET', `/v1/refund/${first.id}`)).body;
    expect(processed.status).toBe('processed');
    const now = await merchant.transactionOf<Transaction>(invoice);
    expect(now).toMatchObject({ status: 'success', refunded_amount: '2.000' });

    await page.goto(`${baseUrl}/transaction/${transaction.id}/show`);
    await page.getByRole('heading', { level: 2, name: transaction.reference_no }).waitFor();
    const chip = page.locator('header [data-tone="success"]').first();
    expect((await chip.textContent())?.trim()).toBe(text.success);
    const refunded = page.getByText(text.refundedAmount, { exact: true }).first();
    await refunded.waitFor();
    await page.getByText(formatKwd('2.000', language)).first().waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    await shot(page, 'refunded-transaction', language);

    const deliveries = await merchant.request<{ event: string; transaction_reference: string }[]>(
      'GET',
      '/v1/webhook-deliveries',
      { query: { filter: JSON.stringify({ q: transaction.reference_no }) } },
    );
    expect(deliveries.status).toBe(200);
    expect(
      deliveries.body.filter((row) => row.transaction_reference === transaction.reference_no).map((row) => row.event),
    ).toContain('payment.refunded');
    // The same delivery in the merchant's webhook log.
    const search = encodeURIComponent(JSON.stringify({ q: transaction.reference_no }));
    await page.goto(`${baseUrl}/invoice/webhook-deliveries?filter=${search}`);
    await page.getByRole('cell', { name: text.refundedEvent, exact: true }).first().waitFor();
    await shot(page, 'webhook-log', language);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an authorise-first merchant captures a part of an authorisation from its page', async () => {
    const made = await vendor.request<Service>('POST', '/v1/multi-vendor/services', {
      body: { service_type: 'quick_invoice', payment_type: 'credit_card', capture_type: 'partial', capture_days: 3 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    madeServices.push(made.body.id);
    try {
      const authorised = await vendor.newInvoice('8.000', freshMobile());
      await paySuccessfully(authorised, language, '8.000');
      const held = await vendor.transactionOf<Transaction>(authorised);
      expect(held).toMatchObject({ status: 'authorized', pending_amount: '8.000' });

      const { context, page, errors } = await signedInVisitor(browser(), language, {
        ...DESKTOP,
        account: DEMO.vendor,
      });
      await page.goto(`${baseUrl}/transaction/${held.id}/show`);
      await page.getByRole('heading', { level: 2, name: held.reference_no }).waitFor();
      await page.getByRole('link', { name: text.capture, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/report/capture-request/create');
      const box = amountBox(page, text.captureAmount);
      await expect.poll(() => box.inputValue()).not.toBe('');
      await choose(page, text.captureType, text.partialCapture);
      await box.fill('5.000');
      await page.getByRole('button', { name: text.save }).click();
      await page.waitForURL((url) => url.pathname !== '/report/capture-request/create');

      const captures = await vendor.request<Capture[]>('GET', '/v1/capture', {
        query: recentQuery(),
      });
      expect(captures.status, JSON.stringify(captures.body)).toBe(200);
      const capture = captures.body.find((row) => row.transaction_id === held.id);
      expect(capture).toMatchObject({ amount: '5.000', status: 'captured' });
      const after = await vendor.transactionOf<Transaction>(authorised);
      expect(after).toMatchObject({ status: 'success', captured_amount: '5.000' });

      await page.goto(`${baseUrl}/transaction/${held.id}/show`);
      const chip = page.locator('header [data-tone="success"]').first();
      await chip.waitFor();
      expect((await chip.textContent())?.trim()).toBe(text.success);
      await page.getByText(text.capturedAmount, { exact: true }).first().waitFor();
      await page.getByText(formatKwd('5.000', language)).first().waitFor();
      await shot(page, 'captured-transaction', language);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await removeService(made.body.id);
    }
  });

  it('the enquiry screen finds the payment, and advises waiting on two like payments of one mobile', async () => {
    const twice = freshMobile();
    for (let i = 0; i < 2; i += 1) await paySuccessfully(await merchant.newInvoice('3.250', twice), language, '3.250');

    const { context, page, errors } = await signedInVisitor(browser(), language, DESKTOP);
    await page.goto(`${baseUrl}/transaction-enquiry`);
    await field(page, text.reference).fill(transaction.reference_no);
    await page.getByRole('button', { name: text.search }).click();
    await page.getByRole('link', { name: transaction.reference_no }).waitFor();

    await page.getByRole('combobox', { name: text.searchBy }).click();
    await page.getByRole('option', { name: text.mobile, exact: true }).click();
    await field(page, text.mobile).fill(twice);
    await field(page, text.amount).fill('3.250');
    await page.getByRole('button', { name: text.search }).click();
    await page.getByRole('alert').getByText(text.duplicate, { exact: false }).waitFor();
    await shot(page, 'enquiry-advice', language);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a payer over the daily limit is refused on the pay page', async () => {
    const made = await vendor.request<Service>('POST', '/v1/multi-vendor/services', {
      body: { service_type: 'quick_invoice', payment_type: 'credit_card', daily_total: '1.000' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    madeServices.push(made.body.id);
    try {
      const invoice = await vendor.newInvoice('4.000', freshMobile());
      const page = await payOnPhone(invoice, language, '4.000', TEST_CARDS.success);
      await page.getByRole('alert').getByText(text.dailyLimit, { exact: false }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/smspay/${invoice.reference_no}`);
      await shot(page, 'pay-refused', language);
      await page.context().close();
    } finally {
      await removeService(made.body.id);
    }
  });
});
