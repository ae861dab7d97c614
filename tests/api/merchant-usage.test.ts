import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFils, toFils } from '../../src/shared/money';
import type { MerchantUsageReport, UsageMonth } from '../../src/shared/merchant-usage';
import { TEST_CARDS, type PayRequest } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, Payer, transactionsOf } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * The merchant usage report (SPEC §1): per Kuwait month, the messages the outbox really sent by
 * channel, the invoices created by kind and the payments taken by method — their amounts from the
 * ledger, equal to what the payments captured — against the limits of the merchant's services,
 * zero being unlimited. Each merchant sees its own usage only; a range is at most six months.
 */

const MONTH = kuwaitDate(0).slice(0, 7);
const quick = { kind: 'quick', customer_name: 'Mariam Al-Enezi', mobile: '96550007788' };
const METHODS = ['card', 'apple_pay', 'google_pay', 'cash'];

describe.each(DRIVERS)('merchant usage report (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  let salesEmployee: Client;
  let payer: Payer;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    salesEmployee = await Client.signIn(server.app, { email: 'faisal@demo.test', password: 'Faisal@1234' });
    payer = new Payer(server);
  });
  afterAll(() => server?.close());

  /** This month's usage of `client`'s merchant. */
  async function thisMonth(client: Client): Promise<MerchantUsageReport & { month: UsageMonth }> {
    const response = await client.get('/v1/report/merchant-usage', { query: { from: MONTH, to: MONTH } });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as MerchantUsageReport;
    expect(report.months.map((month) => month.month)).toEqual([MONTH]);
    return { ...report, month: report.months[0] };
  }
  const methodOf = (month: UsageMonth, method: string) =>
    month.payments.find((row) => row.payment_method === method) ?? { count: 0, amount: '0.000' };
  const fils = (kwd: string) => toFils(kwd) ?? 0n;

  it('counts the messages the outbox sent by channel and the invoices created by kind, this merchant only', async () => {
    await server.deliverMail();
    const before = await thisMonth(merchant);
    const vendorBefore = await thisMonth(vendor);
    await created(merchant, '/v1/invoice', { ...quick, amount: '4.000' });
    await created(merchant, '/v1/invoice', { ...quick, amount: '5.000' });
    await created(merchant, '/v1/invoice', { ...quick, amount: '6.000', send_via: 'whatsapp' });
    await created(merchant, '/v1/invoice', { ...quick, amount: '7.000', send_via: 'email', email: 'm@example.com' });
    await created(merchant, '/v1/invoice', { ...quick, amount: '8.000', send_via: 'url' });
    await server.deliverMail();

    const after = await thisMonth(merchant);
    expect(after.month.messages).toEqual({
      sms: before.month.messages.sms + 2,
      whatsapp: before.month.messages.whatsapp + 1,
      email: before.month.messages.email + 1,
    });
    expect(after.month.invoices.quick).toBe((before.month.invoices.quick ?? 0) + 5);
    expect(await thisMonth(vendor)).toEqual(vendorBefore);
  });

  it('sums the payments by method from the ledger, as the payments captured them', async () => {
    const merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    const before = await thisMonth(merchant);
    const vendorBefore = await thisMonth(vendor);
    const payments: [string, PayRequest][] = [
      ['10.000', { method: 'card', card: card(TEST_CARDS.success) }],
      ['2.500', { method: 'card', card: card(TEST_CARDS.success) }],
      ['5.500', { method: 'apple_pay' }],
      ['3.250', { method: 'cash' }],
    ];
    const references: string[] = [];
    for (const [amount, body] of payments) {
      const invoice = await created(merchant, '/v1/invoice', { ...quick, amount, payment_methods: METHODS });
      await payer.paid(invoice.reference_no, body);
      if (body.method === 'cash') {
        const marked = await merchant.post(`/v1/invoice/${invoice.id}/mark_paid`);
        expect(marked.statusCode, marked.body).toBe(200);
      }
      references.push(invoice.reference_no);
    }
    // A declined card takes nothing.
    const declined = await created(merchant, '/v1/invoice', { ...quick, amount: '99.000', payment_methods: METHODS });
    await payer.paid(declined.reference_no, { method: 'card', card: card(TEST_CARDS.declined) });

    const after = await thisMonth(merchant);
    const grew = (method: string) => ({
      count: methodOf(after.month, method).count - methodOf(before.month, method).count,
      amount: fromFils(fils(methodOf(after.month, method).amount) - fils(methodOf(before.month, method).amount)),
    });
    expect(grew('card')).toEqual({ count: 2, amount: '12.500' });
    expect(grew('apple_pay')).toEqual({ count: 1, amount: '5.500' });
    expect(grew('cash')).toEqual({ count: 1, amount: '3.250' });
    expect(grew('google_pay')).toEqual({ count: 0, amount: '0.000' });

    // What the payments captured, as stored on them, is what the report added.
    const stored = (await Promise.all(references.map((reference) => transactionsOf(server, reference)))).flat();
    const captured = stored.reduce((sum, row) => sum + fils(String(row.captured_amount)), 0n);
    expect(fromFils(fils(after.month.payments_total.amount) - fils(before.month.payments_total.amount))).toBe(
      fromFils(captured),
    );
    expect(after.month.payments_total.count - before.month.payments_total.count).toBe(4);
    // The month's figures are the ledger's: the entries that took money this Kuwait month.
    const start = new Date(`${MONTH}-01T00:00:00+03:00`);
    const [ledger] = await server.app.bawaba.db.query<{ amount: string; count: number }>(
      `select coalesce(sum(amount_fils), 0)::text as amount, count(*)::integer as count from ledger_entries
        where merchant_id = $1::integer and event in ('payment', 'capture') and account in ('merchant_balance', 'cash_received')
          and at >= $2::timestamptz`,
      [merchantId, start.toISOString()],
    );
    expect({ count: after.month.payments_total.count, amount: after.month.payments_total.amount }).toEqual({
      count: ledger.count,
      amount: fromFils(BigInt(ledger.amount)),
    });
    expect(fils(after.month.largest_payment)).toBeGreaterThanOrEqual(fils('10.000'));
    // The other merchant's month is untouched.
    expect(await thisMonth(vendor)).toEqual(vendorBefore);
  });

  it("shows each service's limits, zero unlimited, and the share of them the month used", async () => {
    const merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    await server.app.bawaba.db.query(
      `update merchant_services set monthly_total = 100000, daily_total = 0, max_transactions_per_day = 0,
              max_transaction_amount = 0
        where merchant_id = $1::integer and sub_merchant_id is null and service_type = 'quick_invoice'`,
      [merchantId],
    );
    const report = await thisMonth(merchant);
    const limits = report.limits.find((row) => row.service_type === 'quick_invoice');
    expect(limits).toEqual({
      service_type: 'quick_invoice',
      max_transaction_amount: '0.000',
      max_transactions_per_day: 0,
      daily_total: '0.000',
      monthly_total: '100000.000',
    });
    const used = report.month.limits_used.find((row) => row.service_type === 'quick_invoice');
    const expected = Number((fils(report.month.payments_total.amount) * 1000n) / fils('100000.000')) / 10;
    expect(used).toEqual({
      service_type: 'quick_invoice',
      monthly_total: expected,
      daily_total: null,
      transactions_per_day: null,
      transaction_amount: null,
    });
    expect(report.month.limits_used.map((row) => row.service_type)).toEqual(
      report.limits.map((row) => row.service_type),
    );
  });

  it('lists every month of the range, empty ones too, for the reports readers only', async () => {
    const from = `${Number(MONTH.slice(0, 4)) + 1}-01`;
    const to = `${Number(MONTH.slice(0, 4)) + 1}-06`;
    const response = await merchant.get('/v1/report/merchant-usage', { query: { from, to } });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as MerchantUsageReport;
    expect(report.months.map((month) => month.month)).toHaveLength(6);
    expect(report.months[0]).toMatchObject({
      messages: { sms: 0, whatsapp: 0, email: 0 },
      invoices: {},
      payments: [],
      payments_total: { count: 0, amount: '0.000' },
    });
    expect((await staff.get('/v1/report/merchant-usage', { query: { from, to } })).statusCode).toBe(200);
    const refused = await salesEmployee.get('/v1/report/merchant-usage', { query: { from, to } });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a range without months, reversed or over six months, in English and Arabic', async () => {
    const missing = await merchant.get('/v1/report/merchant-usage', { query: { to: MONTH } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select the date');
    expect(
      (await merchant.get('/v1/report/merchant-usage', { query: { to: MONTH }, locale: 'ar' })).json().message,
    ).toBe('يرجى اختيار التاريخ');
    const long = await merchant.get('/v1/report/merchant-usage', { query: { from: '2026-01', to: '2026-07' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The date range must be at most 6 months');
    expect(Object.keys(long.json().errors)).toEqual(['to']);
    const arabic = await merchant.get('/v1/report/merchant-usage', {
      query: { from: '2026-01', to: '2026-07' },
      locale: 'ar',
    });
    expect(arabic.json().message).toBe('يجب ألا تتجاوز الفترة 6 أشهر');
    expect(
      (await merchant.get('/v1/report/merchant-usage', { query: { from: '2026-01', to: '2026-06' } })).statusCode,
    ).toBe(200);
    const reversed = await merchant.get('/v1/report/merchant-usage', { query: { from: '2026-05', to: '2026-04' } });
    expect(reversed.statusCode).toBe(400);
    for (const from of ['2026-13', 'soon', '2026-05-01']) {
      const response = await merchant.get('/v1/report/merchant-usage', { query: { from, to: '2026-06' } });
      expect(response.statusCode, from).toBe(400);
    }
  });
});
