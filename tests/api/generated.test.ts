import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../src/schema/types';
import { generatedColumns } from '../../src/server/storage/generated';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';
import { TEST_PUBLIC_URL } from './helpers/snapshot';

/**
 * Values the server fills from `x-generated`: references with the entity's own prefix, public links
 * to the page SPEC §2 gives each entity, a sub-merchant's code and keys — the same for demo rows
 * as for rows created through the API. Also: responses of a schema with conditionals serialise
 * without warnings, and the open invoice's customers are listed where SPEC §7 says.
 */

type Values = Record<string, unknown>;

const YEAR = new Date().getUTCFullYear();
const referenceOf = (prefix: string) => new RegExp(`^${prefix}-${YEAR}-\\d{6}$`);

describe.each(DRIVERS)('generated values (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  // Ajv's warnings of the response serialiser go to the console.
  const warn = vi.spyOn(console, 'warn');
  const log = vi.spyOn(console, 'log');

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
  });
  afterAll(async () => {
    await server?.close();
    warn.mockRestore();
    log.mockRestore();
  });

  const all = async (client: Client, path: string, filter: Values = {}): Promise<Values[]> => {
    const response = await client.list(path, { filter, range: [0, 199] });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const created = async (path: string, values: Values): Promise<Values> => {
    const response = await merchant.post(path, values);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  describe('references and links', () => {
    it('keeps the invoice reference and its /smspay link', async () => {
      const invoice = await created('/v1/invoice', {
        customer_name: 'Mishal Al-Ajmi',
        mobile: '96599887766',
        amount: '15.000',
      });
      expect(invoice.reference_no).toMatch(referenceOf('INV'));
      expect(invoice.payment_link).toBe(`${TEST_PUBLIC_URL}/smspay/${String(invoice.reference_no)}`);
    });

    it('links an open invoice to its checkout page, demo rows and new ones alike', async () => {
      const invoice = await created('/v1/open-invoice', {
        title: 'Annual membership',
        amount_type: 'fixed',
        amount: '35.000',
      });
      const rows = [invoice, ...(await all(merchant, '/v1/open-invoice'))];
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        expect(row.reference_no).toMatch(/^OPE-\d{4}-\d{6}$/);
        expect(row.payment_link).toBe(`${TEST_PUBLIC_URL}/open-invoice/checkout/${String(row.reference_no)}`);
      }
    });

    it('gives sale lists an SL reference and their /sale page, demo rows and new ones alike', async () => {
      const [product] = await all(merchant, '/v1/products/');
      const list = await created('/v1/sale/list', {
        name: 'Ramadan offers',
        type: 'store',
        product_ids: [product.id],
        start_date: '2026-03-01',
        end_date: '2026-04-15',
      });
      const rows = [list, ...(await all(merchant, '/v1/sale/list'))];
      for (const row of rows) {
        expect(row.reference_no).toMatch(/^SL-\d{4}-\d{6}$/);
        expect(row.sale_link).toBe(`${TEST_PUBLIC_URL}/sale/${String(row.reference_no)}`);
      }
      expect(list.reference_no).toMatch(referenceOf('SL'));
    });

    it('gives sale orders their own SO reference, distinct from the sale lists', async () => {
      const orders = await all(merchant, '/v1/sale/order');
      expect(orders.length).toBeGreaterThan(0);
      for (const order of orders) expect(order.reference_no).toMatch(/^SO-\d{4}-\d{6}$/);
      expect(new Set(orders.map((order) => order.reference_no)).size).toBe(orders.length);
    });
  });

  describe('sub-merchants', () => {
    const values = {
      name: 'Khairan Branch',
      name_ar: 'فرع الخيران',
      email: 'khairan@alnoor.com.kw',
      mobile: '99004455',
    };

    it('get a code, an access code and an IV key, and a secret key that is never returned', async () => {
      const first = await created('/v1/multi-vendor/merchants', values);
      const second = await created('/v1/multi-vendor/merchants', { ...values, name: 'Wafra Branch' });
      for (const row of [first, second]) {
        expect(row).toMatchObject({
          code: expect.stringMatching(/^SUB-\d{5}$/),
          access_code: expect.stringMatching(/^[0-9A-F]{20}$/),
          iv_key: expect.stringMatching(/^[0-9a-f]{32}$/),
          reference_number: referenceOf('MER'),
        });
        expect(row).not.toHaveProperty('secret_key');
        const shown = (await merchant.get(`/v1/multi-vendor/merchants/${String(row.id)}`)).json();
        expect(shown).toMatchObject({ code: row.code, access_code: row.access_code, iv_key: row.iv_key });
        expect(shown).not.toHaveProperty('secret_key');
      }
      expect(second.code).not.toBe(first.code);
      expect(second.access_code).not.toBe(first.access_code);
      expect(second.iv_key).not.toBe(first.iv_key);

      // The secret is kept, for the gateway, and differs per sub-merchant.
      const stored = await server.app.bawaba.db.query<{ secret_key: string }>(
        `select secret_key from sub_merchants where id in ($1::integer, $2::integer) order by id`,
        [first.id, second.id],
      );
      expect(stored.map((row) => row.secret_key)).toEqual([
        expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      ]);
      expect(stored[0].secret_key).not.toBe(stored[1].secret_key);
    });

    it('keep their code and keys through an update, which cannot set them', async () => {
      const row = await created('/v1/multi-vendor/merchants', { ...values, name: 'Sabah Al-Salem Branch' });
      // Sent back with a replace, a generated value is ignored, never written.
      const ignored = await merchant.put(`/v1/multi-vendor/merchants/${String(row.id)}`, { ...values, code: 'MINE' });
      expect(ignored.statusCode).toBe(200);
      expect(ignored.json().code).toBe(row.code);
      const saved = await merchant.put(`/v1/multi-vendor/merchants/${String(row.id)}`, {
        ...values,
        name: 'Sabah Branch',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ name: 'Sabah Branch', code: row.code, access_code: row.access_code });
      const [{ secret_key }] = await server.app.bawaba.db.query<{ secret_key: string | null }>(
        `select secret_key from sub_merchants where id = $1::integer`,
        [row.id],
      );
      expect(secret_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('look the same in the demo data', async () => {
      for (const client of [merchant, vendor]) {
        const rows = await all(client, '/v1/multi-vendor/merchants');
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row.code).toMatch(/^SUB-\d{5}$/);
          expect(row.access_code).toMatch(/^[0-9A-F]{20}$/);
          expect(row.iv_key).toMatch(/^[0-9a-f]{32}$/);
          expect(row).not.toHaveProperty('secret_key');
        }
      }
    });
  });

  describe('schema checks at start', () => {
    const entity = (generated: unknown): EntitySchema => ({
      $id: 'ticket',
      title: 'Ticket',
      type: 'object',
      'x-resource': { table: 'tickets', endpoint: '/tickets', routes: { list: '/tickets' } },
      'x-list': { columns: [], filters: [], sort: ['id', 'ASC'] },
      properties: {
        reference_no: { type: 'string', readOnly: true, 'x-generated': { reference: 'TK' } },
        title: { type: 'string' },
        link: { type: 'string', readOnly: true, 'x-generated': generated as string },
      },
    });

    it('accept a prefix and a link to numbered generated values, numbered ones first', () => {
      const columns = generatedColumns(entity({ link: '/ticket/{reference_no}' }));
      expect(columns.map(({ column, option }) => [column, option])).toEqual([
        ['reference_no', 'TK'],
        ['link', '/ticket/{reference_no}'],
      ]);
    });

    it('refuse unknown generators, bad prefixes and links to values not generated first', () => {
      expect(() => generatedColumns(entity('serial'))).toThrow(/Unknown x-generated value "serial"/);
      expect(() => generatedColumns(entity({ reference: 'so' }))).toThrow(/prefix "so"/);
      expect(() => generatedColumns(entity({ link: '/ticket/{title}' }))).toThrow(/names "title"/);
      expect(() => generatedColumns(entity({ link: 'ticket' }))).toThrow(/needs a path/);
      expect(() => generatedColumns(entity({ reference: 'A', link: '/x' }))).toThrow(/one generator/);
      expect(() => generatedColumns(entity({ access_code: 'X' }))).toThrow(/takes no option/);
    });
  });

  describe('open invoice responses', () => {
    it('serialise a schema with conditionals without warning of our formats', async () => {
      const [row] = await all(merchant, '/v1/open-invoice');
      const one = await merchant.get(`/v1/open-invoice/${String(row.id)}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: row.id, amount_type: expect.any(String) });
      const messages = [...warn.mock.calls, ...log.mock.calls].map((call) => call.map(String).join(' '));
      expect(messages.filter((message) => /unknown format/.test(message))).toEqual([]);
    });
  });

  describe('open invoice customers', () => {
    it("list the merchant's customers at /open-invoice/customers, under the customers' gate", async () => {
      const aliased = await merchant.list('/v1/open-invoice/customers', { range: [0, 499] });
      expect(aliased.statusCode, aliased.body).toBe(200);
      const customers = await merchant.list('/v1/customers', { range: [0, 499] });
      expect(totalOf(aliased)).toBeGreaterThan(0);
      expect(totalOf(aliased)).toBe(totalOf(customers));
      expect(aliased.json()).toEqual(customers.json());

      // Another merchant's list holds none of them.
      const theirs = await all(vendor, '/v1/open-invoice/customers');
      const mine = new Set((aliased.json() as Values[]).map((row) => row.id));
      expect(theirs.filter((row) => mine.has(row.id))).toEqual([]);

      expect((await new Client(server.app).list('/v1/open-invoice/customers')).statusCode).toBe(401);
    });
  });
});
