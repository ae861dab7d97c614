import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { sweepPayments } from '../../src/server/payments/sweep';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, transactionsOf } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The merchant's own terms for payments (SPEC §9), read from its service of the paid thing's kind
 * (else its payment-gateway service): the most one payment may be, how many payments and how much
 * a Kuwait day and month may take (zero = unlimited), how many declined attempts an invoice allows,
 * and how long an SMS invoice's link stays payable. Also the customers' totals that follow their
 * payments and refunds.
 */

type Row = Record<string, unknown> & { id: number };

const MESSAGES = {
  amount: [
    "This payment is above the merchant's limit of 10.000 KWD for one payment. Please contact the merchant.",
    'هذه الدفعة تتجاوز الحد الأقصى لدى التاجر للدفعة الواحدة وهو 10.000 د.ك. يرجى التواصل مع التاجر.',
  ],
  count: [
    'The merchant has reached the number of payments it can accept today. Please try again tomorrow or contact the merchant.',
    'بلغ التاجر عدد الدفعات التي يمكنه قبولها اليوم. يرجى المحاولة مرة أخرى غدًا أو التواصل مع التاجر.',
  ],
  daily: [
    "This payment is above the merchant's daily limit. Please try again tomorrow or contact the merchant.",
    'هذه الدفعة تتجاوز الحد اليومي لدى التاجر. يرجى المحاولة مرة أخرى غدًا أو التواصل مع التاجر.',
  ],
  monthly: [
    "This payment is above the merchant's monthly limit. Please try again next month or contact the merchant.",
    'هذه الدفعة تتجاوز الحد الشهري لدى التاجر. يرجى المحاولة مرة أخرى الشهر القادم أو التواصل مع التاجر.',
  ],
  attempts: [
    'This invoice has reached the number of payment attempts allowed. Please contact the merchant.',
    'بلغت هذه الفاتورة الحد المسموح به من محاولات الدفع. يرجى التواصل مع التاجر.',
  ],
  expired: ['This payment link has expired', 'انتهت صلاحية رابط الدفع هذا'],
} as const;

/** An instant given as Kuwait local time (UTC+3). */
const kuwait = (local: string) => new Date(`${local}+03:00`);
const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);
// The clock is moved years ahead: the cards must still be valid then.
const success = { method: 'card', card: card(TEST_CARDS.success, { expiry: '12/39' }) } as const;
const declined = { method: 'card', card: card(TEST_CARDS.declined, { expiry: '12/39' }) } as const;

describe.each(DRIVERS)('payment limits (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let payer: Payer;
  let payerAr: Payer;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    payer = new Payer(server);
    payerAr = new Payer(server, 'ar');
  });
  afterAll(() => server?.close());
  afterEach(() => setClock());

  const ownServices = async (type: string) =>
    (
      (
        await merchant.list('/v1/multi-vendor/services', { filter: { service_type: type }, range: [0, 99] })
      ).json() as Row[]
    ).filter((row) => row.sub_merchant_id === undefined);

  /** Makes `values` the merchant's own service of `type` (every other setting its default). */
  async function setService(type: string, values: Record<string, unknown>): Promise<void> {
    const own = await ownServices(type);
    for (const extra of own.slice(1))
      expect((await merchant.delete(`/v1/multi-vendor/services/${extra.id}`)).statusCode).toBe(200);
    const record = { service_type: type, payment_type: 'knet', ...values };
    const response = own[0]
      ? await merchant.put(`/v1/multi-vendor/services/${own[0].id}`, record)
      : await merchant.post('/v1/multi-vendor/services', record);
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  async function removeService(type: string): Promise<void> {
    for (const row of await ownServices(type))
      expect((await merchant.delete(`/v1/multi-vendor/services/${row.id}`)).statusCode).toBe(200);
  }

  beforeEach(async () => {
    await setService('quick_invoice', {});
    await removeService('payment_gateway');
  });

  const invoice = (amount: string, extra: Record<string, unknown> = {}) =>
    created(merchant, '/v1/invoice', {
      kind: 'quick',
      customer_name: 'Noura Al-Rashidi',
      mobile: '96550001234',
      send_via: 'url',
      amount,
      ...extra,
    });

  /** Pays a new invoice of `amount` at `at`; returns the answer. */
  async function payAt(at: Date, amount: string, who: Payer = payer) {
    setClock(() => at);
    const { reference_no: reference } = await invoice(amount);
    return { reference, response: await who.pay(reference, success) };
  }

  /** Expects the payment of `reference` refused with `messages` (en, ar) and nothing written. */
  async function expectRefused(reference: string, [en, ar]: readonly [string, string]) {
    const refused = await payer.pay(reference, success);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(en);
    const refusedAr = await payerAr.pay(reference, success);
    expect(refusedAr.statusCode).toBe(409);
    expect(refusedAr.json().message).toBe(ar);
    expect(await transactionsOf(server, reference)).toEqual([]);
    expect((await payer.payable(reference)).state).toBe('payable');
  }

  describe('limits before any charge', () => {
    it('takes a payment of exactly the most one payment may be, and refuses one fils more', async () => {
      await setService('quick_invoice', { max_transaction_amount: '10.000' });
      const { response } = await payAt(kuwait('2031-01-05T10:00:00'), '10.000');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe('success');
      const { reference_no: over } = await invoice('10.001');
      await expectRefused(over, MESSAGES.amount);
    });

    it('counts the payments of a Kuwait day that took money', async () => {
      await setService('quick_invoice', { max_transactions_per_day: 2 });
      const at = kuwait('2031-01-06T09:00:00');
      setClock(() => at);
      const { reference_no: first } = await invoice('3.000');
      // A declined attempt took no money and does not count.
      expect((await payer.paid(first, declined)).status).toBe('failed');
      expect((await payer.paid(first, success)).status).toBe('success');
      expect((await payAt(minutes(at, 60), '4.000')).response.statusCode).toBe(200);
      setClock(() => minutes(at, 120));
      const { reference_no: third } = await invoice('5.000');
      await expectRefused(third, MESSAGES.count);
      // The next Kuwait day starts from zero.
      setClock(() => kuwait('2031-01-07T00:00:30'));
      expect((await payer.paid(third, success)).status).toBe('success');
    });

    it('sums the Kuwait day: a payment at 23:59 yesterday counts for yesterday only', async () => {
      await setService('quick_invoice', { daily_total: '30.000' });
      expect((await payAt(kuwait('2031-01-08T23:59:00'), '20.000')).response.statusCode).toBe(200);
      // 00:00:30 in Kuwait is still the evening before in UTC.
      const midnight = kuwait('2031-01-09T00:00:30');
      expect(midnight.toISOString()).toBe('2031-01-08T21:00:30.000Z');
      expect((await payAt(midnight, '30.000')).response.statusCode).toBe(200);
      const { reference_no: over } = await invoice('0.001');
      await expectRefused(over, MESSAGES.daily);
      setClock(() => kuwait('2031-01-10T08:00:00'));
      expect((await payer.paid(over, success)).status).toBe('success');
    });

    it('sums the Kuwait month, up to exactly its limit', async () => {
      await setService('quick_invoice', { monthly_total: '50.000' });
      expect((await payAt(kuwait('2031-03-01T00:00:10'), '30.000')).response.statusCode).toBe(200);
      expect((await payAt(kuwait('2031-03-20T12:00:00'), '20.000')).response.statusCode).toBe(200);
      setClock(() => kuwait('2031-03-31T23:59:00'));
      const { reference_no: over } = await invoice('0.001');
      await expectRefused(over, MESSAGES.monthly);
      setClock(() => kuwait('2031-04-01T00:00:30'));
      expect((await payer.paid(over, success)).status).toBe('success');
    });

    it('takes any number and any amount when every limit is zero', async () => {
      await setService('quick_invoice', {
        max_transactions_per_day: 0,
        max_transaction_amount: '0.000',
        daily_total: '0',
        monthly_total: '0.000',
      });
      for (const hour of ['09', '10', '11', '12'])
        expect((await payAt(kuwait(`2031-05-05T${hour}:00:00`), '9000.000')).response.statusCode).toBe(200);
    });

    it("falls back to the payment-gateway service, and an open invoice follows its own service's", async () => {
      await removeService('quick_invoice');
      await setService('payment_gateway', { max_transaction_amount: '10.000' });
      setClock(() => kuwait('2031-06-01T10:00:00'));
      const { reference_no: over } = await invoice('10.001');
      await expectRefused(over, MESSAGES.amount);

      await setService('open_invoice', { max_transaction_amount: '0' });
      const open = await created(merchant, '/v1/open-invoice', {
        title: 'Donations',
        amount_type: 'fixed',
        amount: '12.000',
      });
      expect((await payer.paid(open.reference_no, success)).status).toBe('success');
      await removeService('open_invoice');
    });
  });

  describe('declined attempts', () => {
    it('refuses further tries once the invoice was declined as often as the service allows', async () => {
      await setService('quick_invoice', { invoice_transaction_settings: { max_attempts: 2 } });
      setClock(() => kuwait('2031-07-01T10:00:00'));
      const { reference_no: reference } = await invoice('8.000');
      expect((await payer.paid(reference, declined)).status).toBe('failed');
      expect((await payer.paid(reference, declined)).status).toBe('failed');
      const refused = await payer.pay(reference, success);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.attempts[0]);
      expect((await payerAr.pay(reference, success)).json().message).toBe(MESSAGES.attempts[1]);
      expect((await transactionsOf(server, reference)).map((row) => row.status)).toEqual(['failed', 'failed']);
      // Another invoice has its own attempts.
      const { reference_no: other } = await invoice('8.000');
      expect((await payer.paid(other, declined)).status).toBe('failed');
      expect((await payer.paid(other, success)).status).toBe('success');
    });
  });

  describe('SMS active duration', () => {
    const createdAt = async (reference: string) => {
      const [row] = await server.app.bawaba.db.query<{ created_at: Date | string }>(
        `select created_at from invoices where reference_no = $1::text`,
        [reference],
      );
      return new Date(row.created_at);
    };

    it("expires an SMS invoice's link the set minutes after it was sent, and no other link", async () => {
      await setService('quick_invoice', { sms_active_minutes: 30 });
      const { reference_no: sms, id } = await invoice('6.000', { send_via: 'sms' });
      const { reference_no: byLink } = await invoice('6.000', { send_via: 'url' });
      const sent = await createdAt(sms);
      setClock(() => minutes(sent, 29));
      expect((await payer.payable(sms)).state).toBe('payable');
      setClock(() => minutes(sent, 30));
      expect((await payer.payable(sms)).state).toBe('expired');
      expect((await merchant.get(`/v1/invoice/${id}`)).json().status).toBe('expired');
      const refused = await payer.pay(sms, success);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.expired[0]);
      expect((await payerAr.pay(sms, success)).json().message).toBe(MESSAGES.expired[1]);
      expect(await transactionsOf(server, sms)).toEqual([]);
      // A link-only invoice was never sent by SMS.
      setClock(() => minutes(sent, 600));
      expect((await payer.payable(byLink)).state).toBe('payable');
    });

    it("has the scheduler's sweep expire SMS links nobody opened, of the invoice's own service", async () => {
      await setService('quick_invoice', { sms_active_minutes: 30 });
      await setService('delivery_invoice', { sms_active_minutes: 0 });
      const { id: sms, reference_no: reference } = await invoice('6.000', { send_via: 'sms' });
      const { id: delivery } = await invoice('6.000', {
        kind: 'delivery',
        send_via: 'sms',
        delivery_city: 'salmiya',
        delivery_address: 'Block 2, Street 5',
      });
      const sent = await createdAt(reference);
      const status = async (id: number) => (await merchant.get(`/v1/invoice/${id}`)).json().status;
      await sweepPayments(server.app.bawaba, minutes(sent, 29));
      expect(await status(sms)).toBe('unpaid');
      await sweepPayments(server.app.bawaba, minutes(sent, 30));
      expect([await status(sms), await status(delivery)]).toEqual(['expired', 'unpaid']);
      await removeService('delivery_invoice');
    });

    it('counts a scheduled invoice from when its SMS goes out', async () => {
      await setService('quick_invoice', { sms_active_minutes: 30 });
      const scheduledAt = new Date(Date.now() + 2 * 3_600_000);
      const { reference_no: reference } = await invoice('6.000', {
        kind: 'scheduled',
        send_via: undefined,
        scheduled_at: scheduledAt.toISOString(),
      });
      setClock(() => minutes(scheduledAt, 29));
      expect((await payer.payable(reference)).state).toBe('payable');
      setClock(() => minutes(scheduledAt, 30));
      expect((await payer.payable(reference)).state).toBe('expired');
    });

    it('keeps an SMS link payable when the duration is zero', async () => {
      await setService('quick_invoice', { sms_active_minutes: 0 });
      const { reference_no: reference } = await invoice('6.000', { send_via: 'sms' });
      setClock(() => minutes(new Date(), 60 * 24 * 300));
      expect((await payer.paid(reference, success)).status).toBe('success');
    });
  });

  describe("customers' totals", () => {
    const customerOf = async (id: number) => (await merchant.get(`/v1/customers/${id}`)).json() as Row;

    it('follow the payments of their mobile, not declined ones, and processed refunds', async () => {
      const mobile = '96551112222';
      const customer = await created(merchant, '/v1/customers', { name: 'Huda Al-Sabah', mobile });
      expect(customer).toMatchObject({ total_paid: '0.000', invoices_count: 0 });

      setClock(() => kuwait('2031-08-01T10:00:00'));
      const first = await invoice('12.500', { mobile });
      expect((await payer.paid(first.reference_no, declined)).status).toBe('failed');
      expect(await customerOf(customer.id)).toMatchObject({ total_paid: '0.000', invoices_count: 0 });
      expect((await payer.paid(first.reference_no, success)).status).toBe('success');
      const second = await invoice('7.250', { mobile });
      const paid = await payer.paid(second.reference_no, success);
      expect(await customerOf(customer.id)).toMatchObject({ total_paid: '19.750', invoices_count: 2 });

      // A refund request takes nothing off until it is processed.
      const [transaction] = await server.app.bawaba.db.query<{ id: number }>(
        `select id from transactions where reference_no = $1::text`,
        [paid.transaction_reference],
      );
      const refund = await created(merchant, '/v1/refund', {
        transaction_id: transaction.id,
        method: 'partial',
        refund_amount: '2.250',
      });
      expect(await customerOf(customer.id)).toMatchObject({ total_paid: '19.750', invoices_count: 2 });
      // Processed by the scheduler 20 minutes later (a same-day refund), it is taken off.
      setClock(() => kuwait('2031-08-01T10:21:00'));
      await server.app.scheduler.tick(kuwait('2031-08-01T10:21:00'));
      const [processed] = await server.app.bawaba.db.query<{ status: string }>(
        `select status from refunds where id = $1::integer`,
        [refund.id],
      );
      expect(processed.status).toBe('processed');
      expect(await customerOf(customer.id)).toMatchObject({ total_paid: '17.500', invoices_count: 2 });

      // A customer made later with the same mobile is counted from the same ledger.
      const later = await created(merchant, '/v1/customers', { name: 'Huda (work)', mobile });
      expect(later).toMatchObject({ total_paid: '17.500', invoices_count: 2 });
      // Given another mobile, a customer is counted from that mobile's payments.
      const {
        id: _id,
        total_paid: _paid,
        invoices_count: _count,
        created_at: _at,
        updated_at: _up,
        ...writable
      } = later;
      const moved = await merchant.put(`/v1/customers/${later.id}`, { ...writable, mobile: '96559998888' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ total_paid: '0.000', invoices_count: 0 });
    });
  });
});
