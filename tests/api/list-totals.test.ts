import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/schema/calendar';
import { currentDay } from '../../src/schema/listDateRange';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { REPORT, reportSchema } from '../support/report-schema';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * `GET <endpoint>/totals`: the count and money sums of a list's rows for its filters, date range,
 * view and gates, summed exactly, and never counting another merchant's rows.
 */

const URL = '/v1/test/settlements';
const today = currentDay();
const noon = (offset: number) => `${addDays(today, offset)}T12:00:00Z`;
const range = (days: number) => ({ created_at_gte: addDays(today, 1 - days), created_at_lte: today });

/** The test report, with a totals row. */
const withTotals: EntitySchema = { ...reportSchema, 'x-list': { ...reportSchema['x-list'], totals: true } };

const OURS = [
  // Binary floats would make these 0.30000000000000004.
  { reference_no: 'TOT-001', amount: '0.100', status: 'success', created_at: noon(0) },
  { reference_no: 'TOT-002', amount: '0.200', status: 'success', created_at: noon(-1) },
  { reference_no: 'TOT-003', amount: '12.345', status: 'incomplete', created_at: noon(-2) },
  { reference_no: 'TOT-004', amount: '1000.000', status: 'failed', created_at: noon(-60) },
];
const THEIRS = [{ reference_no: 'TOT-901', amount: '500.000', status: 'success', created_at: noon(0) }];

describe.each(DRIVERS)('list totals (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let vendor: Client;

  const totals = (client: Client, filter: Record<string, unknown>, locale?: 'en' | 'ar') =>
    client.get(`${URL}/totals`, { query: { filter: JSON.stringify(filter) }, ...(locale ? { locale } : {}) });

  beforeAll(async () => {
    server = await startServer(driver, { entities: [...Object.values(entitySchemas), withTotals] });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const { db, stores } = server.app.bawaba;
    const store = stores.get(REPORT);
    if (!store) throw new Error('The test report is not served');
    const ours = await merchantIdOf(server, ACCOUNTS.merchant.email);
    const theirs = await merchantIdOf(server, ACCOUNTS.vendor.email);
    expect(theirs).not.toBe(ours);
    await db.transaction(async (tx) => {
      for (const { created_at, ...values } of OURS) await store.create(tx, ours, values, { created_at });
      for (const { created_at, ...values } of THEIRS) await store.create(tx, theirs, values, { created_at });
    });
  });
  afterAll(() => server?.close());

  it('counts and sums exactly the rows of the list, as exact decimals', async () => {
    const response = await totals(merchant, range(30));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 3, sums: { amount: '12.645' } });
    const list = await merchant.list(URL, { filter: range(30) });
    expect(list.json()).toHaveLength(3);
    expect((await totals(merchant, { ...range(30), status: 'success' })).json()).toEqual({
      count: 2,
      sums: { amount: '0.300' },
    });
  });

  it('answers zeros for no rows', async () => {
    const response = await totals(merchant, { ...range(30), q: 'nothing-like-this' });
    expect(response.json()).toEqual({ count: 0, sums: { amount: '0.000' } });
  });

  it("never counts another merchant's rows", async () => {
    expect((await totals(vendor, range(30))).json()).toEqual({ count: 1, sums: { amount: '500.000' } });
    expect((await totals(merchant, range(1))).json()).toEqual({ count: 1, sums: { amount: '0.100' } });
  });

  it('applies the date range rule of the list, in both languages', async () => {
    const long = await totals(merchant, { created_at_gte: addDays(today, -400), created_at_lte: today });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The date range must be at most 6 months');
    const arabic = await totals(merchant, {}, 'ar');
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toBe('يرجى اختيار التاريخ');
  });

  it("keeps the list's gates: a view's own, and the entity's", async () => {
    expect((await totals(staff, range(30))).statusCode).toBe(403);
    const view = await totals(staff, { view: 'incomplete', ...range(7) });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ count: 1, sums: { amount: '12.345' } });
  });

  it('is documented beside the list, for the lists that have totals only', async () => {
    const { paths } = (await merchant.get('/v1/openapi.json')).json();
    expect(paths[`${URL}/totals`].get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'sums',
    );
    expect(paths['/v1/report/transactions/totals']).toBeDefined();
    expect(paths['/v1/faq/totals']).toBeUndefined();
  });
});
