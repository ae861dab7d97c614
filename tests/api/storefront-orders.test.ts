import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now as clockNow } from '../../src/schema/calendar';
import { kuwaitToday } from '../../src/server/payments/kuwait-time';
import { releaseExpiredOrders } from '../../src/server/sales/orders';
import { setSaleAdminCharge } from '../../src/server/support/fees';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, Payer } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Placing an order from a sale list's cart, as the storefront's customer pages do: the list as its
 * customers see it, every line checked again against the product at that moment, the shared totals,
 * the stock held for 15 minutes and given back when the order is not paid, one order per
 * idempotency key, and the last unit going to exactly one of many customers at once.
 */

type Values = Record<string, unknown>;

const day = (offset: number) => kuwaitToday(new Date(clockNow().getTime() + offset * 86_400_000));
const customer = { name: 'Maryam Al-Sabah', mobile: '96550001234', email: 'maryam@example.test' };

describe.each(DRIVERS)('the storefront: placing an order (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const visitor = () => new Client(server.app);

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const product = async (values: Values): Promise<Values> => {
    const created = await merchant.post('/v1/products/', { title_ar: 'منتج', ...values });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  };
  const saleList = async (productIds: unknown[], values: Values = {}): Promise<Values> => {
    const created = await merchant.post('/v1/sale/list', {
      name: 'Eid boxes',
      type: 'store',
      product_ids: productIds,
      start_date: day(-1),
      end_date: day(30),
      discount_type: 'percentage',
      discount_value: '10',
      service_charge_type: 'fixed',
      service_charge_value: '0.500',
      ...values,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  };
  const stockOf = async (id: unknown) => (await merchant.get(`/v1/products/${String(id)}`)).json().stock as number;
  const order = (
    list: Values,
    body: Values,
    options: { locale?: 'en' | 'ar'; headers?: Record<string, string> } = {},
  ) => visitor().post(`/v1/storefront/lists/${String(list.reference_no)}/orders`, { customer, ...body }, options);

  it('shows the list to anyone: its state, charges and products with what each has left', async () => {
    const dates = await product({
      title: 'Dates box',
      price: '4.500',
      sale_price: '3.750',
      stock: 6,
      max_qty_per_order: 4,
    });
    const list = await saleList([dates.id]);
    const response = await visitor().get(`/v1/storefront/lists/${String(list.reference_no)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reference_no: list.reference_no,
      name: 'Eid boxes',
      state: 'open',
      opens_on: null,
      discount_type: 'percentage',
      service_charge_value: '0.500',
      merchant: { name: expect.any(String) },
      products: [
        { id: dates.id, title: 'Dates box', price: '4.500', sale_price: '3.750', available: 6, max_qty_per_order: 4 },
      ],
    });
    expect((await visitor().get('/v1/storefront/lists/SL-0000-000000')).statusCode).toBe(404);
  });

  it('places an order at the shared totals, holds its stock and shows it to the merchant unpaid', async () => {
    const dates = await product({ title: 'Dates box', price: '4.500', sale_price: '3.750', stock: 6 });
    const honey = await product({ title: 'Sidr honey', price: '12.250', stock: 3 });
    const list = await saleList([dates.id, honey.id]);
    const before = clockNow().getTime();
    const placed = await order(list, {
      items: [
        { product_id: dates.id, qty: 2, price: '3.750' },
        { product_id: honey.id, qty: 1, price: '12.250' },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json();
    // 2 × 3.750 + 12.250 = 19.750; 10 % off is 1.975; plus 0.500.
    expect(body).toMatchObject({
      sub_total: '19.750',
      discount: '1.975',
      service_charge: '0.500',
      grand_total: '18.275',
      status: 'waiting',
      payment_status: 'unpaid',
      customer: { first_name: 'Maryam', mobile_end: '1234' },
      sale_list: { reference_no: list.reference_no, name: 'Eid boxes' },
    });
    const held = Date.parse(body.reserved_until) - before;
    expect(held).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    expect(held).toBeLessThanOrEqual(15 * 60_000 + 60_000);
    expect(await stockOf(dates.id)).toBe(4);
    expect(await stockOf(honey.id)).toBe(2);

    const [stored] = (await merchant.list('/v1/sale/order', { filter: { q: body.reference_no } })).json();
    expect(stored).toMatchObject({
      reference_no: body.reference_no,
      customer_name: 'Maryam Al-Sabah',
      customer_mobile: '96550001234',
      grand_total: '18.275',
      payment_status: 'unpaid',
      items: [
        { product_id: dates.id, product: 'Dates box', qty: 2, price: '3.750' },
        { product_id: honey.id, product: 'Sidr honey', qty: 1, price: '12.250' },
      ],
    });
    const tracked = await visitor().get(`/v1/storefront/orders/${String(body.reference_no)}`);
    expect(tracked.json()).toEqual(body);
    expect(JSON.stringify(tracked.json())).not.toContain('Al-Sabah');
  });

  it('refuses a cart that no longer matches, naming each line, and takes nothing', async () => {
    const dates = await product({ title: 'Dates box', price: '4.500', stock: 2, max_qty_per_order: 2 });
    const gone = await product({ title: 'Saffron', price: '9.000', stock: 0 });
    const other = await product({ title: 'Not listed', price: '1.000', stock: 5 });
    const list = await saleList([dates.id, gone.id]);
    const refused = await order(list, {
      items: [
        { product_id: dates.id, qty: 3 },
        { product_id: gone.id, qty: 1 },
        { product_id: other.id, qty: 1 },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Some items of your cart have changed: check them and try again',
      errors: { 'items.0': 'Only 2 left', 'items.1': 'Sold out', 'items.2': 'This product is not in this sale' },
    });
    const repriced = await order(list, { items: [{ product_id: dates.id, qty: 1, price: '4.000' }] }, { locale: 'ar' });
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().errors).toEqual({ 'items.0': 'السعر الآن 4.500 د.ك' });
    await merchant.put(`/v1/products/${String(dates.id)}`, {
      title: 'Dates box',
      title_ar: 'منتج',
      price: '4.500',
      stock: 9,
      max_qty_per_order: 2,
    });
    const overLimit = await order(list, { items: [{ product_id: dates.id, qty: 3 }] });
    expect(overLimit.json().errors).toEqual({ 'items.0': 'At most 2 per order' });
    expect(await stockOf(dates.id)).toBe(9);

    const empty = await order(list, { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ items: 'choose at least one product' });
    const badMobile = await order(list, {
      items: [{ product_id: dates.id, qty: 1 }],
      customer: { ...customer, mobile: '12' },
    });
    expect(badMobile.statusCode).toBe(400);
    expect(Object.keys(badMobile.json().errors)).toEqual(['customer.mobile']);
  });

  it('takes no order while the list is closed, and says when it opens', async () => {
    const dates = await product({ title: 'Dates box', price: '4.500', stock: 5 });
    const later = await saleList([dates.id], { start_date: day(3), end_date: day(20) });
    const early = await order(later, { items: [{ product_id: dates.id, qty: 1 }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`This sale opens on ${day(3)}`);
    expect((await visitor().get(`/v1/storefront/lists/${String(later.reference_no)}`)).json()).toMatchObject({
      state: 'not_started',
      opens_on: day(3),
    });

    const list = await saleList([dates.id]);
    const off = await merchant.post(`/v1/sale/list/${String(list.id)}/deactivate`, {});
    expect(off.statusCode, off.body).toBe(200);
    const closed = await order(list, { items: [{ product_id: dates.id, qty: 1 }] }, { locale: 'ar' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('هذا البيع مغلق حاليًا');

    const one = await saleList([dates.id], { max_orders_per_day: 1 });
    expect((await order(one, { items: [{ product_id: dates.id, qty: 1 }] })).statusCode).toBe(201);
    const full = await order(one, { items: [{ product_id: dates.id, qty: 1 }] });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This sale has taken all its orders for today; it opens again tomorrow');
  });

  it('places one order per idempotency key, however often the customer taps', async () => {
    const dates = await product({ title: 'Dates box', price: '4.500', stock: 5 });
    const list = await saleList([dates.id]);
    const headers = { 'idempotency-key': 'cart-7f3a9c' };
    const first = await order(list, { items: [{ product_id: dates.id, qty: 2 }] }, { headers });
    const again = await order(list, { items: [{ product_id: dates.id, qty: 2 }] }, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().reference_no).toBe(first.json().reference_no);
    expect(await stockOf(dates.id)).toBe(3);
  });

  it('gives the last unit to exactly one of many customers ordering at once', async () => {
    const last = await product({ title: 'Last lantern', price: '25.000', stock: 1 });
    const list = await saleList([last.id]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => order(list, { items: [{ product_id: last.id, qty: 1 }] })),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(11);
    for (const answer of refused) expect(answer.json().errors).toEqual({ 'items.0': 'Sold out' });
    expect(await stockOf(last.id)).toBe(0);
  });

  it('gives the stock of an order not paid within 15 minutes back, once', async () => {
    const dates = await product({ title: 'Dates box', price: '4.500', stock: 4 });
    const list = await saleList([dates.id]);
    const placed = (await order(list, { items: [{ product_id: dates.id, qty: 3 }] })).json();
    expect(await stockOf(dates.id)).toBe(1);
    const ctx = server.app.bawaba;
    const soon = new Date(Date.parse(placed.reserved_until) - 1_000);
    expect(await releaseExpiredOrders(ctx, soon)).toBe(0);
    const after = new Date(Date.parse(placed.reserved_until) + 1_000);
    expect(await releaseExpiredOrders(ctx, after)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(dates.id)).toBe(4);
    expect(await releaseExpiredOrders(ctx, after)).toBe(0);
    expect(await stockOf(dates.id)).toBe(4);
    const tracked = (await visitor().get(`/v1/storefront/orders/${String(placed.reference_no)}`)).json();
    expect(tracked.payment_status).toBe('expired');
  });

  it("is paid through the payer API: the order marked paid, its fees under the sale list's own admin charge", async () => {
    const dates = await product({ title: 'Dates box', price: '10.000', stock: 5 });
    const list = await saleList([dates.id], { discount_value: '0', service_charge_value: '0' });
    const ctx = server.app.bawaba;
    await ctx.db.transaction((tx) =>
      setSaleAdminCharge(tx, ctx, ACCOUNTS.merchant.email, String(list.reference_no), 'apple_pay', {
        percent: '1',
        fixed_amount: '0.050',
      }),
    );
    const placed = (await order(list, { items: [{ product_id: dates.id, qty: 2 }] })).json();
    const payer = new Payer(server);
    expect(await payer.payable(placed.reference_no)).toMatchObject({
      kind: 'order',
      state: 'payable',
      amount: '20.000',
      methods: ['card', 'apple_pay', 'google_pay'],
    });
    const declined = await payer.paid(placed.reference_no, { method: 'card', card: card(TEST_CARDS.declined) });
    expect(declined.status).toBe('failed');
    // A wallet is taken at once (a card would only be authorised: the merchant's checkout captures later).
    const paid = await payer.paid(placed.reference_no, { method: 'apple_pay' });
    expect(paid.status).toBe('success');

    const tracked = (await visitor().get(`/v1/storefront/orders/${String(placed.reference_no)}`)).json();
    expect(tracked.payment_status).toBe('paid');
    const [stored] = (await merchant.list('/v1/sale/order', { filter: { q: placed.reference_no } })).json();
    expect(stored.transaction_reference).toBe(paid.transaction_reference);
    const [transaction] = (
      await merchant.list('/v1/report/transactions', {
        filter: { q: paid.transaction_reference, created_at_gte: day(-1), created_at_lte: day(1) },
      })
    ).json();
    // The list's 1% + 0.050 of 20.000, not the merchant's own charge of wallets.
    expect(transaction).toMatchObject({
      invoice_reference: placed.reference_no,
      amount: '20.000',
      admin_charge: '0.250',
    });
    // Paid, the hold no longer runs out: the scheduler leaves its stock sold.
    expect(await releaseExpiredOrders(ctx, new Date(Date.parse(placed.reserved_until) + 60_000))).toBe(0);
    expect(await stockOf(dates.id)).toBe(3);
    const again = await payer.pay(placed.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to pay an order whose hold ran out, and gives its stock back then', async () => {
    const dates = await product({ title: 'Dates box', price: '4.500', stock: 2 });
    const list = await saleList([dates.id]);
    const placed = (await order(list, { items: [{ product_id: dates.id, qty: 2 }] })).json();
    expect(await stockOf(dates.id)).toBe(0);
    const ctx = server.app.bawaba;
    await ctx.db.query(
      `update sale_orders set reserved_until = now() - interval '1 minute' where reference_no = $1::text`,
      [placed.reference_no],
    );
    const late = await new Payer(server).pay(placed.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    expect(late.statusCode).toBe(409);
    expect(await stockOf(dates.id)).toBe(2);
  });
});
