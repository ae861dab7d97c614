import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now as clockNow } from '../../src/schema/calendar';
import { kuwaitToday } from '../../src/server/payments/kuwait-time';
import { releaseExpiredOrders } from '../../src/server/sales/orders';
import type { StockRow } from '../../src/shared/stock-listing';
import { ACCOUNTS, Client } from './helpers/client';
import { Payer } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The stock listing (`GET /v1/sales/stock-listing`) after real orders from the storefront: each
 * product's stock left, the units unpaid orders hold while their hold runs, the units of paid
 * orders (a rejected one left out), and its mark (out of stock, low at or below its threshold);
 * searched, filtered by level, sorted and paged like any list, and the merchant's own only.
 */

type Values = Record<string, unknown>;

const day = (offset: number) => kuwaitToday(new Date(clockNow().getTime() + offset * 86_400_000));
const customer = { name: 'Noura Al-Mutairi', mobile: '96550004321' };
/** Every product of this file is found by this search, none of the demo's. */
const TAG = 'Stockcheck';

describe.each(DRIVERS)('the stock listing (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const products: Record<string, Values> = {};

  const listing = (params: Parameters<Client['list']>[1] = {}, client = merchant) =>
    client.list('/v1/sales/stock-listing', params);
  const mine = async (params: Parameters<Client['list']>[1] = {}): Promise<StockRow[]> => {
    const response = await listing({ ...params, filter: { q: TAG, ...(params.filter as Values) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const rowOf = async (name: string) => (await mine()).find((row) => row.id === products[name].id);

  const order = async (list: Values, items: { product_id: unknown; qty: number }[]) => {
    const placed = await new Client(server.app).post(`/v1/storefront/lists/${String(list.reference_no)}/orders`, {
      customer,
      items,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json() as { reference_no: string; reserved_until: string };
  };
  const orderId = async (reference: string) =>
    ((await merchant.list('/v1/sale/order', { filter: { q: reference } })).json() as { id: number }[])[0].id;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    for (const [name, stock, extra] of [
      ['Dates', 10, {}],
      ['Honey', 4, { low_stock_at: 2 }],
      ['Saffron', 1, {}],
      ['Lantern', 20, {}],
    ] as const) {
      const created = await merchant.post('/v1/products/', {
        title: `${TAG} ${name}`,
        title_ar: `${name} بالعربية`,
        price: '2.000',
        stock,
        ...extra,
      });
      expect(created.statusCode, created.body).toBe(201);
      products[name] = created.json();
    }
    const list = await merchant.post('/v1/sale/list', {
      name: 'Stock check',
      type: 'store',
      product_ids: Object.values(products).map((product) => product.id),
      start_date: day(-1),
      end_date: day(30),
    });
    expect(list.statusCode, list.body).toBe(201);
    const saleList = list.json();

    // Held: 2 dates and a honey, and the last saffron, unpaid.
    await order(saleList, [
      { product_id: products.Dates.id, qty: 2 },
      { product_id: products.Honey.id, qty: 1 },
    ]);
    await order(saleList, [{ product_id: products.Saffron.id, qty: 1 }]);
    // Sold: 3 dates, paid by wallet.
    const paid = await order(saleList, [{ product_id: products.Dates.id, qty: 3 }]);
    await new Payer(server).paid(paid.reference_no, { method: 'apple_pay' });
    // Neither: a date whose hold ran out and went back to the stock.
    const lapsed = await order(saleList, [{ product_id: products.Dates.id, qty: 1 }]);
    await server.app.bawaba.db.query(
      `update sale_orders set reserved_until = $2::timestamptz where reference_no = $1::text`,
      [lapsed.reference_no, new Date(clockNow().getTime() - 60_000).toISOString()],
    );
    expect(await releaseExpiredOrders(server.app.bawaba, clockNow())).toBe(1);
    // Neither: a honey paid, then rejected by the merchant (refunded; the unit stays out of the stock).
    const rejected = await order(saleList, [{ product_id: products.Honey.id, qty: 1 }]);
    await new Payer(server).paid(rejected.reference_no, { method: 'apple_pay' });
    const refusal = await merchant.post(`/v1/sale/order/${await orderId(rejected.reference_no)}/reject`, {
      reason: 'Damaged in the store',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
  });
  afterAll(() => server?.close());

  it("counts each product's stock left, reserved and sold from its orders, and marks the low ones", async () => {
    const rows = await mine();
    const byName = (name: string) => rows.find((row) => row.id === products[name].id);
    expect(byName('Dates')).toEqual({
      id: products.Dates.id,
      title: `${TAG} Dates`,
      title_ar: 'Dates بالعربية',
      stock: 5,
      low_stock_at: 5,
      reserved: 2,
      sold: 3,
      level: 'low',
    });
    expect(byName('Honey')).toMatchObject({ stock: 2, low_stock_at: 2, reserved: 1, sold: 0, level: 'low' });
    expect(byName('Saffron')).toMatchObject({ stock: 0, reserved: 1, sold: 0, level: 'out' });
    expect(byName('Lantern')).toMatchObject({ stock: 20, reserved: 0, sold: 0, level: 'ok' });
    // Fewest left first by default.
    expect(rows.map((row) => row.stock)).toEqual([0, 2, 5, 20]);
  });

  it('follows the product: a threshold the merchant sets, a hold that runs out', async () => {
    const { id, ...dates } = products.Dates;
    const changed = await merchant.put(`/v1/products/${String(id)}`, { ...dates, stock: 5, low_stock_at: 4 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rowOf('Dates')).toMatchObject({ stock: 5, low_stock_at: 4, level: 'ok' });
    // An hour on, the unpaid holds have run out: nothing is reserved, whether or not the scheduler came by.
    await server.app.bawaba.db.query(
      `update sale_orders set reserved_until = $1::timestamptz where payment_status = 'unpaid'`,
      [new Date(clockNow().getTime() - 60_000).toISOString()],
    );
    expect(await rowOf('Saffron')).toMatchObject({ stock: 0, reserved: 0, level: 'out' });
    expect(await rowOf('Dates')).toMatchObject({ reserved: 0, sold: 3 });
  });

  it('is searched, filtered by level, sorted and paged like any list', async () => {
    expect((await mine({ filter: { q: `${TAG} Lan` } })).map((row) => row.id)).toEqual([products.Lantern.id]);
    expect((await mine({ filter: { level: 'out' } })).map((row) => row.id)).toEqual([products.Saffron.id]);
    expect((await mine({ filter: { level: ['out', 'low'] } })).map((row) => row.id)).toEqual([
      products.Saffron.id,
      products.Honey.id,
    ]);
    expect((await mine({ sort: ['sold', 'DESC'] }))[0].id).toBe(products.Dates.id);
    expect((await mine({ sort: ['title', 'ASC'] })).map((row) => row.title)).toEqual(
      ['Dates', 'Honey', 'Lantern', 'Saffron'].map((name) => `${TAG} ${name}`),
    );

    const page = await listing({ filter: { q: TAG }, range: [1, 2], sort: ['stock', 'DESC'] });
    expect(page.headers['content-range']).toBe('stock_listing 1-2/4');
    expect(page.headers['x-total-count']).toBe('4');
    expect((page.json() as StockRow[]).map((row) => row.id)).toEqual([products.Dates.id, products.Honey.id]);

    const badSort = await listing({ sort: ['price', 'ASC'] });
    expect(badSort.statusCode).toBe(400);
    expect(Object.keys(badSort.json().errors)).toEqual(['sort']);
    const badLevel = await listing({ filter: { level: 'empty' } });
    expect(badLevel.statusCode).toBe(400);
    expect(Object.keys(badLevel.json().errors)).toEqual(['level']);
    expect((await listing({ filter: { colour: 'red' } })).statusCode).toBe(400);
  });

  it("shows a merchant its own products only, behind the product list's gate", async () => {
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const theirs = await listing({ filter: { q: TAG } }, vendor);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toEqual([]);
    const everything = (await listing({ range: [0, 499] }, vendor)).json() as StockRow[];
    expect(everything.filter((row) => Object.values(products).some((product) => product.id === row.id))).toEqual([]);

    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    expect((await listing({}, staff)).statusCode).toBe(403);
    expect((await listing({}, new Client(server.app))).statusCode).toBe(401);
  });

  it('is in the API document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const operation = document.paths['/v1/sales/stock-listing'].get;
    expect(operation).toMatchObject({ operationId: 'getSalesStockListing', tags: ['product'] });
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.items.properties)).toEqual([
      'id',
      'title',
      'title_ar',
      'image',
      'stock',
      'low_stock_at',
      'reserved',
      'sold',
      'level',
    ]);
  });
});
