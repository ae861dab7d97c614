import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now as clockNow } from '../../src/schema/calendar';
import { createMerchant } from '../../src/server/merchants/merchants';
import { allServices } from '../../src/server/merchants/services';
import type { StoredMessage } from '../../src/server/outbox/outbox';
import { kuwaitToday } from '../../src/server/payments/kuwait-time';
import { processDueRefunds } from '../../src/server/payments/refunds';
import { releaseExpiredOrders } from '../../src/server/sales/orders';
import { storeOf } from '../../src/server/storage/entity-stores';
import { setSaleAdminCharge } from '../../src/server/support/fees';
import { TEST_CARDS } from '../../src/shared/pay';
import type { StoreOrder } from '../../src/shared/storefront';
import { Client } from './helpers/client';
import { card, Payer, transactionsOf } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { TEST_PUBLIC_URL } from './helpers/snapshot';

/**
 * A sale order's customer hears of every status the merchant moves it to: an SMS with the tracking
 * link and an e-mail, in the language they ordered in, worded by the merchant's default e-mail
 * template (placeholders filled) or by the product's own words, queued in the same transaction as
 * the status. The tracking page shows when each status was reached and why an order was rejected.
 * A rejection gives an unpaid order's stock back and closes its link, voids an authorised card
 * payment, and refunds a taken payment in full through the refund flow, or is refused with a 409
 * that changes nothing when the merchant's balance cannot pay for the refund.
 */

type Values = Record<string, unknown>;

const day = (offset: number) => kuwaitToday(new Date(clockNow().getTime() + offset * 86_400_000));
const track = (reference: string) => `${TEST_PUBLIC_URL}/track-order/${reference}`;

let mobiles = 0;
/** A customer of their own: a new mobile (and e-mail address) each time, so their messages are theirs alone. */
function customerOf(name: string, email = true): { name: string; mobile: string; email?: string } {
  const n = String(++mobiles).padStart(4, '0');
  return { name, mobile: `9656600${n}`, ...(email ? { email: `customer${n}@orders.test` } : {}) };
}

describe.each(DRIVERS)('sale orders: telling the customer, tracking, rejecting (%s)', (driver) => {
  let server: TestServer;
  const visitor = () => new Client(server.app);

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  /** A new merchant with every service and nothing else: no e-mail template, no balance. */
  async function openShop(code: string, name: string, nameAr: string): Promise<Client> {
    const account = { email: `${code}@orders.test`, password: 'Orders@1234' };
    await server.app.bawaba.db.transaction((tx) =>
      createMerchant(tx, { name, name_ar: nameAr, contact_name: name, ...account, services: allServices(true) }),
    );
    return Client.signIn(server.app, account);
  }

  const ok = async (response: Promise<LightMyRequestResponse>, status = 200): Promise<Values> => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json();
  };

  /** A sale list of one product at `price` with `stock` units, no discount and no service charge. */
  async function saleList(shop: Client, price: string, stock = 20): Promise<{ list: Values; product: Values }> {
    const product = await ok(
      shop.post('/v1/products/', { title: 'Dates box', title_ar: 'علبة تمر', price, stock }),
      201,
    );
    const list = await ok(
      shop.post('/v1/sale/list', {
        name: 'Eid boxes',
        type: 'store',
        product_ids: [product.id],
        start_date: day(-1),
        end_date: day(30),
        discount_type: 'fixed',
        discount_value: '0',
        service_charge_type: 'fixed',
        service_charge_value: '0',
      }),
      201,
    );
    return { list, product };
  }

  async function placed(list: Values, product: Values, customer: Values, language: 'en' | 'ar' = 'en', qty = 2) {
    const reference = String(list.reference_no);
    const body = { items: [{ product_id: product.id, qty }], customer, language };
    return (await ok(visitor().post(`/v1/storefront/lists/${reference}/orders`, body), 201)) as unknown as StoreOrder;
  }

  const idOf = async (shop: Client, reference: string) =>
    ((await ok(shop.list('/v1/sale/order', { filter: { q: reference } }))) as unknown as Values[])[0].id;
  const act = async (shop: Client, reference: string, action: string, body?: Values, locale?: 'en' | 'ar') =>
    shop.post(`/v1/sale/order/${String(await idOf(shop, reference))}/${action}`, body, locale ? { locale } : {});
  const tracked = async (reference: string) =>
    (await ok(visitor().get(`/v1/storefront/orders/${reference}`))) as unknown as StoreOrder;
  const stockOf = async (shop: Client, id: unknown) => (await ok(shop.get(`/v1/products/${String(id)}`))).stock;

  /** Everything the outbox delivered to `recipient`, oldest first. */
  const messagesTo = async (recipient: string): Promise<StoredMessage[]> =>
    (await server.deliverMail()).filter((message) => message.recipient === recipient);

  describe('telling the customer', () => {
    let shop: Client;
    beforeAll(async () => {
      shop = await openShop('wafra', 'Al Wafra Sweets', 'حلويات الوفرة');
    });

    it('sends an SMS with the tracking link and an e-mail at every status change, in English by default', async () => {
      const { list, product } = await saleList(shop, '10.000');
      const customer = customerOf('Maryam Al-Sabah');
      const order = await placed(list, product, customer);
      const reference = order.reference_no;
      expect(await messagesTo(customer.mobile)).toEqual([]);

      await ok(act(shop, reference, 'process'));
      const [sms] = await messagesTo(customer.mobile);
      expect(sms).toMatchObject({
        channel: 'sms',
        language: 'en',
        body: `Al Wafra Sweets: your order ${reference} is now In process. Track it: ${track(reference)}`,
      });
      const [email] = await messagesTo(String(customer.email));
      expect(email).toMatchObject({ channel: 'email', language: 'en', subject: `Your order ${reference}: In process` });
      expect(email.body).toBe(
        `Dear Maryam Al-Sabah,\n\nYour order ${reference} from Eid boxes is now In process.\nTotal: 20.000 KWD\n\n` +
          `Track your order here:\n${track(reference)}\n\nThank you,\nAl Wafra Sweets`,
      );

      for (const action of ['ready', 'ship', 'deliver']) await ok(act(shop, reference, action));
      const statuses = (await messagesTo(customer.mobile)).map(
        (message) => /is now (.+)\. Track/.exec(message.body)?.[1],
      );
      expect(statuses).toEqual(['In process', 'Ready to ship', 'Shipped', 'Delivered']);
      const subjects = (await messagesTo(String(customer.email))).map((message) => message.subject);
      expect(subjects).toEqual(
        ['In process', 'Ready to ship', 'Shipped', 'Delivered'].map((s) => `Your order ${reference}: ${s}`),
      );
    });

    it('writes to a customer who ordered in Arabic in Arabic, the links opening in Arabic', async () => {
      const { list, product } = await saleList(shop, '10.000');
      const customer = customerOf('مريم الصباح');
      const order = await placed(list, product, customer, 'ar');
      const reference = order.reference_no;
      // The merchant's back office speaks English: the customer still reads their own language.
      await ok(act(shop, reference, 'process'));
      const [sms] = await messagesTo(customer.mobile);
      expect(sms).toMatchObject({
        language: 'ar',
        body: `حلويات الوفرة: طلبك ${reference} الآن قيد التجهيز. تتبّع طلبك: ${track(reference)}?lng=ar`,
      });
      const [email] = await messagesTo(String(customer.email));
      expect(email).toMatchObject({ language: 'ar', subject: `طلبك ${reference}: قيد التجهيز` });
      expect(email.body).toBe(
        `عزيزنا مريم الصباح،\n\nطلبك رقم ${reference} من Eid boxes الآن قيد التجهيز.\nالإجمالي: 20.000 د.ك\n\n` +
          `تتبّع طلبك عبر الرابط:\n${track(reference)}?lng=ar\n\nشكرًا لك،\nحلويات الوفرة`,
      );
    });

    it('sends only the SMS to a customer who gave no e-mail address, and nothing for a refused action', async () => {
      const { list, product } = await saleList(shop, '10.000');
      const customer = customerOf('Fahad Al-Enezi', false);
      const order = await placed(list, product, customer);
      const refused = await act(shop, order.reference_no, 'deliver');
      expect(refused.statusCode).toBe(409);
      expect(await messagesTo(customer.mobile)).toEqual([]);
      await ok(act(shop, order.reference_no, 'process'));
      const messages = (await server.deliverMail()).filter((message) => message.body.includes(order.reference_no));
      expect(messages.map((message) => [message.channel, message.recipient])).toEqual([['sms', customer.mobile]]);
    });
  });

  describe("the merchant's e-mail template", () => {
    let shop: Client;
    beforeAll(async () => {
      shop = await openShop('noor', 'Al Noor Trading', 'شركة النور للتجارة');
      const template = {
        name: 'Order status',
        subject_en: 'Order {order_no}: {status}',
        subject_ar: 'الطلب {order_no}: {status}',
        body_en:
          'Hello {customer_name}, your order {order_no} of {grand_total} from {sale_list} ({sale_link}) is {status}.\n' +
          'Follow it at {track_link}. {merchant} {not_a_placeholder}',
        body_ar:
          'مرحبًا {customer_name}، طلبك {order_no} بمبلغ {grand_total} من {sale_list} ({sale_link}) {status}.\n' +
          'تابعه عبر {track_link}. {merchant}',
        placeholders: [
          'customer_name',
          'order_no',
          'grand_total',
          'sale_list',
          'sale_link',
          'track_link',
          'status',
          'merchant',
        ],
      };
      await ok(shop.post('/v1/sale/email-template', { ...template, is_default: true }), 201);
      // Not the default: never used for the order notices.
      await ok(
        shop.post('/v1/sale/email-template', { ...template, name: 'Other', subject_en: 'Other', is_default: false }),
        201,
      );
    });

    it('fills its English or Arabic subject and body by the customer’s language; the SMS keeps its own words', async () => {
      const { list, product } = await saleList(shop, '7.250');
      const english = customerOf('Maryam Al-Sabah');
      const arabic = customerOf('مريم الصباح');
      const first = (await placed(list, product, english)).reference_no;
      const second = (await placed(list, product, arabic, 'ar')).reference_no;
      const saleLink = `${TEST_PUBLIC_URL}/sale/${String(list.reference_no)}`;
      await ok(act(shop, first, 'process'));
      await ok(act(shop, second, 'process'));

      const [en] = await messagesTo(String(english.email));
      expect(en.subject).toBe(`Order ${first}: In process`);
      expect(en.body).toBe(
        `Hello Maryam Al-Sabah, your order ${first} of 14.500 KWD from Eid boxes (${saleLink}) is In process.\n` +
          `Follow it at ${track(first)}. Al Noor Trading {not_a_placeholder}`,
      );
      const [ar] = await messagesTo(String(arabic.email));
      expect(ar.subject).toBe(`الطلب ${second}: قيد التجهيز`);
      expect(ar.body).toBe(
        `مرحبًا مريم الصباح، طلبك ${second} بمبلغ 14.500 د.ك من Eid boxes (${saleLink}?lng=ar) قيد التجهيز.\n` +
          `تابعه عبر ${track(second)}?lng=ar. شركة النور للتجارة`,
      );
      const [sms] = await messagesTo(arabic.mobile);
      expect(sms.body).toBe(`شركة النور للتجارة: طلبك ${second} الآن قيد التجهيز. تتبّع طلبك: ${track(second)}?lng=ar`);
    });
  });

  describe('tracking and rejecting', () => {
    let shop: Client;
    beforeAll(async () => {
      shop = await openShop('jahra', 'Jahra Market', 'سوق الجهراء');
    });

    it('shows when the order reached each status, oldest first, and why it was rejected', async () => {
      const { list, product } = await saleList(shop, '5.000');
      const customer = customerOf('Noura Al-Kandari');
      const order = await placed(list, product, customer);
      const reference = order.reference_no;
      expect(order.steps).toEqual([{ status: 'waiting', at: order.created_at }]);
      expect(order.rejection_reason).toBeNull();

      await ok(act(shop, reference, 'process'));
      const asked = await act(shop, reference, 'reject');
      expect(asked.statusCode).toBe(400);
      expect((await tracked(reference)).status).toBe('in_process');
      const rejected = await ok(act(shop, reference, 'reject', { reason: 'The dates of this box ran out' }));
      expect(rejected).toMatchObject({ status: 'rejected', rejection_reason: 'The dates of this box ran out' });

      const seen = await tracked(reference);
      expect(seen.steps.map((step) => step.status)).toEqual(['waiting', 'in_process', 'rejected']);
      expect(seen.steps[0].at).toBe(order.created_at);
      const times = seen.steps.map((step) => Date.parse(step.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(Date.now() - times[2]).toBeLessThan(60_000);
      expect(seen.rejection_reason).toBe('The dates of this box ran out');

      const emails = await messagesTo(String(customer.email));
      expect(emails.map((email) => email.subject)).toEqual([
        `Your order ${reference}: In process`,
        `Your order ${reference}: Rejected`,
      ]);
      expect(emails[1].body).toMatch(/is now Rejected\.[\s\S]*\n\nReason: The dates of this box ran out$/);
    });

    it('gives an unpaid order’s stock back when it is rejected, and its link can no longer be paid', async () => {
      const { list, product } = await saleList(shop, '5.000', 6);
      const order = await placed(list, product, customerOf('Bader Al-Shammari'), 'en', 4);
      expect(await stockOf(shop, product.id)).toBe(2);
      await ok(act(shop, order.reference_no, 'reject', { reason: 'Closed for Eid' }));
      expect(await stockOf(shop, product.id)).toBe(6);
      expect(await tracked(order.reference_no)).toMatchObject({ status: 'rejected', payment_status: 'expired' });

      const payment = await new Payer(server).pay(order.reference_no, { method: 'apple_pay' });
      expect(payment.statusCode).toBe(409);
      expect(payment.json().message).toBe('This payment link has been cancelled');
      // The hold running out later gives nothing back a second time.
      const later = new Date(Date.parse(String(order.reserved_until)) + 60_000);
      await releaseExpiredOrders(server.app.bawaba, later);
      expect(await stockOf(shop, product.id)).toBe(6);
    });
  });

  describe('rejecting a paid order', () => {
    let shop: Client;
    const email = 'mubarakiya@orders.test';
    beforeAll(async () => {
      shop = await openShop('mubarakiya', 'Mubarakiya Sweets', 'حلويات المباركية');
    });

    /** A list whose wallet payments cost the merchant 1 % + 0.050, so a payment's net is less than its amount. */
    async function chargedList(price: string) {
      const made = await saleList(shop, price);
      const ctx = server.app.bawaba;
      await ctx.db.transaction((tx) =>
        setSaleAdminCharge(tx, ctx, email, String(made.list.reference_no), 'apple_pay', {
          percent: '1',
          fixed_amount: '0.050',
        }),
      );
      return made;
    }

    it('refuses, in the merchant’s language, a rejection whose refund the balance cannot pay, and changes nothing', async () => {
      // The merchant's only money is this payment's net: 20.000 less 0.250, short of a full refund.
      const { list, product } = await chargedList('10.000');
      const customer = customerOf('Salem Al-Ajmi');
      const order = await placed(list, product, customer);
      await new Payer(server).paid(order.reference_no, { method: 'apple_pay' });
      const [transaction] = await transactionsOf(server, order.reference_no);
      expect(transaction.net_amount).toBe('19.750');
      const before = await tracked(order.reference_no);
      const stock = await stockOf(shop, product.id);
      const mailed = (await messagesTo(customer.mobile)).length;

      const refused = await act(shop, order.reference_no, 'reject', { reason: 'Sold out' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This order cannot be rejected yet: refunding its 20.000 KWD needs an unsettled balance that covers it, ' +
          'and 19.750 KWD is available for refunds.',
      );
      const arabic = await act(shop, order.reference_no, 'reject', { reason: 'Sold out' }, 'ar');
      expect(arabic.statusCode).toBe(409);
      expect(arabic.json().message).toBe(
        'لا يمكن رفض هذا الطلب الآن: رد مبلغه 20.000 د.ك يتطلب رصيدًا غير مسوّى يغطيه، والمتاح للمبالغ المستردة 19.750 د.ك.',
      );

      expect(await tracked(order.reference_no)).toEqual(before);
      expect(await stockOf(shop, product.id)).toBe(stock);
      expect((await transactionsOf(server, order.reference_no))[0]).toMatchObject({
        status: 'success',
        pending_amount: '20.000',
      });
      const refunds = await server.app.bawaba.db.query(`select id from refunds where transaction_id = $1::integer`, [
        transaction.id,
      ]);
      expect(refunds).toEqual([]);
      expect(await messagesTo(customer.mobile)).toHaveLength(mailed);
    });

    it('refunds it in full through the refund flow once the balance covers it, and tells the customer', async () => {
      const { list, product } = await chargedList('10.000');
      const customer = customerOf('Hessa Al-Mutawa');
      const order = await placed(list, product, customer);
      await new Payer(server).paid(order.reference_no, { method: 'apple_pay' });
      // Another customer's larger payment: the balance now covers the refund.
      const other = await chargedList('30.000');
      const big = await placed(other.list, other.product, customerOf('Yousef Al-Rashidi'));
      await new Payer(server).paid(big.reference_no, { method: 'apple_pay' });

      const stock = await stockOf(shop, product.id);
      await ok(act(shop, order.reference_no, 'reject', { reason: 'Sold out' }));
      const [transaction] = await transactionsOf(server, order.reference_no);
      expect(transaction).toMatchObject({ status: 'success', pending_amount: '0.000' });
      const [refund] = await server.app.bawaba.db.query<Values>(
        `select status, method, refund_amount::text as refund_amount, remarks, process_after from refunds
         where transaction_id = $1::integer`,
        [transaction.id],
      );
      expect(refund).toMatchObject({
        status: 'pending',
        method: 'full',
        refund_amount: '20.000',
        remarks: `Refund of rejected order ${order.reference_no}`,
      });
      // Paid for, the goods stay the merchant's to account for: the stock is not put back.
      expect(await stockOf(shop, product.id)).toBe(stock);
      expect(await tracked(order.reference_no)).toMatchObject({ status: 'rejected', payment_status: 'paid' });

      // The scheduler's refund step processes it once its 20 minutes are over.
      const due = new Date(Date.parse(String(refund.process_after)) + 1_000);
      expect(await processDueRefunds(server.app.bawaba, due)).toBeGreaterThanOrEqual(1);
      expect((await transactionsOf(server, order.reference_no))[0]).toMatchObject({ status: 'refunded' });

      const [email] = (await messagesTo(String(customer.email))).slice(-1);
      expect(email.subject).toBe(`Your order ${order.reference_no}: Rejected`);
      expect(email.body).toMatch(
        /\n\nReason: Sold out\n\nThe 20\.000 KWD you paid is being refunded to the card or wallet you paid with\.$/,
      );
    });

    it('voids an authorised card payment and gives the stock back', async () => {
      // The merchant's product listing service authorises card payments, to be captured within 2 days.
      const ctx = server.app.bawaba;
      const merchantId = await merchantIdOf(server, email);
      await ctx.db.transaction((tx) =>
        storeOf(ctx, 'merchant_service').create(tx, merchantId, {
          service_type: 'product_listing',
          payment_type: 'credit_card',
          capture_type: 'full',
          capture_days: 2,
        }),
      );
      const { list, product } = await saleList(shop, '8.000', 10);
      const order = await placed(list, product, customerOf('Dana Al-Qattan'));
      const paid = await new Payer(server).paid(order.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
      expect(paid.status).toBe('authorized');
      expect(await stockOf(shop, product.id)).toBe(8);
      await ok(act(shop, order.reference_no, 'reject', { reason: 'Sold out' }));
      expect((await transactionsOf(server, order.reference_no))[0]).toMatchObject({ status: 'voided' });
      expect(await stockOf(shop, product.id)).toBe(10);
      expect(await tracked(order.reference_no)).toMatchObject({ status: 'rejected', payment_status: 'expired' });
    });
  });
});
