import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../src/generated';
import { addToMonth, type MerchantUsageReport, type UsageChannel } from '../../src/shared/merchant-usage';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * The demo merchant's messages went through the product's outbox as the months were replayed: each
 * demo invoice sent its message through its channel when it was created (a scheduled one when its
 * time came), the outbox delivered it then and its `sms_status` followed, and nothing is left queued
 * for the server to send for the past. So the usage report counts, month by month, the messages of
 * the demo invoices, besides the thank-you and subscription SMS the demo's payments sent.
 */

const HOUR = 3_600_000;
/** The Kuwait month (UTC+3) of an instant. */
const kuwaitMonth = (instant: string) => new Date(Date.parse(instant) + 3 * HOUR).toISOString().slice(0, 7);
const THIS_MONTH = kuwaitMonth(new Date().toISOString());
/** The report's longest range, ending this month: the demo's invoices were all created within it. */
const FROM = addToMonth(THIS_MONTH, -5);

type DemoInvoice = Invoice & { id: number; created_at: string };

/** When an invoice's message left: when it was created, or a scheduled invoice's time. */
const sentAt = (invoice: DemoInvoice) =>
  invoice.kind === 'scheduled' && invoice.scheduled_at ? invoice.scheduled_at : invoice.created_at;

describe.each(DRIVERS)("the demo merchant's messages (%s)", (driver) => {
  let server: TestServer;
  let merchant: Client;
  let merchantId: number;
  let invoices: DemoInvoice[];

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    const response = await merchant.list('/v1/invoice', { range: [0, 499], sort: ['id', 'ASC'] });
    expect(response.statusCode, response.body).toBe(200);
    invoices = response.json() as DemoInvoice[];
  });
  afterAll(() => server?.close());

  it('sent each invoice’s message through its channel, and its SMS status followed the delivery', () => {
    expect(invoices.length).toBeGreaterThan(30);
    for (const invoice of invoices) {
      const status = invoice.sms_status ?? undefined;
      if (invoice.send_via === 'url') {
        // A link the merchant shares sends nothing.
        expect(status, invoice.reference_no).toBeUndefined();
      } else if (invoice.kind === 'scheduled' && Date.parse(sentAt(invoice)) > Date.now()) {
        expect(status, invoice.reference_no).toBe('scheduled');
      } else if (invoice.kind === 'scheduled' && invoice.status === 'cancelled') {
        // Cancelled before its time, it never sent.
        expect(['scheduled', 'sent'], invoice.reference_no).toContain(status);
      } else {
        expect(status, invoice.reference_no).toBe('sent');
      }
    }
    const channels = new Set(
      invoices.filter((invoice) => invoice.sms_status === 'sent').map((i) => i.send_via ?? 'sms'),
    );
    expect([...channels].sort()).toEqual(['email', 'sms', 'whatsapp']);
  });

  it('left nothing queued: every message was sent when the step that queued it happened', async () => {
    const rows = await server.app.bawaba.db.query<{ status: string; queued: string; sent: string | null }>(
      `select status, created_at::text as queued, sent_at::text as sent from outbox`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.status !== 'sent' || row.sent !== row.queued)).toEqual([]);
    // Each invoice's message was queued at the invoice's own simulated time.
    const messages = await server.app.bawaba.db.query<{ invoice_id: number; queued: string }>(
      `select invoice_id, created_at as queued from outbox where merchant_id = $1::integer and invoice_id is not null`,
      [merchantId],
    );
    const sent = invoices.filter((invoice) => invoice.sms_status === 'sent');
    expect(messages.map((row) => row.invoice_id).sort((a, b) => a - b)).toEqual(sent.map((invoice) => invoice.id));
    for (const row of messages) {
      const invoice = sent.find((candidate) => candidate.id === row.invoice_id);
      expect(invoice && new Date(row.queued).toISOString()).toBe(invoice && new Date(sentAt(invoice)).toISOString());
    }
  });

  it('shows in the usage report each month’s messages of the demo invoices, and the SMS its payments sent', async () => {
    const response = await merchant.get('/v1/report/merchant-usage', { query: { from: FROM, to: THIS_MONTH } });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as MerchantUsageReport;

    // What the invoices' records say was sent, by month and channel.
    const expected = new Map<string, Record<UsageChannel, number>>(
      report.months.map((month) => [month.month, { sms: 0, whatsapp: 0, email: 0 }]),
    );
    for (const invoice of invoices.filter((candidate) => candidate.sms_status === 'sent')) {
      const month = expected.get(kuwaitMonth(sentAt(invoice)));
      if (!month) throw new Error(`${invoice.reference_no} was sent outside ${FROM}…${THIS_MONTH}`);
      const channel = invoice.send_via ?? 'sms';
      if (channel !== 'url') month[channel] += 1;
    }
    // SMS that carry no invoice's link: thanks for a payment, a subscription's link.
    const others = await server.app.bawaba.db.query<{ month: string; count: number }>(
      `select to_char((sent_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM') as month, count(*)::integer as count
         from outbox where merchant_id = $1::integer and channel = 'sms' and invoice_id is null group by 1`,
      [merchantId],
    );
    for (const { month, count } of others) {
      const figures = expected.get(month);
      if (figures) figures.sms += count;
    }

    expect(Object.fromEntries(report.months.map((month) => [month.month, month.messages]))).toEqual(
      Object.fromEntries(expected),
    );
    const invoiceSms = invoices.filter(
      (invoice) => invoice.sms_status === 'sent' && (invoice.send_via ?? 'sms') === 'sms',
    );
    const reported = report.months.reduce((total, month) => total + month.messages.sms, 0);
    expect(invoiceSms.length).toBeGreaterThan(20);
    expect(reported).toBeGreaterThanOrEqual(invoiceSms.length);
  });
});
