import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/schema/calendar';
import { currentDay } from '../../src/schema/listDateRange';
import { entitySchemas } from '../../src/schema/registry';
import { REPORT, reportSchema } from '../support/report-schema';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer, merchantIdOf } from './helpers/server';

/**
 * `GET <endpoint>/export`: the CSV file of a whole list (issue 5, "a CSV export of the 1,000,000
 * transactions: it must stream"). Same gates, merchant scope, filter, views and sort as the list;
 * read in keyset batches (two rows each here, so every export spans several); a date range of any
 * length, or none, unless the list only reaches back some days.
 */

const URL = '/v1/test/settlements';
const EXPORT = `${URL}/export`;
const today = currentDay();
const day = (offset: number) => addDays(today, offset);
const noon = (offset: number) => `${day(offset)}T12:00:00Z`;

const ROWS = [
  { reference_no: 'SET-001', amount: '12.500', status: 'success', terminal_id: 1, created_at: noon(0) },
  { reference_no: '=HYPERLINK("http://evil.test")', amount: '3.250', status: 'incomplete', created_at: noon(-2) },
  { reference_no: 'Sara, "Q8"', amount: '7.000', status: 'incomplete', terminal_id: 2, created_at: noon(-10) },
  { reference_no: 'SET-004', amount: '40.000', status: 'failed', terminal_id: 2, created_at: noon(-40), on_hold: true },
  { reference_no: 'SET-005', amount: '1.000', status: 'success', created_at: noon(-300) },
  { reference_no: 'SET-006', amount: '7.000', status: 'success', terminal_id: 1, created_at: noon(-3) },
  { reference_no: 'SET-007', amount: '0.500', status: 'incomplete', created_at: noon(-1) },
];

/** A value as the export writes it: a would-be formula behind an apostrophe. */
const neutralised = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

/** Rows of a CSV text (RFC 4180), the header first. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    const next = text[i + 1];
    i += 1;
    if (quoted && char === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += char;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return rows;
}

/** The CSV's rows, checked to be a UTF-8 file with a byte order mark and CRLF lines. */
function csvOf(response: LightMyRequestResponse): string[][] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(response.body.endsWith('\r\n')).toBe(true);
  // No value here holds a line break: every one in the file ends a row.
  expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return parseCsv(response.body.slice(1));
}

describe.each(DRIVERS)('CSV export of lists (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;

  const exported = (params: { filter?: unknown; sort?: [string, string] } = {}, client = merchant, locale?: 'ar') =>
    client.list(EXPORT, params, locale ? { locale } : undefined);

  beforeAll(async () => {
    server = await startServer(driver, {
      entities: [...Object.values(entitySchemas), reportSchema],
      exportBatchSize: 2,
    });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    const { db, stores } = server.app.bawaba;
    const merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    const [{ id: otherId }] = await db.query<{ id: number }>(
      `select id from merchants where id <> $1::integer order by id limit 1`,
      [merchantId],
    );
    const store = stores.get(REPORT);
    if (!store) throw new Error('The test report is not served');
    await db.transaction(async (tx) => {
      for (const { created_at, ...values } of ROWS) await store.create(tx, merchantId, values, { created_at });
      await store.create(tx, otherId, { reference_no: 'OTHER-1', amount: '9.000' }, { created_at: noon(0) });
    });
  });
  afterAll(() => server?.close());

  it('answers a UTF-8 CSV attachment with a byte order mark, named after the list and the day', async () => {
    const response = await exported();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="settlement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const viewed = await exported({ filter: { view: 'incomplete', created_at_gte: day(-6), created_at_lte: today } });
    expect(viewed.headers['content-disposition']).toMatch(/filename="settlement-incomplete-\d{4}-\d{2}-\d{2}\.csv"/);
    csvOf(response);
  });

  it("writes the list's columns first, then the other fields; values as an accountant reads them", async () => {
    const [header, ...rows] = csvOf(await exported());
    expect(header).toEqual(['Reference no', 'Amount', 'Status', 'Terminal id', 'Created at', 'On hold']);
    expect(rows[0]).toEqual(['SET-001', '12.500', 'success', '1', `${day(0)} 15:00:00`, 'No']);
    expect(rows.find((row) => row[0] === 'SET-004')?.[5]).toBe('Yes');
  });

  it('labels the columns and enum values in the language asked, Arabic included', async () => {
    const english = csvOf(await merchant.list('/v1/report/transactions/export', {}));
    expect(english[0].slice(0, 6)).toEqual([
      'Date',
      'Reference no',
      'Customer name',
      'Payment method',
      'Amount',
      'Status',
    ]);
    const arabic = csvOf(await merchant.list('/v1/report/transactions/export', {}, { locale: 'ar' }));
    expect(arabic[0].slice(0, 6)).toEqual([
      'التاريخ',
      'الرقم المرجعي',
      'اسم العميل',
      'طريقة الدفع',
      'المبلغ',
      'الحالة',
    ]);
    const statuses = new Set(arabic.slice(1).map((row) => row[5]));
    expect(statuses.has('ناجحة') || statuses.has('فاشلة') || statuses.has('قيد الانتظار')).toBe(true);
    expect([...statuses].every((status) => /[\u0600-\u06FF]/.test(status))).toBe(true);
    const yes = csvOf(await exported({}, merchant, 'ar'));
    expect(yes.find((row) => row[0] === 'SET-004')?.[5]).toBe('نعم');
  });

  it('quotes commas and quotes, and neutralises formulas', async () => {
    const response = await exported();
    expect(response.body).toContain('"Sara, ""Q8"""');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    const references = csvOf(response).map((row) => row[0]);
    expect(references).toContain('Sara, "Q8"');
    expect(references).toContain(`'=HYPERLINK("http://evil.test")`);
  });

  it('holds every row of the merchant, none of another, across many batches, in the order of the list', async () => {
    const [, ...rows] = csvOf(await exported());
    expect(rows).toHaveLength(ROWS.length);
    expect(rows.map((row) => row[0])).not.toContain('OTHER-1');
    const range = { created_at_gte: addMonths(today, -6), created_at_lte: today };
    for (const sort of [
      ['created_at', 'DESC'],
      ['created_at', 'ASC'],
      ['amount', 'ASC'],
      ['amount', 'DESC'],
      // Rows without a terminal come last, as in the list.
      ['terminal_id', 'ASC'],
      ['terminal_id', 'DESC'],
      ['id', 'DESC'],
    ] as [string, string][]) {
      const list = await merchant.list(URL, { filter: range, sort, range: [0, 99] });
      const csv = csvOf(await exported({ filter: range, sort }));
      expect(
        csv.slice(1).map((row) => row[0]),
        sort.join(' '),
      ).toEqual(list.json().map(({ reference_no }: { reference_no: string }) => neutralised(reference_no)));
    }
  });

  it('applies the filter and the view, with the view’s columns first', async () => {
    const [, ...failed] = csvOf(await exported({ filter: { status: 'failed' } }));
    expect(failed.map((row) => row[0])).toEqual(['SET-004']);
    const [header, ...incomplete] = csvOf(
      await exported({
        filter: { view: 'incomplete', status: 'success', created_at_gte: day(-6), created_at_lte: today },
      }),
    );
    expect(header.slice(0, 3)).toEqual(['Reference no', 'Amount', 'Created at']);
    expect(incomplete.map((row) => row[0])).toEqual(['SET-007', `'=HYPERLINK("http://evil.test")`]);
  });

  it('takes a date range of any length, which the list refuses', async () => {
    const year = { created_at_gte: day(-364), created_at_lte: today };
    expect((await merchant.list(URL, { filter: year })).statusCode).toBe(400);
    const [, ...rows] = csvOf(await exported({ filter: year }));
    expect(rows).toHaveLength(ROWS.length);
    const [, ...recent] = csvOf(await exported({ filter: { created_at_gte: day(-5), created_at_lte: today } }));
    expect(recent.map((row) => row[0]).sort()).toEqual(
      ['SET-001', 'SET-006', 'SET-007', '\'=HYPERLINK("http://evil.test")'].sort(),
    );
  });

  it('keeps a view’s reach into the past (withinDays), and so needs its range', async () => {
    const old = await exported({ filter: { view: 'incomplete', created_at_gte: day(-12), created_at_lte: today } });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({
      message: 'Choose a date within the last 7 days',
      errors: { created_at_gte: 'Choose a date within the last 7 days' },
    });
    const none = await exported({ filter: { view: 'incomplete' } }, merchant, 'ar');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ created_at_gte: 'يرجى اختيار التاريخ' });
  });

  it('answers a bad filter with a field message in the language asked', async () => {
    const response = await exported({ filter: { status: 'lost' } }, merchant, 'ar');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(response.json().errors)).toEqual(['status']);
    expect(response.json().message).toMatch(/[\u0600-\u06FF]/);
    const sort = await exported({ sort: ['nothing', 'ASC'] });
    expect(sort.statusCode).toBe(400);
  });

  it('has the gates of the list: 401 without a token, the permission and the view’s own', async () => {
    const anonymous = await new Client(server.app).get(EXPORT);
    expect(anonymous.statusCode).toBe(401);
    expect((await exported({}, staff)).statusCode).toBe(403);
    const incomplete = await exported(
      { filter: { view: 'incomplete', created_at_gte: day(-6), created_at_lte: today } },
      staff,
    );
    expect(incomplete.statusCode).toBe(200);
  });

  it('exports an encrypted list from its sealed query', async () => {
    const data = await merchant.encrypt({ filter: {}, sort: ['created_at', 'DESC'] });
    const response = await merchant.get('/v1/employees/export', { query: { data } });
    const [header, ...rows] = csvOf(response);
    expect(header.length).toBeGreaterThan(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/password/i);
  });

  it('is documented as a CSV download of the list', async () => {
    const { paths } = (await merchant.get('/v1/openapi.json')).json();
    const operation = paths[EXPORT].get;
    expect(operation.tags).toEqual([REPORT]);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    expect(paths['/v1/report/transactions/export']).toBeDefined();
  });
});
