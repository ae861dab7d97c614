import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDueSubscriptions } from '../../src/server/payments/subscriptions';
import { sweepPayments } from '../../src/server/payments/sweep';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, FUTURE_EXPIRY, kuwaitDate, Payer, rowOf, transactionsOf } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Open invoices (paid any number of times, a fixed amount or one the payer chooses within bounds,
 * with the merchant's additional fields) and recurring subscriptions (a first payment that keeps
 * the card, then the scheduler's charges), and the sweep of expired links.
 */

const success = { method: 'card' as const, card: card(TEST_CARDS.success) };
/** The demo merchant's own open-invoice service asks every payer for these. */
const civilId = { 'Civil ID': '289010112345' };

describe.each(DRIVERS)('open invoices and subscriptions (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let payer: Payer;
  let payerAr: Payer;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    payer = new Payer(server);
    payerAr = new Payer(server, 'ar');
  });
  afterAll(() => server?.close());

  describe('open invoices', () => {
    it('takes a fixed amount any number of times, counting payments and what was collected', async () => {
      const open = await created(merchant, '/v1/open-invoice', {
        title: 'Donation',
        amount_type: 'fixed',
        amount: '5.000',
        payment_methods: ['card', 'apple_pay'],
      });
      const payable = await payer.payable(open.reference_no);
      expect(payable).toMatchObject({
        kind: 'open',
        invoice_kind: 'open',
        state: 'payable',
        title: 'Donation',
        amount: '5.000',
        min_amount: null,
        max_amount: null,
        methods: ['card', 'apple_pay'],
        fields: [
          { name: 'Civil ID', required: true, characters: 12 },
          { name: 'Notes', required: false, characters: 200 },
        ],
      });
      await payer.view(open.reference_no, true);

      const first = await payer.paid(open.reference_no, {
        ...success,
        fields: civilId,
        payer: { name: 'Hessa Al-Noori', mobile: '96551112222' },
      });
      expect(first.status).toBe('success');
      const second = await payer.paid(open.reference_no, { method: 'apple_pay', fields: civilId });
      expect(second.status).toBe('success');
      const declined = await payer.paid(open.reference_no, {
        method: 'card',
        card: card(TEST_CARDS.declined),
        fields: civilId,
      });
      expect(declined.status).toBe('failed');

      expect(await rowOf(server, 'open_invoices', open.reference_no)).toMatchObject({
        payments_count: 2,
        collected_amount: '10.000',
        visited_count: 1,
        status: 'active',
      });
      expect(await transactionsOf(server, open.reference_no)).toMatchObject([
        { status: 'success', customer_name: 'Hessa Al-Noori', customer_mobile: '96551112222', admin_charge: '0.125' },
        { status: 'success', payment_method: 'apple_pay', admin_charge: '0.100', net_amount: '4.900' },
        { status: 'failed' },
      ]);
      const [details] = await server.app.bawaba.db.query(
        `select fields, payer from payment_details where transaction_reference = $1::text`,
        [first.transaction_reference],
      );
      expect(details).toEqual({
        fields: { 'Civil ID': '289010112345', Notes: '' },
        payer: { name: 'Hessa Al-Noori', mobile: '96551112222' },
      });
    });

    it('takes an open amount within its bounds only', async () => {
      const open = await created(merchant, '/v1/open-invoice', {
        title: 'Tuition',
        amount_type: 'open',
        min_amount: '1.000',
        max_amount: '50.000',
      });
      expect(await payer.payable(open.reference_no)).toMatchObject({
        amount: null,
        min_amount: '1.000',
        max_amount: '50.000',
      });
      for (const amount of ['0.999', '50.001']) {
        const en = await payer.pay(open.reference_no, { ...success, amount, fields: civilId });
        expect(en.statusCode).toBe(400);
        expect(en.json().errors).toEqual({ amount: 'Enter an amount between 1.000 and 50.000 KWD' });
        const ar = await payerAr.pay(open.reference_no, { ...success, amount, fields: civilId });
        expect(ar.json().errors).toEqual({ amount: 'أدخل مبلغًا بين 1.000 و50.000 د.ك' });
      }
      for (const amount of [undefined, '12.3456', 'ten']) {
        const response = await payer.pay(open.reference_no, { ...success, amount, fields: civilId });
        expect(response.statusCode, String(amount)).toBe(400);
        expect(response.json().errors.amount).toBe('Enter valid amount');
      }
      expect(await transactionsOf(server, open.reference_no)).toEqual([]);

      await payer.paid(open.reference_no, { ...success, amount: '1', fields: civilId });
      await payer.paid(open.reference_no, { ...success, amount: '50.000', fields: civilId });
      await payer.paid(open.reference_no, { ...success, amount: '20.5', fields: civilId });
      expect((await transactionsOf(server, open.reference_no)).map((t) => t.amount)).toEqual([
        '1.000',
        '50.000',
        '20.500',
      ]);
      expect(await rowOf(server, 'open_invoices', open.reference_no)).toMatchObject({
        payments_count: 3,
        collected_amount: '71.500',
      });
    });

    it('checks the additional fields: required, length, and only those asked for', async () => {
      const open = await created(merchant, '/v1/open-invoice', {
        title: 'Fees',
        amount_type: 'fixed',
        amount: '3.000',
      });
      const missing = await payer.pay(open.reference_no, success);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'Please fill all the required fields',
        errors: { 'fields.Civil ID': 'This field is required' },
      });
      const arabic = await payerAr.pay(open.reference_no, { ...success, fields: { 'Civil ID': '  ' } });
      expect(arabic.json().errors).toEqual({ 'fields.Civil ID': 'هذا الحقل مطلوب' });
      const long = await payer.pay(open.reference_no, { ...success, fields: { 'Civil ID': '2890101123456' } });
      expect(long.json().errors).toEqual({ 'fields.Civil ID': 'Must be at most 12 characters' });
      const unknown = await payer.pay(open.reference_no, { ...success, fields: { ...civilId, Colour: 'red' } });
      expect(unknown.json().errors).toEqual({ 'fields.Colour': 'This field is not asked for' });
      expect(await transactionsOf(server, open.reference_no)).toEqual([]);
    });

    it('asks for the open invoice’s own fields when the merchant’s service names none', async () => {
      const open = await created(vendor, '/v1/open-invoice', {
        title: 'Table booking',
        amount_type: 'fixed',
        amount: '2.000',
        additional_fields: [{ name: 'Table', required: true, characters: 3 }],
      });
      expect((await payer.payable(open.reference_no)).fields).toEqual([
        { name: 'Table', required: true, characters: 3 },
      ]);
      expect((await payer.pay(open.reference_no, success)).statusCode).toBe(400);
      expect((await payer.paid(open.reference_no, { ...success, fields: { Table: '12' } })).status).toBe('success');
    });

    it('refuses payments after the expiry date and when cancelled, and the sweep expires it', async () => {
      const open = await created(merchant, '/v1/open-invoice', {
        title: 'Early bird',
        amount_type: 'fixed',
        amount: '3.000',
        expiry_date: kuwaitDate(2),
      });
      await server.app.bawaba.db.query(`update open_invoices set expiry_date = $1::date where id = $2::integer`, [
        kuwaitDate(-1),
        open.id,
      ]);
      expect(await sweepPayments(server.app.bawaba, new Date())).toBeGreaterThan(0);
      expect((await rowOf(server, 'open_invoices', open.reference_no)).status).toBe('expired');
      const late = await payerAr.pay(open.reference_no, { ...success, fields: civilId });
      expect([late.statusCode, late.json().message]).toEqual([409, 'انتهت صلاحية رابط الدفع هذا']);

      await server.app.bawaba.db.query(`update open_invoices set status = 'cancelled' where id = $1::integer`, [
        open.id,
      ]);
      expect((await payer.payable(open.reference_no)).state).toBe('cancelled');
    });
  });

  describe('subscriptions', () => {
    const subscription = (extra: Record<string, unknown> = {}) =>
      created(merchant, '/v1/subscription', {
        customer_name: 'Bader Al-Shemali',
        mobile: '96599887766',
        amount: '12.000',
        frequency: 'monthly',
        number_of_periods: 3,
        start_date: kuwaitDate(0),
        webhook_url: 'https://merchant.example.test/hooks/subscriptions',
        ...extra,
      });

    it('keeps the card of the first payment and charges it each period until the last', async () => {
      // The scheduler's counts below are of this subscription alone: the demo's running ones stop first.
      await server.app.bawaba.db.query(`update subscriptions set next_charge_at = null where status = 'active'`);
      const created = await subscription();
      const reference = created.reference_no;
      expect(await payer.payable(reference)).toMatchObject({
        kind: 'subscription',
        invoice_kind: 'subscription',
        state: 'payable',
        amount: '12.000',
        methods: ['card'],
        customer_name: 'Bader Al-Shemali',
        subscription: { frequency: 'monthly', number_of_periods: 3, start_date: kuwaitDate(0) },
      });
      const wallet = await payer.pay(reference, { method: 'apple_pay' });
      expect(wallet.statusCode).toBe(400);

      const declined = await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.declined) });
      expect(declined.status).toBe('failed');
      expect((await rowOf(server, 'subscriptions', reference)).number_of_recurrences).toBe(0);

      const before = Date.now();
      const first = await payer.paid(reference, success);
      expect(first.status).toBe('success');
      const after = await rowOf(server, 'subscriptions', reference);
      expect(after).toMatchObject({
        status: 'active',
        card_last4: '1111',
        card_expiry: FUTURE_EXPIRY,
        collected_amount: '12.000',
        number_of_recurrences: 1,
      });
      const next = new Date(String(after.next_charge_at));
      const inAMonth = new Date(before);
      inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
      expect(Math.abs(next.getTime() - inAMonth.getTime())).toBeLessThan(5 * 86_400_000);
      expect(next.getTime()).toBeGreaterThan(before + 27 * 86_400_000);
      expect(await payer.payable(reference)).toMatchObject({
        state: 'paid',
        receipt_reference: first.transaction_reference,
      });
      expect((await payer.pay(reference, success)).statusCode).toBe(409);

      // Not due yet: nothing is charged.
      expect(await chargeDueSubscriptions(server.app.bawaba, new Date(next.getTime() - 1000))).toBe(0);
      const atNext = new Date(next.getTime() + 1000);
      expect(await chargeDueSubscriptions(server.app.bawaba, atNext)).toBe(1);
      expect(await chargeDueSubscriptions(server.app.bawaba, atNext)).toBe(0);
      const second = await rowOf(server, 'subscriptions', reference);
      expect(second).toMatchObject({ status: 'active', number_of_recurrences: 2, collected_amount: '24.000' });
      const third = new Date(String(second.next_charge_at));
      expect(third.getTime()).toBeGreaterThan(atNext.getTime() + 27 * 86_400_000);

      expect(await chargeDueSubscriptions(server.app.bawaba, new Date(third.getTime() + 1000))).toBe(1);
      expect(await rowOf(server, 'subscriptions', reference)).toMatchObject({
        status: 'completed',
        number_of_recurrences: 3,
        collected_amount: '36.000',
        next_charge_at: null,
      });
      expect(await chargeDueSubscriptions(server.app.bawaba, new Date(third.getTime() + 400 * 86_400_000))).toBe(0);

      const transactions = await transactionsOf(server, reference);
      expect(transactions.map((t) => [t.status, t.channel, t.amount, t.card_last4])).toEqual([
        ['failed', 'payment_link', '12.000', '0002'],
        ['success', 'payment_link', '12.000', '1111'],
        ['success', 'online', '12.000', '1111'],
        ['success', 'online', '12.000', '1111'],
      ]);
      expect(transactions[2]).toMatchObject({
        admin_charge: '0.300',
        // The demo merchant's card commission: 0.5% of 12.000.
        commission: '0.060',
        net_amount: '11.640',
        customer_name: 'Bader Al-Shemali',
      });
    });

    it('charges an on-demand subscription only once, when the payer pays', async () => {
      const { reference_no: reference } = await subscription({ frequency: 'on_demand', number_of_periods: 5 });
      await payer.paid(reference, success);
      expect(await rowOf(server, 'subscriptions', reference)).toMatchObject({
        status: 'active',
        number_of_recurrences: 1,
        next_charge_at: null,
      });
      expect(await chargeDueSubscriptions(server.app.bawaba, new Date(Date.now() + 400 * 86_400_000))).toBe(0);
    });

    it('completes a one-period subscription with its first payment', async () => {
      const { reference_no: reference } = await subscription({ frequency: 'weekly', number_of_periods: 1 });
      await payer.paid(reference, success);
      expect(await rowOf(server, 'subscriptions', reference)).toMatchObject({
        status: 'completed',
        next_charge_at: null,
      });
    });

    it('refuses a cancelled subscription', async () => {
      const { reference_no: reference, id } = await subscription();
      expect((await merchant.post(`/v1/subscription/${id}/cancel`)).statusCode).toBe(200);
      const refused = await payer.pay(reference, success);
      expect([refused.statusCode, refused.json().message]).toEqual([409, 'This payment link has been cancelled']);
    });
  });

  it('limits payment attempts per address and link', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await payer.pay('NO-SUCH-LINK', { method: 'cash' })).statusCode);
    expect(statuses).toEqual([...Array<number>(20).fill(404), 429]);
    const limited = await payerAr.pay('NO-SUCH-LINK', { method: 'cash' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.json().message).toBe('طلبات كثيرة جدًا، يرجى الانتظار قليلًا ثم المحاولة مرة أخرى');
    // Another link from the same address, and reading links, go on.
    expect((await payer.pay('NO-SUCH-LINK-2', { method: 'cash' })).statusCode).toBe(404);
    expect((await payer.view('NO-SUCH-LINK')).statusCode).toBe(404);
  });
});
