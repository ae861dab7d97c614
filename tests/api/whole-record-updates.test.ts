import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { multipart, PNG } from './helpers/files';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * A replace may send the whole record back as it was read (react-admin's edit form does): its
 * read-only fields are ignored — never written, whatever value they carry — in plain, multipart
 * and encrypted bodies and on the merchant's own record. Everything else stays as strict: unknown
 * fields and `merchant_id` are refused, and a create still refuses read-only fields.
 */

type Row = Record<string, unknown> & { id: number };

describe.each(DRIVERS)('updates with the whole record (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const first = async (url: string) => (await merchant.list(url, { range: [0, 0] })).json<Row[]>()[0];

  it('ignores the read-only fields of a plain body, even changed ones, and writes the rest', async () => {
    const customer = await first('/v1/customers');
    const sent = { ...customer, notes: 'Prefers WhatsApp', total_paid: '999.000', invoices_count: 77, id: 424242 };
    const response = await merchant.put(`/v1/customers/${customer.id}`, sent);
    expect(response.statusCode).toBe(200);
    const { updated_at: _updated, ...unchanged } = customer;
    expect(response.json()).toMatchObject({ ...unchanged, notes: 'Prefers WhatsApp' });
    expect((await merchant.get(`/v1/customers/${customer.id}`)).json()).toEqual(response.json());
    expect((await merchant.get('/v1/customers/424242')).statusCode).toBe(404);
  });

  it('still refuses unknown fields and the merchant scope in an update, and read-only fields in a create', async () => {
    const customer = await first('/v1/customers');
    const foreign = await merchant.put(`/v1/customers/${customer.id}`, { ...customer, merchant_id: 2 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ merchant_id: 'This field is not allowed' });
    const unknown = await merchant.put(`/v1/customers/${customer.id}`, { ...customer, loyalty_tier: 'gold' });
    expect(unknown.json().errors).toEqual({ loyalty_tier: 'This field is not allowed' });
    const { id: _id, ...copy } = customer;
    const create = await merchant.post('/v1/customers', copy);
    expect(create.statusCode).toBe(400);
    expect(Object.keys(create.json().errors).sort()).toEqual([
      'created_at',
      'invoices_count',
      'total_paid',
      'updated_at',
    ]);
  });

  it('ignores them in the record part of a multipart update', async () => {
    const product = await first('/v1/products');
    const { body, contentType } = multipart({
      record: JSON.stringify({ ...product, stock: 12, created_at: '2001-02-03T04:05:06.000Z' }),
      image: { filename: 'dates.png', contentType: 'image/png', bytes: PNG },
    });
    const response = await merchant.request('PUT', `/v1/products/${product.id}`, {
      body,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: product.id, stock: 12, created_at: product.created_at });
    expect(response.json().image).toMatch(/\/v1\/files\//);
  });

  it('ignores them in the decrypted data of an encrypted update', async () => {
    const employee = (await merchant.get('/v1/employees', { query: { data: await merchant.encrypt({}) } })).json<
      Row[]
    >()[0];
    const forged = { ...employee, name: 'Mariam Al-Kandari', two_factor_enabled: true, user_id: 424242 };
    const response = await merchant.put(`/v1/employees/${employee.id}`, { data: await merchant.encrypt(forged) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Mariam Al-Kandari',
      two_factor_enabled: employee.two_factor_enabled,
      user_id: employee.user_id,
    });
  });

  it("ignores them on the merchant's own record", async () => {
    const profile = (await merchant.get('/v1/profile/merchant')).json<Row>();
    const sent = { ...profile, name: 'Al Noor Trading', access_code: 'FORGED', code: 'M99999' };
    const response = await merchant.put('/v1/profile/merchant', sent);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Al Noor Trading',
      access_code: profile.access_code,
      code: profile.code,
    });
  });
});
