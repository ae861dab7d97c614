import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../src/schema/calendar';
import { fromFils, toFils } from '../../src/shared/money';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { paidNow } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Payments in the API: transaction reports and their views, refund and capture requests (at most
 * the pending amount, of a transaction in the right status), and the known transitions of SPEC §4:
 * a refund request cancelled before it is processed, a subscription cancelled after confirmation.
 */

type Row = Record<string, unknown> & { id: number };

const day = today();
/** The filter of a report of the last `days` days. */
const lastDays = (days: number) => ({ created_at_gte: addDays(day, 1 - days), created_at_lte: day });
/** One fils more than an amount. */
const justAbove = (amount: unknown) => fromFils((toFils(String(amount)) ?? 0n) + 1n);

describe.each(DRIVERS)('payments (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
  });
  afterAll(() => server?.close());

  /** The demo merchant's first transaction in `status`, straight from storage. */
  async function transactionIn(status: string): Promise<Row> {
    const [row] = await server.app.bawaba.db.query<Row>(
      `select t.id, t.amount::text as amount, t.pending_amount::text as pending_amount from transactions t
       join merchants m on m.id = t.merchant_id where m.email = $1::text and t.status = $2::text
         and t.payment_method <> 'cash' and not (t.network = 'knet' and t.payment_method <> 'card')
       order by t.id limit 1`,
      [ACCOUNTS.merchant.email, status],
    );
    if (!row) throw new Error(`The demo merchant has no ${status} transaction`);
    return row;
  }

  async function created(client: Client, url: string, body: unknown): Promise<Row> {
    const response = await client.post(url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  describe('transaction reports', () => {
    it('lists the merchant transactions of a date range, and each view its own', async () => {
      const all = await merchant.list('/v1/report/transactions', { filter: lastDays(30), range: [0, 499] });
      expect(all.statusCode, all.body).toBe(200);
      expect(totalOf(all)).toBeGreaterThan(10);

      for (const [view, field, value] of [
        ['payment_list', 'status', 'success'],
        ['incomplete', 'status', 'incomplete'],
        ['multi_vendor', 'channel', 'multi_vendor'],
        ['pos', 'channel', 'pos'],
      ]) {
        const days = view === 'incomplete' ? 7 : 30;
        const listed = await merchant.list('/v1/report/transactions', { filter: { view, ...lastDays(days) } });
        expect(listed.statusCode, `${view}: ${listed.body}`).toBe(200);
        const rows = listed.json() as Row[];
        expect(rows.length, view).toBeGreaterThan(0);
        expect(new Set(rows.map((row) => row[field])), view).toEqual(new Set([value]));
      }
      const multiVendor = (
        await merchant.list('/v1/report/transactions', { filter: { view: 'multi_vendor', ...lastDays(30) } })
      ).json() as Row[];
      expect(multiVendor.every((row) => typeof row.sub_merchant === 'string')).toBe(true);
    });

    it('shows incomplete transactions of the last 7 days only, and a report of at most 6 months', async () => {
      const old = await merchant.list('/v1/report/transactions', {
        filter: { view: 'incomplete', created_at_gte: addDays(day, -10), created_at_lte: day },
      });
      expect(old.statusCode).toBe(400);
      expect(old.json().errors).toHaveProperty('created_at_gte');
      const long = await merchant.list('/v1/report/transactions', {
        filter: { created_at_gte: addDays(day, -250), created_at_lte: day },
      });
      expect(long.statusCode).toBe(400);
      const undated = await merchant.list('/v1/report/transactions', {});
      expect(undated.statusCode).toBe(400);
      expect(undated.json().message).toBe('Please select the date');
    });

    it('is a report: no transaction is written through the API', async () => {
      const [first] = (await merchant.list('/v1/report/transactions', { filter: lastDays(30) })).json() as Row[];
      expect((await merchant.get(`/v1/report/transactions/${first.id}`)).json()).toMatchObject({ id: first.id });
      expect((await merchant.post('/v1/report/transactions', { amount: '1.000' })).statusCode).toBe(405);
      expect((await merchant.delete(`/v1/report/transactions/${first.id}`)).statusCode).toBe(405);
      expect((await merchant.put(`/v1/report/transactions/${first.id}`, { amount: '1.000' })).statusCode).toBe(405);
      expect((await vendor.get(`/v1/report/transactions/${first.id}`)).statusCode).toBe(404);
    });

    it('lists payment transfers, and the on-hold ones at their own route', async () => {
      const tooLong = await merchant.list('/v1/report/payment-transfer', { filter: lastDays(62) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('The date range must be at most one month');
      const held = await merchant.list('/v1/report/payment-transfer', {
        filter: { view: 'on_hold', ...lastDays(30) },
      });
      expect(held.statusCode, held.body).toBe(200);
      const rows = held.json() as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.status === 'on_hold' && typeof row.hold_reason === 'string')).toBe(true);
    });
  });

  describe('refund requests', () => {
    it('are made for a successful transaction, at most its pending amount, and start pending', async () => {
      const transaction = await transactionIn('success');
      const refund = await created(merchant, '/v1/refund', {
        transaction_id: transaction.id,
        method: 'partial',
        total_amount: transaction.amount,
        pending_amount: transaction.pending_amount,
        refund_amount: '1.250',
      });
      expect(refund).toMatchObject({
        status: 'pending',
        refund_amount: '1.250',
        document_no: expect.stringMatching(/^REF-\d{4}-\d{6}$/),
      });

      // The pending amount is the transaction's, whatever is sent.
      const tooMuch = await merchant.post('/v1/refund', {
        transaction_id: transaction.id,
        method: 'partial',
        total_amount: '99999.000',
        pending_amount: '99999.000',
        refund_amount: justAbove(transaction.pending_amount),
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().errors).toEqual({
        refund_amount: 'Refund amount must be less than or equal to the pending amount',
      });
    });

    it('refuse a transaction that is not a success, or is not the merchant own', async () => {
      const failed = await transactionIn('failed');
      const refused = await merchant.post('/v1/refund', {
        transaction_id: failed.id,
        method: 'full',
        total_amount: failed.amount,
        pending_amount: failed.amount,
        refund_amount: failed.amount,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ transaction_id: 'Only a successful transaction can be refunded' });

      const success = await transactionIn('success');
      const foreign = await vendor.post('/v1/refund', {
        transaction_id: success.id,
        method: 'full',
        total_amount: '1.000',
        pending_amount: '1.000',
        refund_amount: '1.000',
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual({ transaction_id: 'Choose a transaction' });
    });

    it('can be cancelled while pending only (409 afterwards), and not by a write', async () => {
      // A payment made now: its refund can be cancelled within its 20 minutes.
      const transaction = await paidNow(server, merchant);
      const refund = await created(merchant, '/v1/refund', {
        transaction_id: transaction.id,
        method: 'partial',
        total_amount: transaction.amount,
        pending_amount: transaction.pending_amount,
        refund_amount: '0.500',
      });
      const cancelled = await merchant.post(`/v1/refund/${refund.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ id: refund.id, status: 'cancelled' });

      const again = await merchant.post(`/v1/refund/${refund.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This is not possible while the status is Cancelled.' });
      const inArabic = await merchant.post(`/v1/refund/${refund.id}/cancel`, undefined, { locale: 'ar' });
      expect(inArabic.json()).toEqual({ message: 'هذا غير ممكن بينما الحالة ملغى.' });

      // Refund processing is the scheduler's: a request it has processed, as storage holds it.
      const [processed] = await server.app.bawaba.db.query<{ id: number }>(
        `update refunds set status = 'processed' where id = (select min(r.id) from refunds r
           join merchants m on m.id = r.merchant_id where m.email = $1::text and r.status = 'pending')
         returning id`,
        [ACCOUNTS.merchant.email],
      );
      expect((await merchant.post(`/v1/refund/${processed.id}/cancel`)).statusCode).toBe(409);
      expect((await vendor.post(`/v1/refund/${processed.id}/cancel`)).statusCode).toBe(404);
    });
  });

  describe('capture requests', () => {
    it('capture an authorized transaction, at most the pending amount', async () => {
      // The sandbox captures card payments at once: an authorisation it holds, as storage would keep it.
      const [authorized] = await server.app.bawaba.db.query<Row>(
        `update transactions set status = 'authorized', pending_amount = amount
         where id = (select min(t.id) from transactions t join merchants m on m.id = t.merchant_id
           where m.email = $1::text and t.status = 'failed')
         returning id, amount::text as amount, pending_amount::text as pending_amount`,
        [ACCOUNTS.merchant.email],
      );
      const body = {
        transaction_id: authorized.id,
        capture_type: 'partial',
        pending_amount: authorized.pending_amount,
        amount: '0.001',
      };
      // Captured at once by the processor, as the storage-made authorisation has no processor record: rejected.
      expect(await created(merchant, '/v1/capture', body)).toMatchObject({ amount: '0.001' });
      const tooMuch = await merchant.post('/v1/capture', {
        ...body,
        pending_amount: '99999.000',
        amount: justAbove(authorized.pending_amount),
      });
      expect(tooMuch.json().errors).toEqual({
        amount: 'Capture amount must be less than or equal to the pending amount',
      });
      const settled = await transactionIn('success');
      const refused = await merchant.post('/v1/capture', { ...body, transaction_id: settled.id });
      expect(refused.json().errors).toEqual({
        transaction_id:
          'Only an authorized transaction can be captured; this one was captured or voided already, or was not authorised',
      });
    });
  });

  describe('subscriptions', () => {
    const subscription = {
      customer_name: 'Dalal Al-Kharafi',
      mobile: '96599001122',
      amount: '25.000',
      frequency: 'quarterly',
      number_of_periods: 4,
      start_date: addDays(day, 3),
    };

    it('start active, last at most a year, and can be cancelled once (409 afterwards)', async () => {
      const created_ = await created(merchant, '/v1/subscription', subscription);
      expect(created_).toMatchObject({ status: 'active', collected_amount: '0.000', number_of_recurrences: 0 });

      const tooLong = await merchant.post('/v1/subscription', { ...subscription, number_of_periods: 5 });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().errors).toEqual({
        start_date: 'Subscription period must be at most 1 year from its start date',
      });

      const cancelled = await merchant.post(`/v1/subscription/${created_.id}/cancel`);
      expect(cancelled.json()).toMatchObject({ id: created_.id, status: 'cancelled' });
      const again = await merchant.post(`/v1/subscription/${created_.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This is not possible while the status is Cancelled.' });
    });

    it('need the subscription permission', async () => {
      const denied = await staff.list('/v1/subscription');
      expect(denied.statusCode).toBe(403);
      expect((await staff.post('/v1/subscription', subscription)).statusCode).toBe(403);
    });
  });

  describe('open invoices', () => {
    it('take a fixed amount, or an open one whose maximum exceeds its minimum', async () => {
      const fixed = await created(merchant, '/v1/open-invoice', {
        title: 'Workshop seat',
        amount_type: 'fixed',
        amount: '20.000',
        additional_fields: [{ name: 'Civil ID', required: true, characters: 12 }],
      });
      expect(fixed).toMatchObject({
        status: 'active',
        reference_no: expect.stringMatching(/^OPE-\d{4}-\d{6}$/),
        payment_link: expect.stringContaining(String(fixed.reference_no)),
        additional_fields: [{ name: 'Civil ID', required: true, characters: 12 }],
      });
      const open = { title: 'Donation', amount_type: 'open', min_amount: '5.000', max_amount: '5.000' };
      const refused = await merchant.post('/v1/open-invoice', open);
      expect(refused.json().errors).toEqual({ max_amount: 'Maximum amount must exceed minimum amount' });
      const missing = await merchant.post('/v1/open-invoice', { title: 'Donation', amount_type: 'open' });
      expect(missing.json()).toEqual({
        message: 'Please fill all the required fields',
        errors: { min_amount: 'This field is required', max_amount: 'This field is required' },
      });
    });
  });
});
