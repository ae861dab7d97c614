import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { DUPLICATE_RESULT } from '../../src/server/payments/settlement';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, rowOf, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * SPEC §9: pending card payments become incomplete after 10 minutes and are retried — the
 * scheduler asks the sandbox processor and settles them as a success (the link then paid) or a
 * failure, announced to the webhook; incomplete ones are retried for 7 days; a link is never paid twice.
 */

const MINUTE = 60_000;
const quick = {
  kind: 'quick',
  customer_name: 'Hessa Al-Mutairi',
  mobile: '96550007711',
  amount: '12.750',
  webhook_url: 'https://hooks.example.com/bawaba',
};

describe.each(DRIVERS)('retrying incomplete payments (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let payer: Payer;
  /** A start a few minutes back, so that each test's ticks stay in the past of the real clock's day. */
  let start: Date;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    payer = new Payer(server);
  });
  afterAll(() => server?.close());
  afterEach(() => setClock());

  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  const tick = (minutes: number) => server.app.scheduler.tick(at(minutes));

  /** An invoice paid at the start with `number`; its reference and the one transaction. */
  async function paidWith(number: string): Promise<{ reference: string; id: number; transaction: Row }> {
    start = new Date(Math.floor(Date.now() / 1000) * 1000 - 30 * MINUTE);
    setClock(() => start);
    const invoice = await created(merchant, '/v1/invoice', quick);
    const result = await payer.paid(invoice.reference_no, { method: 'card', card: card(number) });
    expect(result.status).toBe('pending');
    setClock();
    const [transaction] = await transactionsOf(server, invoice.reference_no);
    return { reference: invoice.reference_no, id: invoice.id, transaction };
  }

  const webhooksOf = (transaction: Row) =>
    server.app.bawaba.db.query<{ event: string }>(
      `select event from webhook_deliveries where transaction_reference = $1::text order by id`,
      [transaction.reference_no],
    );

  it('settles a pending card as paid once 10 minutes have passed, and marks the invoice paid', async () => {
    const { reference, id, transaction } = await paidWith(TEST_CARDS.pending);
    await tick(9);
    expect((await transactionsOf(server, reference))[0]).toMatchObject({ status: 'pending' });
    expect((await merchant.get(`/v1/invoice/${id}`)).json().status).toBe('unpaid');

    await tick(10);
    const [settled] = await transactionsOf(server, reference);
    expect(settled).toMatchObject({
      status: 'success',
      result_code: 'CAPTURED',
      amount: '12.750',
      admin_charge: '0.319',
      // The demo merchant's card commission: 0.5% of 12.750 is 0.06375, rounded to 0.064.
      commission: '0.064',
      net_amount: '12.367',
      pending_amount: '12.750',
    });
    expect(Number((await rowOf(server, 'transactions', String(settled.reference_no))).captured_amount)).toBe(12.75);
    expect((await merchant.get(`/v1/invoice/${id}`)).json()).toMatchObject({ status: 'paid', paid_amount: '12.750' });
    expect((await webhooksOf(transaction)).map((w) => w.event)).toEqual(['payment.pending', 'payment.success']);

    // A second pass changes nothing.
    await tick(11);
    const [again] = await transactionsOf(server, reference);
    expect(again.updated_at).toEqual(settled.updated_at);
    expect(await webhooksOf(transaction)).toHaveLength(2);
  });

  it('settles a pending card the processor declines as failed; the invoice stays unpaid', async () => {
    const { reference, id, transaction } = await paidWith(TEST_CARDS.pendingFailed);
    await tick(10);
    expect((await transactionsOf(server, reference))[0]).toMatchObject({
      status: 'failed',
      result_code: 'DECLINED',
      net_amount: '0.000',
      pending_amount: '0.000',
    });
    expect((await merchant.get(`/v1/invoice/${id}`)).json().status).toBe('unpaid');
    expect((await webhooksOf(transaction)).map((w) => w.event)).toEqual(['payment.pending', 'payment.failed']);
  });

  it('retries an incomplete payment of the last 7 days, not an older one', async () => {
    const recent = await paidWith(TEST_CARDS.pending);
    const db = server.app.bawaba.db;
    await db.query(`update transactions set status = 'incomplete' where id = $1::integer`, [recent.transaction.id]);
    await tick(12);
    expect((await transactionsOf(server, recent.reference))[0].status).toBe('success');

    const old = await paidWith(TEST_CARDS.pending);
    const eightDaysAgo = new Date(start.getTime() - 8 * 1440 * MINUTE).toISOString();
    await db.query(
      `update transactions set status = 'incomplete', created_at = $2::timestamptz where id = $1::integer`,
      [old.transaction.id, eightDaysAgo],
    );
    await tick(12);
    expect((await transactionsOf(server, old.reference))[0].status).toBe('incomplete');
    expect((await merchant.get(`/v1/invoice/${old.id}`)).json().status).toBe('unpaid');
  });

  it('keeps a late success of a link paid meanwhile apart, to refund, without paying the link twice', async () => {
    const { reference, id } = await paidWith(TEST_CARDS.pending);
    setClock(() => at(2));
    await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success), continue_in_flight: true });
    setClock();
    await tick(10);
    const [late, paid] = await transactionsOf(server, reference);
    expect(late).toMatchObject({ status: 'success', result_code: DUPLICATE_RESULT, pending_amount: '12.750' });
    expect(paid).toMatchObject({ status: 'success', result_code: 'CAPTURED' });
    expect((await merchant.get(`/v1/invoice/${id}`)).json()).toMatchObject({ status: 'paid', paid_amount: '12.750' });
  });

  it('turns a payment the processor never saw into incomplete after 10 minutes', async () => {
    const { reference, transaction } = await paidWith(TEST_CARDS.pending);
    await server.app.bawaba.db.query(`delete from sandbox_payments where payment_id = $1::text`, [
      transaction.payment_id,
    ]);
    await tick(9);
    expect((await transactionsOf(server, reference))[0].status).toBe('pending');
    await tick(10);
    expect((await transactionsOf(server, reference))[0].status).toBe('incomplete');
    await tick(20);
    expect((await transactionsOf(server, reference))[0].status).toBe('incomplete');
  });
});
