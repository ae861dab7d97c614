import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import { searchRecords, type SearchBounds } from '../../src/server/storage/search';
import { TEST_CARDS } from '../../src/shared/pay';
import { SEARCH_PER_KIND, type SearchAnswer } from '../../src/shared/search';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, transactionsOf } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The app bar's search (`GET /v1/search?q=`): the merchant's invoices, payments, refunds,
 * customers, sale orders and tenants found by reference, name, mobile or amount, grouped by kind,
 * behind each kind's list gate; another merchant's records never; a short query refused in the
 * caller's language.
 */

const OFFICE_MANAGER = { email: 'rania@demo.test', password: 'Rania@1234' }; // invoices, no reports
const SALES_MANAGER = { email: 'faisal@demo.test', password: 'Faisal@1234' }; // sales only

describe.each(DRIVERS)('search everywhere (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let officeManager: Client;
  let salesManager: Client;
  let vendor: Client;
  /** A paid invoice of a customer no demo record is named after. */
  let invoice: { reference_no: string; id: number };
  let transaction: { reference_no: string; id: number };
  const name = 'Zubaida Qutaybi';
  const mobile = '96551237766';

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    officeManager = await Client.signIn(server.app, OFFICE_MANAGER);
    salesManager = await Client.signIn(server.app, SALES_MANAGER);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    invoice = await created(merchant, '/v1/invoice', { kind: 'quick', customer_name: name, mobile, amount: '913.450' });
    await new Payer(server).paid(invoice.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    const [row] = await transactionsOf(server, invoice.reference_no);
    transaction = { reference_no: String(row.reference_no), id: row.id };
  });
  afterAll(() => server?.close());

  async function search(q: string, client = merchant): Promise<SearchAnswer> {
    const response = await client.get('/v1/search', { query: { q } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const kinds = (answer: SearchAnswer) => answer.groups.map((group) => group.entity);
  const idsOf = (answer: SearchAnswer, entity: string) =>
    answer.groups.find((group) => group.entity === entity)?.hits.map((hit) => hit.id) ?? [];

  it('finds the invoice and its payment by the customer’s name, grouped by kind, titled by reference', async () => {
    const answer = await search('zubaida qut');
    expect(kinds(answer)).toEqual(expect.arrayContaining(['invoice', 'transaction']));
    // Kinds come in the registry's order, each once.
    expect(new Set(kinds(answer)).size).toBe(answer.groups.length);
    const invoices = answer.groups.find((group) => group.entity === 'invoice');
    expect(invoices?.hits).toEqual([
      {
        id: invoice.id,
        title: invoice.reference_no,
        status: { field: 'status', value: 'paid' },
        figure: '913.450',
        match: { field: 'customer_name', value: name },
      },
    ]);
    expect(idsOf(answer, 'transaction')).toEqual([transaction.id]);
  });

  it('finds by reference, mobile (in Arabic digits too) and amount', async () => {
    expect(idsOf(await search(invoice.reference_no), 'invoice')).toEqual([invoice.id]);
    expect(idsOf(await search(transaction.reference_no), 'transaction')).toEqual([transaction.id]);
    const byMobile = await search(mobile);
    expect(idsOf(byMobile, 'invoice')).toEqual([invoice.id]);
    expect(byMobile.groups.find((group) => group.entity === 'invoice')?.hits[0].match).toEqual({
      field: 'mobile',
      value: mobile,
    });
    const arabic = await search('٩٦٥٥١٢٣٧٧٦٦');
    expect(arabic.q).toBe(mobile);
    expect(idsOf(arabic, 'invoice')).toEqual([invoice.id]);
    for (const amount of ['913.450', '913.45']) {
      const byAmount = await search(amount);
      expect(idsOf(byAmount, 'invoice'), amount).toEqual([invoice.id]);
      expect(idsOf(byAmount, 'transaction'), amount).toEqual([transaction.id]);
    }
  });

  it(`answers at most ${SEARCH_PER_KIND} records a kind, newest first, and says there are more`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_PER_KIND + 1; i++) {
      const body = { kind: 'quick', customer_name: `Manyfold Harith ${i}`, mobile: '96551230000', amount: '1.000' };
      ids.push((await created(merchant, '/v1/invoice', body)).id);
    }
    const group = (await search('manyfold harith')).groups.find((found) => found.entity === 'invoice');
    expect(group?.hits.map((hit) => hit.id)).toEqual(ids.reverse().slice(0, SEARCH_PER_KIND));
    expect(group?.more).toBe(true);
  });

  it('reads the newest records first, older matches through the index, and says when there were too many', async () => {
    const older = [];
    for (let i = 0; i < 3; i++) {
      const body = { kind: 'quick', customer_name: `Quillon Batar ${i}`, mobile: '96551230001', amount: '2.000' };
      older.push((await created(merchant, '/v1/invoice', body)).id);
    }
    for (let i = 0; i < 2; i++)
      await created(merchant, '/v1/invoice', {
        kind: 'quick',
        customer_name: `Newer ${i}`,
        mobile: '96551230002',
        amount: '3.000',
      });
    const db = server.app.bawaba.db;
    const [{ id: merchantId }] = await db.query<{ id: number }>('select id from merchants where email = $1::text', [
      ACCOUNTS.merchant.email,
    ]);
    const find = (bounds: SearchBounds) =>
      searchRecords(
        db,
        entitySchemas.invoice,
        merchantId,
        'quillon batar',
        null,
        { shown: ['reference_no'] },
        6,
        bounds,
      );
    // Not among the two newest: found through the index, newest first.
    const found = await find({ window: 2, widest: 1000, small: -2 });
    expect(found.rows.map((row) => Number(row.id))).toEqual([...older].reverse());
    expect(found.complete).toBe(true);
    // Among the newest five: no index needed.
    expect((await find({ window: 5, widest: 0, small: -2 })).rows.map((row) => Number(row.id))).toEqual(
      [...older].reverse(),
    );
    // More expected than may be sorted: what the window held, and not complete.
    expect(await find({ window: 2, widest: 0, small: -2 })).toEqual({ rows: [], complete: false });
    // A table counted small (or never counted): one statement, complete.
    const whole = await find({ window: 2, widest: 0, small: Number.MAX_SAFE_INTEGER });
    expect(whole.rows.map((row) => Number(row.id))).toEqual([...older].reverse());
    expect(whole.complete).toBe(true);
  });

  it('searches only the kinds the employee may list', async () => {
    // Invoices without the reports: the invoice, never its payment.
    expect(kinds(await search(name, officeManager))).toEqual(['invoice']);
    // Sales only: neither.
    expect(kinds(await search(name, salesManager))).toEqual([]);
    // Employees of sales find the demo's sale orders.
    const [order] = await server.app.bawaba.db.query<{ reference_no: string; id: number }>(
      `select o.id, o.reference_no from sale_orders o join merchants m on m.id = o.merchant_id
       where m.email = $1::text order by o.id limit 1`,
      [ACCOUNTS.merchant.email],
    );
    expect(idsOf(await search(order.reference_no, salesManager), 'sale_order')).toEqual([order.id]);
  });

  it('never finds another merchant’s records', async () => {
    for (const q of [name, invoice.reference_no, transaction.reference_no, mobile, '913.450'])
      expect(await search(q, vendor), q).toEqual({ q, groups: [] });
  });

  it('refuses a query under three characters, in the caller’s language', async () => {
    for (const q of ['ab', '  a  ', '']) {
      const english = await merchant.get('/v1/search', { query: { q } });
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        message: 'Type at least 3 characters to search',
        errors: { q: 'Type at least 3 characters to search' },
      });
      const arabic = await merchant.get('/v1/search', { query: { q }, locale: 'ar' });
      expect(arabic.statusCode).toBe(400);
      expect(arabic.json().message).toBe('اكتب 3 أحرف على الأقل للبحث');
    }
    expect((await merchant.get('/v1/search')).statusCode).toBe(400);
    expect((await new Client(server.app).get('/v1/search', { query: { q: name } })).statusCode).toBe(401);
  });

  it('is in the API document', async () => {
    const document = (await merchant.get('/v1/openapi.json')).json();
    expect(document.paths['/v1/search'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'q', in: 'query', required: true })]),
    );
  });
});
