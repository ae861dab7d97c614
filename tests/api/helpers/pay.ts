import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_CARDS, type CardInput, type Payable, type PayRequest, type PayResult } from '../../../src/shared/pay';
import { Client } from './client';
import type { TestServer } from './server';

/** Helpers of the payer API tests: an anonymous payer, test cards, and the rows payments write. */

export type Row = Record<string, unknown> & { id: number };

/** A card expiry some years ahead (MM/YY). */
export const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Card details with a test number and a valid expiry and CVV. */
export const card = (number: string, extra: Partial<CardInput> = {}): CardInput => ({
  number,
  expiry: FUTURE_EXPIRY,
  cvv: '123',
  holder: 'Test Payer',
  ...extra,
});

/** A date in Kuwait `days` from today, as `YYYY-MM-DD`. */
export const kuwaitDate = (days = 0) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** An anonymous payer of the public `/v1/pay` routes, in one language. */
export class Payer {
  private readonly client: Client;

  constructor(server: TestServer, locale: 'en' | 'ar' = 'en') {
    this.client = new Client(server.app, undefined, locale);
  }

  view(reference: string, visit = false): Promise<LightMyRequestResponse> {
    return this.client.get(`/v1/pay/${reference}`, visit ? { query: { visit: '1' } } : {});
  }

  async payable(reference: string): Promise<Payable> {
    const response = await this.view(reference);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  pay(reference: string, body: PayRequest | Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.client.post(`/v1/pay/${reference}`, body);
  }

  /** Pays and expects 200; returns the result. */
  async paid(reference: string, body: PayRequest): Promise<PayResult> {
    const response = await this.pay(reference, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  receipt(transactionReference: string): Promise<LightMyRequestResponse> {
    return this.client.get(`/v1/pay/receipt/${transactionReference}`);
  }
}

/** Creates a record through the API as `client`, expecting 201. */
export async function created(client: Client, url: string, body: unknown): Promise<Row & { reference_no: string }> {
  const response = await client.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Transactions of a paid reference, oldest first, money as text. */
export function transactionsOf(server: TestServer, reference: string): Promise<Row[]> {
  return server.app.bawaba.db.query<Row>(
    `select *, amount::text as amount, admin_charge::text as admin_charge, commission::text as commission,
       net_amount::text as net_amount, pending_amount::text as pending_amount
     from transactions where invoice_reference = $1::text order by id`,
    [reference],
  );
}

/** One stored row of `table` by reference. */
export async function rowOf(server: TestServer, table: string, reference: string): Promise<Row> {
  const [row] = await server.app.bawaba.db.query<Row>(`select * from ${table} where reference_no = $1::text`, [
    reference,
  ]);
  if (!row) throw new Error(`No ${table} row ${reference}`);
  return row;
}

/** The parts of an invoice, in order. */
export function partsOfInvoice(server: TestServer, invoiceId: number): Promise<Row[]> {
  return server.app.bawaba.db.query<Row>(`select * from invoice_parts where invoice_id = $1::integer order by seq`, [
    invoiceId,
  ]);
}

/**
 * A card payment of the demo merchant made now: a new quick invoice of `amount` paid on its link
 * with the success card. Its refunds are of a same-day payment (20 minutes to cancel them).
 */
export async function paidNow(server: TestServer, client: Client, amount = '10.000'): Promise<Row> {
  const invoice = await created(client, '/v1/invoice', {
    kind: 'quick',
    customer_name: 'Hamad Al-Azmi',
    mobile: '96550007788',
    amount,
    payment_methods: ['card'],
  });
  const result = await new Payer(server).paid(invoice.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
  const [row] = await transactionsOf(server, invoice.reference_no);
  expect(row.reference_no).toBe(result.transaction_reference);
  return row;
}
