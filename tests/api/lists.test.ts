import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/schema/calendar';
import { currentDay } from '../../src/schema/listDateRange';
import { entitySchemas } from '../../src/schema/registry';
import { setService } from '../../src/server/merchants/merchants';
import { REPORT, reportSchema } from '../support/report-schema';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer, merchantIdOf } from './helpers/server';

/**
 * The list keywords of `x-resource` and `x-list` on the API: `operations` (a report is list and
 * show only), `views` (a fixed filter, a route parameter, gates of their own, a stricter date
 * range) and `x-list.dateRange` (SPEC §5: "a date range must be selected", at most 6 months,
 * incomplete transactions only within the last 7 days). Served from a test-only schema.
 */

const URL = '/v1/test/settlements';
const today = currentDay();
const day = (offset: number) => addDays(today, offset);
/** Noon (UTC), `offset` days from today. */
const noon = (offset: number) => `${day(offset)}T12:00:00Z`;

const ROWS = [
  { reference_no: 'SET-001', amount: '12.500', status: 'success', terminal_id: 1, created_at: noon(0) },
  { reference_no: 'SET-002', amount: '3.250', status: 'incomplete', terminal_id: 1, created_at: noon(-2) },
  { reference_no: 'SET-003', amount: '7.000', status: 'incomplete', terminal_id: 2, created_at: noon(-10) },
  { reference_no: 'SET-004', amount: '40.000', status: 'failed', terminal_id: 2, created_at: noon(-40), on_hold: true },
  { reference_no: 'SET-005', amount: '1.000', status: 'success', terminal_id: 2, created_at: noon(-200) },
  // Late in the evening: still that day for a filter of bare dates.
  {
    reference_no: 'SET-006',
    amount: '9.900',
    status: 'success',
    terminal_id: 1,
    created_at: `${day(-3)}T23:30:00Z`,
  },
];

const lastDays = (count: number) => ({ created_at_gte: day(1 - count), created_at_lte: today });
const references = (rows: { reference_no: string }[]) => rows.map((row) => row.reference_no).sort();

describe.each(DRIVERS)('list keywords: operations, views and date ranges (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let merchantId: number;

  beforeAll(async () => {
    server = await startServer(driver, { entities: [...Object.values(entitySchemas), reportSchema] });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    const { db, stores } = server.app.bawaba;
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    const store = stores.get(REPORT);
    if (!store) throw new Error('The test report is not served');
    await db.transaction(async (tx) => {
      for (const { created_at, ...values } of ROWS) await store.create(tx, merchantId, values, { created_at });
    });
  });
  afterAll(() => server?.close());

  describe('operations', () => {
    it('serves the list and one record', async () => {
      const list = await merchant.list(URL, { filter: lastDays(30) });
      expect(list.statusCode).toBe(200);
      const one = await merchant.get(`${URL}/${list.json()[0].id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().reference_no).toMatch(/^SET-/);
    });

    it('answers 405 for what a report does not offer, naming what it does, in both languages', async () => {
      const create = await merchant.post(URL, { reference_no: 'SET-999', amount: '1.000' });
      expect(create.statusCode).toBe(405);
      expect(create.headers.allow).toBe('GET');
      expect(create.json()).toEqual({ message: 'This action is not available here' });
      const [first] = (await merchant.list(URL, { filter: lastDays(30) })).json();
      const update = await merchant.put(`${URL}/${first.id}`, { reference_no: 'X', amount: '1.000' }, { locale: 'ar' });
      expect(update.statusCode).toBe(405);
      expect(update.json()).toEqual({ message: 'هذا الإجراء غير متاح هنا' });
      expect((await merchant.delete(`${URL}/${first.id}`)).statusCode).toBe(405);
      expect((await merchant.get(`${URL}/${first.id}`)).statusCode).toBe(200);
    });

    it('documents only the routes it serves', async () => {
      const { paths } = (await merchant.get('/v1/openapi.json')).json();
      expect(Object.keys(paths[URL])).toEqual(['get']);
      expect(Object.keys(paths[`${URL}/{id}`])).toEqual(['get']);
      expect(paths[URL].get.description).toMatch(/created_at_gte.*created_at_lte.*6 month/);
      expect(paths[URL].get.description).toMatch(/`incomplete`/);
      expect(Object.keys(paths['/v1/invoice'])).toEqual(['get', 'post']);
    });
  });

  describe('x-list.dateRange', () => {
    it('answers "Please select the date" without a range, in both languages', async () => {
      const english = await merchant.list(URL, {});
      expect(english.statusCode).toBe(400);
      expect(english.json()).toEqual({
        message: 'Please select the date',
        errors: { created_at_gte: 'Please select the date' },
      });
      const arabic = await merchant.list(URL, { filter: { created_at_gte: day(-5) } }, { locale: 'ar' });
      expect(arabic.json()).toEqual({
        message: 'يرجى اختيار التاريخ',
        errors: { created_at_lte: 'يرجى اختيار التاريخ' },
      });
    });

    it('refuses a range longer than 6 months, or ending before it starts', async () => {
      const long = await merchant.list(URL, {
        filter: { created_at_gte: addMonths(day(-1), -6), created_at_lte: today },
      });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({
        message: 'The date range must be at most 6 months',
        errors: { created_at_lte: 'The date range must be at most 6 months' },
      });
      const reversed = await merchant.list(URL, { filter: { created_at_gte: today, created_at_lte: day(-1) } });
      expect(reversed.json().message).toBe('The end date must be on or after the start date');
    });

    it('lists exactly 6 months, bare dates covering whole days', async () => {
      const sixMonths = await merchant.list(URL, {
        filter: { created_at_gte: addMonths(today, -6), created_at_lte: today },
      });
      expect(sixMonths.statusCode).toBe(200);
      expect(references(sixMonths.json())).toEqual(['SET-001', 'SET-002', 'SET-003', 'SET-004', 'SET-006']);
      const oneDay = await merchant.list(URL, { filter: { created_at_gte: day(-3), created_at_lte: day(-3) } });
      expect(references(oneDay.json())).toEqual(['SET-006']);
    });

    it('takes date-times too, and checks them by their day', async () => {
      const response = await merchant.list(URL, {
        filter: { created_at_gte: `${day(-2)}T00:00:00Z`, created_at_lte: `${today}T23:59:59Z` },
      });
      expect(response.statusCode).toBe(200);
      expect(references(response.json())).toEqual(['SET-001', 'SET-002']);
      const bad = await merchant.list(URL, { filter: { created_at_gte: 'yesterday', created_at_lte: today } });
      expect(bad.json().errors).toEqual({ created_at_gte: 'Please select the date' });
    });

    it('needs no range to fetch given records', async () => {
      const [first] = (await merchant.list(URL, { filter: lastDays(30) })).json();
      const response = await merchant.list(URL, { filter: { id: [first.id] } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(1);
    });
  });

  describe('views', () => {
    it('apply their fixed filter, whatever else is sent', async () => {
      const response = await merchant.list(URL, { filter: { view: 'incomplete', status: 'success', ...lastDays(7) } });
      expect(response.statusCode).toBe(200);
      expect(references(response.json())).toEqual(['SET-002']);
      expect(totalOf(response)).toBe(1);
    });

    it('apply their own date range: starting at most 7 days ago, ending at most 7 days later', async () => {
      const old = await merchant.list(URL, {
        filter: { view: 'incomplete', created_at_gte: day(-8), created_at_lte: day(-5) },
      });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({
        message: 'Choose a date within the last 7 days',
        errors: { created_at_gte: 'Choose a date within the last 7 days' },
      });
      const long = await merchant.list(URL, {
        filter: { view: 'incomplete', created_at_gte: day(-7), created_at_lte: day(1) },
      });
      expect(long.json().message).toBe('The date range must be at most 7 days');
      const arabic = await merchant.list(URL, { filter: { view: 'incomplete', ...lastDays(30) } }, { locale: 'ar' });
      expect(arabic.json().message).toBe('اختر تاريخًا ضمن آخر 7 أيام');
      // The same range is fine on the report's own list (at most 6 months).
      expect((await merchant.list(URL, { filter: { status: 'incomplete', ...lastDays(30) } })).json()).toHaveLength(2);
    });

    it('take the value of a route parameter from the caller, and require it', async () => {
      const missing = await merchant.list(URL, { filter: { view: 'terminal', ...lastDays(30) } });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().errors)).toEqual(['terminal_id']);
      const terminal = await merchant.list(URL, { filter: { view: 'terminal', terminal_id: 2, ...lastDays(60) } });
      expect(references(terminal.json())).toEqual(['SET-003', 'SET-004']);
      // Without a date range of their own, views keep the report's.
      expect((await merchant.list(URL, { filter: { view: 'terminal', terminal_id: 2 } })).statusCode).toBe(400);
    });

    it('refuse a name the schema does not give', async () => {
      const response = await merchant.list(URL, { filter: { view: 'everything', ...lastDays(7) } });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['view']);
    });

    it("have their own permission, else the report's", async () => {
      expect((await staff.list(URL, { filter: lastDays(7) })).statusCode).toBe(403);
      const incomplete = await staff.list(URL, { filter: { view: 'incomplete', ...lastDays(7) } });
      expect(incomplete.statusCode).toBe(200);
      expect(references(incomplete.json())).toEqual(['SET-002']);
      const terminal = await staff.list(URL, { filter: { view: 'terminal', terminal_id: 1, ...lastDays(7) } });
      expect(terminal.statusCode).toBe(403);
      expect(terminal.json()).toEqual({ message: 'You do not have permission to do this' });
    });

    it('have their own service gate', async () => {
      const onHold = () => merchant.list(URL, { filter: { view: 'on_hold', ...lastDays(60) } });
      expect(references((await onHold()).json())).toEqual(['SET-004']);
      await setService(server.app.bawaba.db, merchantId, 'pos_terminal', false);
      try {
        const refused = await onHold();
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: 'Service not fully enabled, please contact support' });
        expect((await merchant.list(URL, { filter: lastDays(60) })).statusCode).toBe(200);
      } finally {
        await setService(server.app.bawaba.db, merchantId, 'pos_terminal', true);
      }
    });
  });
});
