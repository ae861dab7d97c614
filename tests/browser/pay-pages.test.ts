import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/shared/pay';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage } from './support/portal';

/**
 * The public payer pages as a payer sees them on a phone: an invoice the demo merchant has just
 * created, opened from its link in a fresh browser at 360×740, paid with the sandbox's test cards,
 * in English and in Arabic, and the page of a link that does not exist. The first visit stays
 * within the download budget.
 */

/** The JavaScript and CSS a first visit to `/smspay/{ref}` may download, gzip -9 (issue budget). */
const FIRST_VISIT_BUDGET = 70 * 1024;

const LABELS = {
  en: {
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    holder: 'Name on card',
    pay: 'Pay 12.500 KWD',
    paid: 'Payment successful',
    declined: 'Payment declined',
    unknown: 'Payment link not found',
  },
  ar: {
    number: 'رقم البطاقة',
    expiry: 'الانتهاء (شهر/سنة)',
    cvv: 'رمز التحقق (CVV)',
    holder: 'الاسم على البطاقة',
    pay: 'ادفع 12.500 د.ك',
    paid: 'تم الدفع بنجاح',
    declined: 'تم رفض الدفع',
    unknown: 'رابط الدفع غير موجود',
  },
} as const;

type Language = keyof typeof LABELS;

interface Invoice {
  id: number;
  reference_no: string;
  status: string;
  visited_count: number;
}

let browser: Browser;
let merchant: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await Api.signIn(DEMO.merchant);
});

afterAll(async () => {
  await browser?.close();
});

async function newInvoice(): Promise<Invoice> {
  const answer = await merchant.request<Invoice>('POST', '/v1/invoice', {
    body: {
      kind: 'quick',
      customer_name: 'Noura Al-Rashidi',
      mobile: '96550001234',
      amount: '12.500',
      title: 'Catering for 20 guests',
      payment_methods: ['card', 'apple_pay'],
    },
  });
  if (answer.status !== 201) throw new Error(`Creating an invoice answered ${answer.status}`);
  return answer.body;
}

const invoiceNow = async (id: number) => (await merchant.request<Invoice>('GET', `/v1/invoice/${id}`)).body;

const phone = () => newVisitor(browser, { width: 360, height: 740 });

async function payByCard(page: Page, language: Language, number: string): Promise<void> {
  const labels = LABELS[language];
  await page.getByLabel(labels.number).fill(number);
  await page.getByLabel(labels.expiry).fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel(labels.cvv).fill('123');
  await page.getByLabel(labels.holder).fill('Noura Al-Rashidi');
  await page.getByRole('button', { name: labels.pay }).click();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** The receipt's rows as label → value. */
const receiptRows = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('dl div')].map((row) => [
        row.querySelector('dt')?.textContent ?? '',
        row.querySelector('dd')?.textContent ?? '',
      ]),
    ),
  );

describe('the payer pages', () => {
  it('are answered with pay.html, never cached, while the portal keeps its other addresses', async () => {
    for (const path of [
      '/smspay/INV-X',
      '/open-invoice/checkout/OPN-X',
      '/sp/INV-X',
      '/transaction-receipt/T',
      '/transaction-receipt/v1/T',
    ]) {
      const response = await fetch(`${baseUrl}${path}?lng=ar`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toMatch(/src="\/static\/pay-[\w-]+\.js"/);
    }
    const portal = await fetch(`${baseUrl}/invoice/invoice-list`);
    expect(await portal.text()).not.toContain('/static/pay-');
  });

  it('take a payment with the success card on a 360-pixel phone and show the receipt', async () => {
    const invoice = await newInvoice();
    const { context, page, errors } = await phone();
    const downloaded: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/static\/.+\.(js|css)$/.test(path)) downloaded.push(path);
    });

    await page.goto(`${baseUrl}/smspay/${invoice.reference_no}`);
    await page.getByRole('heading', { name: 'Catering for 20 guests' }).waitFor();
    await page.getByText('12.500 KWD', { exact: true }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expectNoSidewaysScroll(page);
    expect((await invoiceNow(invoice.id)).visited_count).toBe(1);

    const sizes = Object.fromEntries(
      downloaded.map((path) => [path, gzipSync(readFileSync(join('dist', path)), { level: 9 }).length]),
    );
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    console.log(`First visit to /smspay/{ref}: ${total} bytes gzip -9`, sizes);
    expect(downloaded.some((path) => path.endsWith('.css'))).toBe(true);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);

    await payByCard(page, 'en', TEST_CARDS.success);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/transaction-receipt\/[\w-]+$/);
    const rows = await receiptRows(page);
    expect(rows).toMatchObject({
      Merchant: expect.any(String),
      Card: 'ending 1111',
      Status: 'Successful',
      Invoice: invoice.reference_no,
      Result: 'CAPTURED',
    });
    expect(rows['Authorisation code']).toMatch(/^\d{6}$/);
    expect(rows['Date and time (Kuwait)']).toMatch(/\d{4}, \d{2}:\d{2}$/);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await expectNoSidewaysScroll(page);
    expect((await invoiceNow(invoice.id)).status).toBe('paid');
    expect((await invoiceNow(invoice.id)).visited_count).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('say a declined card was declined, keep the form, and leave the invoice unpaid', async () => {
    const invoice = await newInvoice();
    const { context, page, errors } = await phone();
    await page.goto(`${baseUrl}/smspay/${invoice.reference_no}`);
    await payByCard(page, 'en', TEST_CARDS.declined);
    await page.getByRole('alert').getByText('Payment declined').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/smspay/${invoice.reference_no}`);
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay 12.500 KWD' }).waitFor();
    expect((await invoiceNow(invoice.id)).status).toBe('unpaid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('work in Arabic, right to left: the payment and its receipt', async () => {
    const invoice = await newInvoice();
    const { context, page, errors } = await phone();
    await page.goto(`${baseUrl}/smspay/${invoice.reference_no}?lng=ar`);
    await page.getByText('12.500 د.ك', { exact: true }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('group', { name: 'طريقة الدفع' }).waitFor();
    await expectNoSidewaysScroll(page);
    await payByCard(page, 'ar', TEST_CARDS.declined);
    await page.getByRole('alert').getByText('تم رفض الدفع').waitFor();
    await page.getByLabel('رقم البطاقة').fill(TEST_CARDS.success);
    await page.getByRole('button', { name: 'ادفع 12.500 د.ك' }).click();
    await page.getByRole('heading', { name: 'تم الدفع بنجاح' }).waitFor();
    const rows = await receiptRows(page);
    expect(rows).toMatchObject({ البطاقة: 'تنتهي بـ 1111', الحالة: 'ناجحة', الفاتورة: invoice.reference_no });
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expectNoSidewaysScroll(page);
    expect((await invoiceNow(invoice.id)).status).toBe('paid');

    // The choice is remembered: the same phone opens the next link in Arabic without ?lng=.
    await page.goto(`${baseUrl}/smspay/${invoice.reference_no}`);
    await page.getByRole('heading', { name: 'تم دفع هذه الفاتورة مسبقًا' }).waitFor();
    await page.getByRole('link', { name: 'عرض الإيصال' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('say plainly when a link does not exist, in both languages', async () => {
    const { context, page, errors } = await phone();
    await page.goto(`${baseUrl}/smspay/INV-0000-NOPE`);
    await page.getByRole('heading', { name: LABELS.en.unknown }).waitFor();
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { name: LABELS.ar.unknown }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
