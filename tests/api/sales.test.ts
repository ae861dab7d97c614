import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFils } from '../../src/shared/money';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

type Values = Record<string, unknown>;

const ORDER_STATUSES = ['waiting', 'in_process', 'ready_to_ship', 'shipped', 'delivered', 'rejected'];

describe.each(DRIVERS)('sales: categories, sales lists, orders and their status (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
  });
  afterAll(() => server?.close());

  const all = async (path: string, filter: Values = {}): Promise<Values[]> =>
    (await merchant.list(path, { filter, range: [0, 199] })).json();

  /** A demo order in `status`, the most recent first. */
  const orderIn = async (status: string) => (await all('/v1/sale/order', { status }))[0];

  describe('demo data', () => {
    it('has product and sales categories in English and Arabic, and products tied to product categories', async () => {
      const categories = await all('/v1/categories');
      expect(new Set(categories.map((category) => category.type))).toEqual(new Set(['product', 'sales']));
      for (const category of categories) expect(category.name_ar).toMatch(/[\u0600-\u06FF]/);
      const productCategories = new Set(categories.filter((c) => c.type === 'product').map((c) => c.id));
      const products = await all('/v1/products/');
      expect(products.length).toBe(15);
      for (const product of products) expect(productCategories.has(product.category_id)).toBe(true);
    });

    it('has sales lists of at most 6 months with products, sale links and every status', async () => {
      const lists = await all('/v1/sale/list');
      expect(lists.length).toBeGreaterThanOrEqual(4);
      expect(new Set(lists.map((list) => list.status))).toEqual(new Set(['active', 'inactive', 'expired']));
      for (const list of lists) {
        expect((list.product_ids as number[]).length).toBeGreaterThan(0);
        expect(list.sale_link).toBe(`https://pay.example.test/sale/${String(list.reference_no)}`);
        const months = (Date.parse(String(list.end_date)) - Date.parse(String(list.start_date))) / (30.5 * 86_400_000);
        expect(months).toBeLessThanOrEqual(6);
      }
    });

    it('has about 40 orders in every status whose totals add up', async () => {
      const orders = await all('/v1/sale/order');
      expect(orders.length).toBeGreaterThanOrEqual(36);
      expect(new Set(orders.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
      for (const order of orders) {
        const items = order.items as { qty: number; price: string }[];
        const sum = items.reduce((total, item) => total + (toFils(item.price) ?? 0n) * BigInt(item.qty), 0n);
        expect(toFils(String(order.sub_total))).toBe(sum);
        const fils = (name: string) => toFils(String(order[name])) ?? 0n;
        expect(fils('grand_total')).toBe(fils('sub_total') - fils('discount') + fils('service_charge'));
        expect(String(order.customer_mobile)).toMatch(/^965\d{8}$/);
      }
    });

    it('has e-mail templates in both languages, POS terminals in every status and customers', async () => {
      const templates = await all('/v1/sale/email-template');
      expect(templates.length).toBe(3);
      expect(templates.filter((template) => template.is_default).length).toBe(1);
      for (const template of templates) expect(template.body_ar).toMatch(/[\u0600-\u06FF]/);

      const terminals = await all('/v1/pos/terminals');
      expect(terminals.length).toBe(5);
      expect(new Set(terminals.map((terminal) => terminal.status))).toEqual(
        new Set(['active', 'inactive', 'suspended']),
      );
      const subscriptions = await all('/v1/pos/subscriptions');
      expect(new Set(subscriptions.map((subscription) => subscription.status))).toEqual(
        new Set(['active', 'expired', 'cancelled']),
      );

      const customers = await merchant.list('/v1/customers', { range: [0, 0] });
      expect(totalOf(customers)).toBe(60);
      const arabic = (await merchant.list('/v1/customers', { filter: { q: 'العتيبي' } })).json();
      expect(arabic.length).toBeGreaterThan(0);
    });
  });

  describe('order status', () => {
    it('moves an order along waiting → in process → ready to ship → shipped → delivered', async () => {
      const order = await orderIn('waiting');
      for (const [action, status] of [
        ['process', 'in_process'],
        ['ready', 'ready_to_ship'],
        ['ship', 'shipped'],
        ['deliver', 'delivered'],
      ]) {
        const response = await merchant.post(`/v1/sale/order/${String(order.id)}/${action}`);
        expect(response.statusCode, action).toBe(200);
        expect(response.json()).toMatchObject({ id: order.id, status });
      }
      expect((await merchant.get(`/v1/sale/order/${String(order.id)}`)).json().status).toBe('delivered');
    });

    it('refuses an action the current status does not allow with 409, naming the status, and changes nothing', async () => {
      const order = await orderIn('waiting');
      const english = await merchant.post(`/v1/sale/order/${String(order.id)}/deliver`);
      expect(english.statusCode).toBe(409);
      expect(english.json().message).toContain('Waiting');
      const arabic = await merchant.post(`/v1/sale/order/${String(order.id)}/ship`, undefined, { locale: 'ar' });
      expect(arabic.statusCode).toBe(409);
      expect(arabic.json().message).toContain('قيد الانتظار');
      expect((await merchant.get(`/v1/sale/order/${String(order.id)}`)).json().status).toBe('waiting');

      const delivered = await orderIn('delivered');
      const late = await merchant.post(`/v1/sale/order/${String(delivered.id)}/reject`, { reason: 'Out of stock' });
      expect(late.statusCode).toBe(409);
    });

    it('rejects a waiting or in-process order, saying why', async () => {
      for (const status of ['waiting', 'in_process']) {
        const order = await orderIn(status);
        const unexplained = await merchant.post(`/v1/sale/order/${String(order.id)}/reject`);
        expect(unexplained.statusCode).toBe(400);
        const response = await merchant.post(`/v1/sale/order/${String(order.id)}/reject`, { reason: 'Out of stock' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Out of stock' });
      }
    });

    it('offers no create, edit or delete of orders, which come from the checkout', async () => {
      const order = await orderIn('shipped');
      expect((await merchant.post('/v1/sale/order', {})).statusCode).toBe(405);
      expect((await merchant.put(`/v1/sale/order/${String(order.id)}`, {})).statusCode).toBe(405);
      expect((await merchant.delete(`/v1/sale/order/${String(order.id)}`)).statusCode).toBe(405);
    });

    it('keeps orders from employees without the sales permission', async () => {
      const order = await orderIn('shipped');
      expect((await staff.list('/v1/sale/order')).statusCode).toBe(403);
      expect((await staff.post(`/v1/sale/order/${String(order.id)}/deliver`)).statusCode).toBe(403);
      expect((await merchant.get(`/v1/sale/order/${String(order.id)}`)).json().status).toBe('shipped');
    });
  });

  describe('rules', () => {
    it('refuses a sales list without a product: "choose at least one product"', async () => {
      const [product] = await all('/v1/products/');
      const list = {
        name: 'Weekend market',
        type: 'event',
        product_ids: [product.id],
        start_date: '2026-05-01',
        end_date: '2026-06-30',
      };
      const created = await merchant.post('/v1/sale/list', list);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ ...list, status: 'active', reference_no: expect.any(String) });

      const empty = await merchant.post('/v1/sale/list', { ...list, product_ids: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ product_ids: 'choose at least one product' });
      const arabic = await merchant.post('/v1/sale/list', { ...list, product_ids: [] }, { locale: 'ar' });
      expect(arabic.json().errors).toEqual({ product_ids: 'اختر منتجًا واحدًا على الأقل' });

      const long = await merchant.post('/v1/sale/list', { ...list, end_date: '2026-11-02' });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json().errors)).toEqual(['end_date']);
    });

    it('keeps category names unique within product and within sales categories', async () => {
      const category = { name: 'Honey', name_ar: 'عسل', type: 'product' };
      expect((await merchant.post('/v1/categories', category)).statusCode).toBe(201);
      const again = await merchant.post('/v1/categories', { ...category, name: ' HONEY ' });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors).toEqual({ name: 'category name is duplicated' });
      expect((await merchant.post('/v1/categories', { ...category, type: 'sales' })).statusCode).toBe(201);
    });

    it('gives a product only a product category of the merchant', async () => {
      const categories = await all('/v1/categories');
      const sales = categories.find((category) => category.type === 'sales');
      const product = { title: 'Honey jar', title_ar: 'برطمان عسل', price: '4.000' };
      const refused = await merchant.post('/v1/products/', { ...product, category_id: sales?.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ category_id: 'Choose a product category' });
      expect((await merchant.post('/v1/products/', { ...product, category_id: 999_999 })).statusCode).toBe(400);
    });

    it('limits a terminal subscription to one year and lets it be cancelled once', async () => {
      const [terminal] = await all('/v1/pos/terminals', { status: 'active' });
      const subscription = {
        terminal_id: terminal.id,
        plan: 'premium',
        monthly_charge: '12.000',
        start_date: '2026-02-01',
        end_date: '2027-02-01',
      };
      const created = await merchant.post('/v1/pos/subscriptions', subscription);
      expect(created.statusCode).toBe(201);
      const long = await merchant.post('/v1/pos/subscriptions', { ...subscription, end_date: '2027-02-02' });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json().errors)).toEqual(['end_date']);

      const path = `/v1/pos/subscriptions/${String(created.json().id)}/cancel`;
      expect((await merchant.post(path)).json().status).toBe('cancelled');
      expect((await merchant.post(path)).statusCode).toBe(409);
    });

    it('edits a customer and checks the mobile number', async () => {
      const [customer] = await all('/v1/customers');
      const { id, total_paid, invoices_count, created_at, updated_at, ...writable } = customer;
      const updated = await merchant.put(`/v1/customers/${String(id)}`, { ...writable, address: 'Block 2, Salmiya' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ address: 'Block 2, Salmiya', total_paid, invoices_count, created_at });
      expect(updated_at).toBeDefined();
      const short = await merchant.put(`/v1/customers/${String(id)}`, { ...writable, mobile: '965500' });
      expect(short.json().errors).toEqual({
        mobile: 'Mobile number must have at least 11 digits including the country code',
      });
    });
  });
});
