import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * A record's page lists the records pointing at it (a transaction's refunds): every list may be
 * filtered by a reference column, without the date range a listing needs, and only ever over the
 * signed-in merchant's own records.
 */

type Row = Record<string, unknown> & { id: number };

describe.each(DRIVERS)('records pointing at a record (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let transaction: Row;
  let refund: Row;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const [row] = await server.app.bawaba.db.query<Row>(
      `select t.id, t.pending_amount::text as pending_amount from transactions t
       join merchants m on m.id = t.merchant_id where m.email = $1::text and t.status = 'success'
       order by t.id limit 1`,
      [ACCOUNTS.merchant.email],
    );
    transaction = row;
    const response = await merchant.post('/v1/refund', {
      transaction_id: transaction.id,
      method: 'partial',
      total_amount: '0.000',
      pending_amount: '0.000',
      refund_amount: '0.100',
    });
    expect(response.statusCode, response.body).toBe(201);
    refund = response.json();
  });
  afterAll(() => server?.close());

  it("lists a transaction's refunds by its id, whenever they were made", async () => {
    const listed = await merchant.list('/v1/refund', { filter: { transaction_id: transaction.id } });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json() as Row[];
    expect(rows.map((row) => row.id)).toContain(refund.id);
    expect(rows.every((row) => row.transaction_id === transaction.id)).toBe(true);
    expect(totalOf(listed)).toBe(rows.length);
  });

  it('still asks for a date range without one', async () => {
    const undated = await merchant.list('/v1/refund', {});
    expect(undated.statusCode).toBe(400);
  });

  it("shows another merchant none of the merchant's records", async () => {
    const listed = await vendor.list('/v1/refund', { filter: { transaction_id: transaction.id } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([]);
  });

  it('refuses a reference that is not an id with 400', async () => {
    const listed = await merchant.list('/v1/refund', { filter: { transaction_id: 'abc' } });
    expect(listed.statusCode).toBe(400);
    expect(listed.json().errors).toHaveProperty('transaction_id');
  });

  it("lists an invoice's payments by its reference, whenever made, and no other invoice's", async () => {
    const [paid] = await server.app.bawaba.db.query<{ invoice_reference: string }>(
      `select t.invoice_reference from transactions t join merchants m on m.id = t.merchant_id
        where m.email = $1::text and t.invoice_reference is not null order by t.id limit 1`,
      [ACCOUNTS.merchant.email],
    );
    const listed = await merchant.list('/v1/report/transactions', {
      filter: { invoice_reference: paid.invoice_reference },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json() as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.invoice_reference === paid.invoice_reference)).toBe(true);
    const others = await vendor.list('/v1/report/transactions', {
      filter: { invoice_reference: paid.invoice_reference },
    });
    expect(others.json()).toEqual([]);
    expect((await merchant.list('/v1/report/transactions', { filter: { invoice_reference: '' } })).statusCode).toBe(
      400,
    );
  });
});
