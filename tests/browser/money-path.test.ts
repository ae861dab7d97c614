import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../src/schema/calendar';
import { formatKwd, fromFils, toFils } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import { startServerProcess, type ServerProcess } from '../support/durability/server-process';
import { Api, type Answered, type Invoice } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, documentLanguage, signInWithLanguage } from './support/portal';

/**
 * Where a merchant's money goes after the payment, end to end in a real browser, in English and in
 * Arabic: the multi-vendor demo merchant is paid twice, refunds a part of one payment and captures a
 * part of an authorisation; the nightly settlement run (the sandbox clock moved a day) makes one
 * transfer listing both payments with their net amounts, the refund deducted; the merchant ticks two
 * newer payments in the transactions report and sends them for transfer; the bulk download of the
 * two transfers is a ZIP whose CSV totals are the transfers' amounts; the statement of the days
 * reconciles with the ledger; the money trail of each invoice shows its payment, refund or capture
 * and the transfer that paid it out, each a link to its record.
 *
 * The settlement run needs the clock a day ahead, which the other browser files must not see: this
 * file runs its own server, on an embedded database of its own, started as `npm start` starts it.
 */

const TEXT = {
  en: {
    sendForTransfer: 'Send for transfer',
    sent: 'Sent for transfer as',
    download: 'Download',
    total: 'Total',
    statement: 'Merchant statement',
    reconciles: 'Reconciles with the ledger',
    trail: 'Money trail',
    balances: /The chain balances/,
  },
  ar: {
    sendForTransfer: 'إرسال للتحويل',
    sent: 'أُرسلت للتحويل برقم',
    download: 'تنزيل',
    total: 'الإجمالي',
    statement: 'كشف حساب التاجر',
    reconciles: 'مطابق لدفتر الحسابات',
    trail: 'مسار الأموال',
    balances: /السلسلة متوازنة/,
  },
} as const;

type Language = keyof typeof TEXT;

/** What the tests read of a payment and of a transfer. */
type Transaction = Answered<'transaction', 'reference_no' | 'invoice_reference' | 'amount' | 'net_amount' | 'status'>;
type Transfer = Answered<
  'payment_transfer',
  'document_no' | 'amount' | 'refunds_amount' | 'transaction_count' | 'status'
>;

const DESKTOP = { width: 1280, height: 900 } as const;
const fils = (value: string) => toFils(value) ?? 0n;

let server: ServerProcess;
let dataDir: string;
let browser: Browser;
let vendor: Api;
/** How far the server's sandbox clock is ahead of this machine's. */
let clockAhead = 0;

/** Moves the server's clock; the browser's pages are then set to the server's time (see `portal`). */
async function advanceClock(minutes: number) {
  const answer = await vendor.advanceClock(minutes);
  clockAhead = Date.parse(answer.now) - Date.now();
  return answer;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bawaba-money-path-'));
  [server, browser] = await Promise.all([
    startServerProcess({ dataDir, driver: 'pglite' }, () => undefined),
    launchBrowser(),
  ]);
  vendor = await Api.signIn(DEMO.vendor, server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Pays the invoice's link with the success card, as the pay page does. */
async function pay(invoice: Invoice): Promise<void> {
  const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
  const answer = await Api.anonymous(server.baseUrl).request('POST', `/v1/pay/${invoice.reference_no}`, {
    body: { method: 'card', card: { number: TEST_CARDS.success, expiry, cvv: '123', holder: 'Noura Al-Rashidi' } },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function transferOf(id: number): Promise<Transfer> {
  const answer = await vendor.request<Transfer>('GET', `/v1/report/payment-transfer/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The vendor signed in on a desktop page in `language`. */
async function portal(language: Language) {
  const visitor = await newVisitor(browser, DESKTOP);
  // The merchant's "today" (a list's default dates) is the server's.
  await visitor.context.clock.install({ time: new Date(Date.now() + clockAhead) });
  await signInWithLanguage(visitor.page, DEMO.vendor, language, server.baseUrl);
  return visitor;
}

/** A list address filtered on `filter`, as the portal writes it. */
const listAddress = (path: string, filter: Record<string, unknown>) =>
  `${server.baseUrl}${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const recent = () => ({ created_at_gte: addDays(today(), -2), created_at_lte: addDays(today(), 3) });

const shot = (page: Page, name: string, language: Language) =>
  page.screenshot({ path: join(tmpdir(), `bawaba-money-path-${name}-${language}.png`), fullPage: true });

/** Ticks the row of the list that shows `text`. */
const tick = (page: Page, text: string) =>
  page.getByRole('row').filter({ hasText: text }).getByRole('checkbox').first().check();

describe.each(['en', 'ar'] as const)('the money path, in %s', (language) => {
  const text = TEXT[language];
  let paidInFull: Transaction;
  let captured: Transaction;
  let first: Invoice;
  let second: Invoice;
  let refundNo: string;
  let captureNo: string;
  let settled: Transfer;
  let requested: Transfer;

  it('the settlement run pays out two payments net of their fees, a refund and a capture', async () => {
    first = await vendor.newInvoice('8.000');
    await pay(first);

    // An authorise-first service while the second invoice is paid: the payment is only held.
    const service = await vendor.request<{ id: number }>('POST', '/v1/multi-vendor/services', {
      body: { service_type: 'quick_invoice', payment_type: 'credit_card', capture_type: 'partial', capture_days: 3 },
    });
    expect(service.status, JSON.stringify(service.body)).toBe(201);
    try {
      second = await vendor.newInvoice('6.000');
      await pay(second);
      const held = await vendor.transactionOf<Transaction>(second);
      expect(held.status).toBe('authorized');
      // Captured while the service that allows a part is still the merchant's.
      const capture = await vendor.request<{ document_no: string }>('POST', '/v1/capture', {
        body: { transaction_id: held.id, capture_type: 'partial', amount: '4.000' },
      });
      expect(capture.status, JSON.stringify(capture.body)).toBe(201);
      captureNo = capture.body.document_no;
    } finally {
      expect((await vendor.request('DELETE', `/v1/multi-vendor/services/${service.body.id}`)).status).toBe(200);
    }

    const payment = await vendor.transactionOf<Transaction>(first);
    const refund = await vendor.request<{ document_no: string }>('POST', '/v1/refund', {
      body: {
        transaction_id: payment.id,
        method: 'partial',
        total_amount: payment.amount,
        pending_amount: payment.amount,
        refund_amount: '1.000',
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    refundNo = refund.body.document_no;
    // Past the refund's 20 minutes, then a day on: the nightly run settles the day.
    await advanceClock(21);
    const night = await advanceClock(24 * 60);
    expect(night.tick.transfers).toBeGreaterThan(0);

    paidInFull = await vendor.transactionOf<Transaction>(first);
    captured = await vendor.transactionOf<Transaction>(second);
    expect(captured).toMatchObject({ status: 'success', captured_amount: '4.000' });
    expect(paidInFull.transfer_id).not.toBeNull();
    expect(captured.transfer_id).toBe(paidInFull.transfer_id);
    settled = await transferOf(paidInFull.transfer_id as number);
    // Made by the night's run; the sandbox bank pays it out from the next Kuwait day by the server's
    // clock, which a scheduler pass after the moved clock may already have reached.
    expect(['not_transferred', 'transferred']).toContain(settled.status);
    expect(fils(settled.refunds_amount)).toBeGreaterThanOrEqual(1_000n);
    expect(fils(paidInFull.net_amount)).toBeLessThan(8_000n);
    expect(fils(captured.net_amount)).toBeLessThan(4_000n);

    // The transfer's page lists both payments with their net amounts.
    const { context, page, errors } = await portal(language);
    await page.goto(`${server.baseUrl}/payment_transfer/${settled.id}/show`);
    await page.getByRole('heading', { level: 2, name: settled.document_no }).waitFor();
    for (const transaction of [paidInFull, captured]) {
      const row = page.getByRole('row').filter({ hasText: transaction.reference_no });
      await row.first().waitFor();
      expect(await row.first().textContent()).toContain(formatKwd(transaction.net_amount, language));
    }
    expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    await shot(page, 'settled-transfer', language);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the merchant ticks two settled payments and sends them for transfer', async () => {
    const third = await vendor.newInvoice('5.250');
    const fourth = await vendor.newInvoice('3.125');
    await pay(third);
    await pay(fourth);
    const [one, two] = [
      await vendor.transactionOf<Transaction>(third),
      await vendor.transactionOf<Transaction>(fourth),
    ];

    const { context, page, errors } = await portal(language);
    await page.goto(listAddress('/report/payment-transactions', recent()));
    await page.getByRole('row').filter({ hasText: one.reference_no }).first().waitFor();
    await tick(page, one.reference_no);
    await tick(page, two.reference_no);
    await page.getByRole('button', { name: text.sendForTransfer }).click();
    await page.getByText(text.sent, { exact: false }).first().waitFor();
    await shot(page, 'sent-for-transfer', language);

    const [afterOne, afterTwo] = [
      await vendor.transactionOf<Transaction>(third),
      await vendor.transactionOf<Transaction>(fourth),
    ];
    expect(afterOne.transfer_id).not.toBeNull();
    expect(afterTwo.transfer_id).toBe(afterOne.transfer_id);
    requested = await transferOf(afterOne.transfer_id as number);
    expect(requested.transaction_count).toBe(2);
    expect(fils(requested.amount) + fils(requested.refunds_amount)).toBe(fils(one.net_amount) + fils(two.net_amount));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the bulk download of both transfers is a file whose sums are the transfers', async () => {
    const { context, page, errors } = await portal(language);
    await page.goto(listAddress('/report/payment-transfer', recent()));
    await tick(page, settled.document_no);
    await tick(page, requested.document_no);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text.download, exact: true }).click(),
    ]);
    const file = await download.path();
    const entries = unzipSync(new Uint8Array(await readFile(file)));
    const totals = new Map<string, bigint>();
    for (const [name, bytes] of Object.entries(entries)) {
      const lines = strFromU8(bytes)
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      // Each transfer's file: its heading row, its values, …, and the total last.
      if (name === 'transfers.csv') continue;
      const heading = lines[1]?.split(',') ?? [];
      const total = lines.at(-1)?.split(',') ?? [];
      expect(total[0]).toBe(text.total);
      totals.set(heading[0] ?? name, fils(total.at(-1) ?? '0'));
    }
    expect(fromFils(totals.get(settled.document_no) ?? -1n)).toBe(settled.amount);
    expect(fromFils(totals.get(requested.document_no) ?? -1n)).toBe(requested.amount);
    await shot(page, 'transfers', language);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the statement of the period reconciles with the ledger', async () => {
    const day = new Date(Date.now() + clockAhead + 3 * 3_600_000).toISOString().slice(0, 10);
    const statement = await vendor.request<{ reconciles: boolean; lines: { reference?: string | null }[] }>(
      'GET',
      '/v1/report/merchant-statement',
      { query: { from: addDays(day, -3), to: day, range: '[0,499]' } },
    );
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body.reconciles).toBe(true);

    const { context, page, errors } = await portal(language);
    await page.goto(`${server.baseUrl}/report/merchant-statement`);
    await page.locator('#main-content').getByRole('heading', { name: text.statement, level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: text.reconciles }).waitFor();
    await shot(page, 'statement', language);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the money trail of an invoice shows every step, from the payment to the transfer', async () => {
    const { context, page, errors } = await portal(language);
    const chainOf = async (invoice: Invoice) => {
      await page.goto(`${server.baseUrl}/invoice/${invoice.id}/show`);
      await page.getByRole('link', { name: text.trail }).click();
      await page.waitForURL((url) => url.pathname === `/money-trail/invoice/${invoice.id}`);
      await page.getByText(text.balances).waitFor();
      return page.locator('#trail-chains').locator('..');
    };
    const hrefOf = async (chains: Awaited<ReturnType<typeof chainOf>>, name: string) =>
      chains.getByRole('link', { name, exact: true }).first().getAttribute('href');

    let chains = await chainOf(first);
    expect(await hrefOf(chains, first.reference_no)).toBe(`/invoice/invoice-list/${first.id}`);
    expect(await hrefOf(chains, paidInFull.reference_no)).toBe(`/report/payment-transactions/${paidInFull.id}`);
    expect(await hrefOf(chains, refundNo)).toMatch(/^\/report\/refund-request\/\d+$/);
    expect(await hrefOf(chains, settled.document_no)).toBe(`/report/payment-transfer/${settled.id}`);
    await shot(page, 'trail', language);

    chains = await chainOf(second);
    expect(await hrefOf(chains, captured.reference_no)).toBe(`/report/payment-transactions/${captured.id}`);
    expect(await hrefOf(chains, captureNo)).toMatch(/^\/report\/capture-request\/\d+$/);
    expect(await hrefOf(chains, settled.document_no)).toBe(`/report/payment-transfer/${settled.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
