import type { AddressInfo } from 'node:net';
import { fetchUtils, type DataProvider, type RaRecord } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The API as an off-the-shelf react-admin client sees it: ra-data-simple-rest, unmodified, with
 * react-admin's `fetchUtils.fetchJson` (react-admin re-exports ra-core's; imported from ra-core to
 * spare the test the UI library) and the bearer token passed as react-admin apps do, against the
 * server listening on a port. Every verb of the data provider on plain resources; encrypted ones
 * (`x-resource.encrypted`, the employees) take `{data}` bodies that a plain client cannot seal.
 */

describe.each(DRIVERS)('ra-data-simple-rest against the API (%s)', (driver) => {
  let server: TestServer;
  let api: string;
  let client: DataProvider;
  /** Headers of every answer, to check what a browser client would be allowed to read. */
  const answers: { url: string; headers: Headers }[] = [];

  beforeAll(async () => {
    server = await startServer(driver);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/v1`;
    const { json } = await fetchUtils.fetchJson(`${api}/login`, {
      method: 'POST',
      body: JSON.stringify(ACCOUNTS.merchant),
    });
    const token = (json as { access_token: string }).access_token;
    const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
      const response = await fetchUtils.fetchJson(url, {
        ...options,
        user: { authenticated: true, token: `Bearer ${token}` },
      });
      answers.push({ url, headers: response.headers });
      return response;
    };
    client = simpleRestProvider(api, httpClient);
  });
  afterAll(() => server?.close());

  it('lists with sort, filter and pagination, the total read from Content-Range', async () => {
    const sort = { field: 'title', order: 'ASC' as const };
    const first = await client.getList('products', { pagination: { page: 1, perPage: 4 }, sort, filter: {} });
    const second = await client.getList('products', { pagination: { page: 2, perPage: 4 }, sort, filter: {} });
    const all = await client.getList('products', { pagination: { page: 1, perPage: 100 }, sort, filter: {} });
    expect(first.data).toHaveLength(4);
    expect(first.total).toBe(all.data.length);
    expect([...first.data, ...second.data]).toEqual(all.data.slice(0, 8));
    const titles = all.data.map((product) => String(product.title));
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const list = answers.find(({ url }) => url.startsWith(`${api}/products?`));
    expect(list?.headers.get('content-range')).toMatch(/^product 0-3\/\d+$/);
    // A browser lets the client read Content-Range only when the answer exposes it.
    expect(list?.headers.get('access-control-expose-headers')).toContain('Content-Range');

    const searched = await client.getList('expense-categories', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'DESC' },
      filter: { status: 'active', type: 'maintenance' },
    });
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.data.every((row) => row.status === 'active' && row.type === 'maintenance')).toBe(true);

    const unpaid = await client.getList('invoice', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: ['unpaid', 'expired'] },
    });
    expect(unpaid.total).toBeGreaterThan(0);
    expect(unpaid.data.every((row) => ['unpaid', 'expired'].includes(String(row.status)))).toBe(true);
  });

  it('reads one record, several by id, and the records pointing at one', async () => {
    const { data: categories } = await client.getList('categories', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { type: 'product' },
    });
    const [a, b] = categories;
    expect((await client.getOne('categories', { id: a.id })).data).toEqual(a);
    const many = await client.getMany('categories', { ids: [a.id, b.id] });
    expect(many.data.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());

    const withProducts = await Promise.all(
      categories.map((category) =>
        client.getManyReference('products', {
          target: 'category_id',
          id: category.id,
          pagination: { page: 1, perPage: 2 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        }),
      ),
    );
    const used = withProducts.find((answer) => (answer.total ?? 0) > 0);
    expect(used?.data.length).toBeGreaterThan(0);
    expect(used?.data.every((product) => categories.some((category) => category.id === product.category_id))).toBe(
      true,
    );
    expect(used?.total).toBeGreaterThanOrEqual(used?.data.length ?? 0);
  });

  /** Creates, then saves the whole record as read with one field changed, as react-admin's edit form does. */
  async function createAndEdit(resource: string, values: Partial<RaRecord>, change: Partial<RaRecord>) {
    const { data: created } = await client.create(resource, { data: values });
    expect(created).toMatchObject(values);
    const { data: read } = await client.getOne(resource, { id: created.id });
    const { data: saved } = await client.update(resource, {
      id: read.id,
      data: { ...read, ...change },
      previousData: read,
    });
    expect(saved).toMatchObject({ ...change, id: read.id, created_at: read.created_at });
    expect((await client.getOne(resource, { id: read.id })).data).toEqual(saved);
    return saved;
  }

  it('creates, edits with the whole record, and deletes product categories and products', async () => {
    const category = await createAndEdit(
      'categories',
      { name: `Spices ${driver}`, name_ar: 'بهارات', type: 'product' },
      { name_ar: 'توابل' },
    );
    const product = await createAndEdit(
      'products',
      { title: 'Cardamom 50 g', title_ar: 'هيل ٥٠ غ', price: '1.750', category_id: category.id },
      { price: '1.900' },
    );
    expect((await client.delete('products', { id: product.id, previousData: product })).data).toMatchObject({
      id: product.id,
    });
    expect((await client.delete('categories', { id: category.id, previousData: category })).data.id).toBe(category.id);
    await expect(client.getOne('categories', { id: category.id })).rejects.toMatchObject({ status: 404 });
  });

  it('edits an invoice with every read-only field sent back, and changes none of them', async () => {
    // Shared by its link, so no message is delivered (and `sms_status` changed) while it is edited.
    const invoice = await createAndEdit(
      'invoice',
      { customer_name: 'Fahad Al-Mutairi', mobile: '96550001234', amount: '12.500', send_via: 'url' },
      { amount: '13.750' },
    );
    expect(invoice).toMatchObject({ status: 'unpaid', reference_no: expect.any(String) });
    // Read-only values that differ from the stored ones are ignored too.
    const { data: changed } = await client.update('invoice', {
      id: invoice.id,
      data: { ...invoice, status: 'paid', reference_no: 'FORGED', visited_count: 99, created_at: '2001-01-01' },
      previousData: invoice,
    });
    expect(changed).toMatchObject({
      status: 'unpaid',
      reference_no: invoice.reference_no,
      visited_count: invoice.visited_count,
      created_at: invoice.created_at,
    });
    await client.delete('invoice', { id: invoice.id, previousData: invoice });
  });

  it('updates and deletes many customers and expense categories', async () => {
    const family = { name: 'Al-Sabah household', mobile: '96550002222' };
    const created = await Promise.all(
      [1, 2].map(async () => (await client.create('customers', { data: family })).data),
    );
    const ids = created.map((customer) => customer.id);
    // simple-rest replaces each record with the same data: here the whole record, one field changed.
    const data = { ...created[0], notes: 'One account for the household' };
    expect((await client.updateMany('customers', { ids, data })).data).toEqual(ids);
    for (const id of ids) {
      expect((await client.getOne('customers', { id })).data).toMatchObject({ id, notes: data.notes });
    }
    expect((await client.deleteMany('customers', { ids })).data).toEqual(ids);

    const category = await createAndEdit(
      'expense-categories',
      { name: `Generator fuel ${driver}`, type: 'utilities' },
      { status: 'inactive' },
    );
    expect((await client.deleteMany('expense-categories', { ids: [category.id] })).data).toEqual([category.id]);
    const { data: left } = await client.getMany('customers', { ids });
    expect(left).toEqual([]);
  });
});
