import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { fromFils } from '../../src/shared/money';
import { TEST_CARDS, type PayRequest } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Customers' totals are the ledger's: what the payments of a customer's mobile took — paid at
 * once, settled after pending, confirmed in cash, captured in part — net of processed refunds, and
 * how many payments took money. After real flows, every customer of every merchant, the demo's
 * included, reads the sums of the ledger's entries for its mobile's transactions.
 */

const kuwait = (local: string) => new Date(`${local}+03:00`);
const METHODS = ['card', 'apple_pay', 'google_pay', 'cash'];

describe.each(DRIVERS)("customers' totals from the ledger (%s)", (driver) => {
  let server: TestServer;
  let merchant: Client;
  let payer: Payer;
  beforeAll(async () => {
    server = await startServer(driver, { webhookTimeoutMs: 50 });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    payer = new Payer(server);
  });
  afterAll(async () => {
    setClock();
    await server?.close();
  });
  afterEach(() => setClock());

  const db = () => server.app.bawaba.db;
  const tick = (local: string) => {
    setClock(() => kuwait(local));
    return server.app.scheduler.tick(kuwait(local));
  };
  const customerOf = async (id: number) => (await merchant.get(`/v1/customers/${id}`)).json() as Row;

  /** A quick invoice to `mobile` paid at `local` (Kuwait) by `body`; its transaction as stored. */
  async function paid(mobile: string, amount: string, local: string, body: PayRequest): Promise<Row> {
    setClock(() => kuwait(local));
    const invoice = await created(merchant, '/v1/invoice', {
      kind: 'quick',
      customer_name: 'Dana Al-Qattan',
      mobile,
      amount,
      payment_methods: METHODS,
    });
    await payer.paid(invoice.reference_no, body);
    if (body.method === 'cash') {
      const marked = await merchant.post(`/v1/invoice/${invoice.id}/mark_paid`);
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const [transaction] = await transactionsOf(server, invoice.reference_no);
    return transaction;
  }

  /** Every customer whose kept totals differ from the ledger's sums for its mobile (none when they agree). */
  async function disagreeing(): Promise<Row[]> {
    return db().query<Row>(
      `select c.id, c.merchant_id, c.mobile, c.total_paid::text as kept, l.paid::text as ledger,
              c.invoices_count as kept_count, l.payments as ledger_count
         from customers c
         left join lateral (
           select coalesce(sum(e.amount_fils), 0) as paid,
                  count(distinct e.transaction_id) filter (where e.event <> 'refund')::integer as payments
             from ledger_entries e join transactions t on t.id = e.transaction_id
            where e.merchant_id = c.merchant_id and t.merchant_id = c.merchant_id and t.customer_mobile = c.mobile
              and e.event in ('payment', 'capture', 'refund') and e.account in ('merchant_balance', 'cash_received')
         ) l on true
        where coalesce(c.total_paid, 0) * 1000 <> l.paid or coalesce(c.invoices_count, 0) <> l.payments`,
    );
  }

  it("agree with the ledger for the demo's customers as seeded", async () => {
    const [{ n }] = await db().query<{ n: number }>(
      `select count(*)::integer as n from customers where total_paid > 0`,
    );
    expect(n).toBeGreaterThan(0);
    expect(await disagreeing()).toEqual([]);
  });

  it('follow card, wallet, cash, settled, captured and refunded payments as the ledger posts them', async () => {
    const [first, second] = ['96555010101', '96555020202'];
    const dana = await created(merchant, '/v1/customers', { name: 'Dana Al-Qattan', mobile: first });
    const ahmad = await created(merchant, '/v1/customers', { name: 'Ahmad Al-Fahad', mobile: second });

    const byCard = await paid(first, '10.000', '2027-09-01T09:00:00', {
      method: 'card',
      card: card(TEST_CARDS.success),
    });
    await paid(first, '4.000', '2027-09-01T09:05:00', { method: 'apple_pay' });
    await paid(first, '3.000', '2027-09-01T09:10:00', { method: 'cash' });
    await paid(first, '50.000', '2027-09-01T09:12:00', { method: 'card', card: card(TEST_CARDS.declined) });
    expect(await customerOf(dana.id)).toMatchObject({ total_paid: '17.000', invoices_count: 3 });

    // Pending: nothing yet; the processor's answer 10 minutes later settles it, and it counts.
    const pending = await paid(second, '6.000', '2027-09-01T09:15:00', {
      method: 'card',
      card: card(TEST_CARDS.pending),
    });
    expect(pending.status).toBe('pending');
    expect(await customerOf(ahmad.id)).toMatchObject({ total_paid: '0.000', invoices_count: 0 });
    await tick('2027-09-01T09:26:00');
    expect((await transactionsOf(server, String(pending.invoice_reference)))[0].status).toBe('success');
    expect(await customerOf(ahmad.id)).toMatchObject({ total_paid: '6.000', invoices_count: 1 });

    // A processed refund takes its amount off; the payment still counts.
    setClock(() => kuwait('2027-09-01T09:30:00'));
    const refund = await created(merchant, '/v1/refund', {
      transaction_id: byCard.id,
      method: 'partial',
      refund_amount: '2.000',
    });
    expect(await customerOf(dana.id)).toMatchObject({ total_paid: '17.000', invoices_count: 3 });
    await tick('2027-09-01T09:51:00');
    const [processed] = await db().query<Row>(`select status from refunds where id = $1::integer`, [refund.id]);
    expect(processed.status).toBe('processed');
    expect(await customerOf(dana.id)).toMatchObject({ total_paid: '15.000', invoices_count: 3 });

    // An authorisation counts once captured, by what was captured.
    setClock(() => kuwait('2027-09-01T10:00:00'));
    await created(merchant, '/v1/multi-vendor/services', {
      service_type: 'quick_invoice',
      payment_type: 'credit_card',
      capture_type: 'partial',
      capture_days: 2,
    });
    const authorized = await paid(second, '8.000', '2027-09-01T10:05:00', {
      method: 'card',
      card: card(TEST_CARDS.success),
    });
    expect(authorized.status).toBe('authorized');
    expect(await customerOf(ahmad.id)).toMatchObject({ total_paid: '6.000', invoices_count: 1 });
    const capture = await merchant.post('/v1/capture', {
      transaction_id: authorized.id,
      capture_type: 'partial',
      amount: '5.000',
    });
    expect(capture.statusCode, capture.body).toBe(201);
    expect(await customerOf(ahmad.id)).toMatchObject({ total_paid: '11.000', invoices_count: 2 });

    // A customer made afterwards reads the same, from the ledger's entries.
    const later = await created(merchant, '/v1/customers', { name: 'Ahmad (office)', mobile: second });
    expect(later).toMatchObject({ total_paid: fromFils(11_000n), invoices_count: 2 });
    expect(await disagreeing()).toEqual([]);
  });
});
