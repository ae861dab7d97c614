import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { setClock } from '../../src/schema/calendar';
import { translate } from '../../src/shared/i18n';
import { TEST_CARDS, type PayRequest } from '../../src/shared/pay';
import { payOutTransfers, settlePreviousDay } from '../../src/server/payments/settlement-run';
import { holdTransfers, releaseTransfers } from '../../src/server/payments/transfer-holds';
import { ACCOUNTS, Client, writableOf } from './helpers/client';
import { card, created, kuwaitDate, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { webhookEndpoint, type WebhookEndpoint } from './helpers/webhook-endpoint';

/**
 * Refunds that really process (SPEC §9): a refund of a payment of the same Kuwait day waits 20
 * minutes and can be cancelled meanwhile, an older one goes at the next pass; processing needs the
 * unsettled balance to cover it; KNET wallet and cash payments are refused at once; an employee's
 * refund above the merchant's approval amount waits for the admin; each outcome reaches the webhook;
 * requests and passes at once never refund more than was paid, nor twice.
 */

const quick = { kind: 'quick', customer_name: 'Noura Al-Rashidi', mobile: '96550001234' };
const METHODS = ['card', 'apple_pay', 'google_pay', 'cash'];

/** An instant on the Kuwait date `days` from today, at `hour:minute` there. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(`${kuwaitDate(days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);

describe.each(DRIVERS)('refund processing (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let merchantAr: Client;
  let staff: Client;
  let payer: Payer;
  let endpoint: WebhookEndpoint;
  let merchantId: number;

  const db = () => server.app.bawaba.db;
  const tick = (now: Date) => server.app.scheduler.tick(now);

  /** A payment of `amount` made at `paidAt` by `body` (the success card unless told). */
  async function paid(amount: string, paidAt: Date, body?: PayRequest): Promise<Row> {
    setClock(() => paidAt);
    const invoice = await created(merchant, '/v1/invoice', { ...quick, amount, payment_methods: METHODS });
    await payer.paid(invoice.reference_no, body ?? { method: 'card', card: card(TEST_CARDS.success) });
    const [transaction] = await transactionsOf(server, invoice.reference_no);
    return transaction;
  }

  const ask = (client: Client, transaction: Row, amount: string) =>
    client.post('/v1/refund', {
      transaction_id: transaction.id,
      method: amount === transaction.amount ? 'full' : 'partial',
      total_amount: transaction.amount,
      pending_amount: transaction.pending_amount,
      refund_amount: amount,
    });

  /** Asks for a refund at `now`, expecting 201; returns the refund. */
  async function requested(client: Client, transaction: Row, amount: string, now: Date): Promise<Row> {
    setClock(() => now);
    const response = await ask(client, transaction, amount);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const refundOf = async (id: unknown) => {
    const [row] = await db().query<Row>(
      `select id, status, document_no, refund_amount::text as refund_amount, process_after, processed_at,
         failure_reason, unsettled_balance::text as unsettled_balance, rejection_reason, requested_by, approved_by
       from refunds where id = $1::integer`,
      [id],
    );
    return row;
  };
  const transactionOf = async (id: unknown) => {
    const [row] = await db().query<Row>(
      `select id, status, reference_no, payment_id, amount::text as amount, pending_amount::text as pending_amount,
         refunded_amount::text as refunded_amount, captured_amount::text as captured_amount
       from transactions where id = $1::integer`,
      [id],
    );
    return row;
  };
  const webhooksOf = (transaction: Row) =>
    db().query<Row>(
      `select event, payload from webhook_deliveries where transaction_reference = $1::text order by id`,
      [transaction.reference_no],
    );
  const refundEvents = async (transaction: Row) =>
    (await webhooksOf(transaction))
      .filter((row) => String(row.event).includes('refund'))
      .map((row) => ({ event: row.event, refund: (JSON.parse(String(row.payload)) as { refund: Row }).refund }));
  const message = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

  /** Saves the merchant's profile with `values` changed (`undefined`: left out, so cleared). */
  async function setProfile(values: Record<string, unknown>) {
    const profile = (await merchant.get('/v1/profile/merchant')).json() as Row;
    const merged: Record<string, unknown> = { ...writableOf('merchant', profile), ...values };
    for (const [name, value] of Object.entries(values)) if (value === undefined) delete merged[name];
    const saved = await merchant.put('/v1/profile/merchant', merged);
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /**
   * Pays out everything up to the Kuwait date `days` from today to the merchant: that day's
   * settlement run, then the bank's payout the day after. The merchant's transfers are then held,
   * so the scheduler's passes below pay out nothing more: the balance is what was paid since.
   */
  async function transferredUpTo(days: number) {
    const ctx = server.app.bawaba;
    await releaseTransfers(ctx, merchantId);
    await settlePreviousDay(ctx, at(days + 1, 0, 1));
    await payOutTransfers(ctx, at(days + 2, 0, 1));
    await holdTransfers(ctx, merchantId, 'Refund tests', at(days + 2, 0, 2));
  }

  beforeAll(async () => {
    server = await startServer(driver, { webhooksAllowPrivate: true });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    merchantAr = await Client.signIn(server.app, ACCOUNTS.merchant, 'ar');
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    payer = new Payer(server);
    endpoint = await webhookEndpoint();
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    await setProfile({ webhook_url: endpoint.url('/refunds') });
    // Only payments from tomorrow on are unsettled; one large payment then covers the refunds below.
    await transferredUpTo(0);
    await paid('400.000', at(1, 8));
  });
  afterAll(async () => {
    setClock();
    await server?.close();
    await endpoint?.close();
  });
  afterEach(() => setClock());

  it('holds a same-day refund 20 minutes: cancelled at 19, processed at 21 and no longer cancellable', async () => {
    const transaction = await paid('10.000', at(1, 10));
    const first = await requested(merchant, transaction, '4.000', at(1, 10, 5));
    expect(first.status).toBe('pending');
    expect(new Date(String(first.process_after)).getTime()).toBe(at(1, 10, 25).getTime());
    expect((await transactionOf(transaction.id)).pending_amount).toBe('6.000');

    setClock(() => at(1, 10, 24));
    const cancelled = await merchant.post(`/v1/refund/${String(first.id)}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await transactionOf(transaction.id)).pending_amount).toBe('10.000');

    const second = await requested(merchant, transaction, '3.000', at(1, 11));
    expect((await tick(at(1, 11, 19))).refunds).toBe(0);
    expect((await refundOf(second.id)).status).toBe('pending');

    setClock(() => at(1, 11, 21));
    for (const client of [merchant, merchantAr]) {
      const late = await client.post(`/v1/refund/${String(second.id)}/cancel`);
      expect(late.statusCode, late.body).toBe(409);
      expect(message(late)).toBe(translate(client === merchant ? en : ar, 'app.message.refund_not_cancellable'));
    }
    expect((await tick(at(1, 11, 21))).refunds).toBeGreaterThanOrEqual(1);
    expect(await refundOf(second.id)).toMatchObject({ status: 'processed', failure_reason: null });
    // A partial refund keeps the payment a success, with what was refunded shown.
    expect(await transactionOf(transaction.id)).toMatchObject({
      status: 'success',
      refunded_amount: '3.000',
      pending_amount: '7.000',
    });
    expect((await merchant.post(`/v1/refund/${String(second.id)}/cancel`)).statusCode).toBe(409);
    expect(await refundEvents(transaction)).toEqual([
      {
        event: 'payment.refunded',
        refund: expect.objectContaining({ refund_amount: '3.000', refunded_amount: '3.000', status: 'processed' }),
      },
    ]);
  });

  it('processes an older payment at the next pass; a full refund marks it refunded', async () => {
    const transaction = await paid('12.500', at(2, 10));
    const refund = await requested(merchant, transaction, '12.500', at(3, 9));
    expect(new Date(String(refund.process_after)).getTime()).toBe(at(3, 9).getTime());
    await tick(at(3, 9, 1));
    expect((await refundOf(refund.id)).status).toBe('processed');
    expect(await transactionOf(transaction.id)).toMatchObject({
      status: 'refunded',
      refunded_amount: '12.500',
      pending_amount: '0.000',
    });
    const [sandbox] = await db().query<Row>(
      `select refunded::text as refunded from sandbox_payments where payment_id = $1::text`,
      [transaction.payment_id],
    );
    expect(sandbox.refunded).toBe('12500');
    expect((await refundEvents(transaction)).map((row) => row.event)).toEqual(['payment.refunded']);
    // Passing again changes nothing.
    await tick(at(3, 10));
    expect((await transactionOf(transaction.id)).refunded_amount).toBe('12.500');
    expect(await refundEvents(transaction)).toHaveLength(1);
  });

  it('refuses at once a KNET wallet payment and a cash payment, in both languages; a visa wallet goes on', async () => {
    const knet = await paid('5.000', at(3, 11), { method: 'apple_pay', wallet_network: 'knet' });
    const visa = await paid('5.000', at(3, 11), { method: 'google_pay', wallet_network: 'visa' });
    setClock(() => at(3, 11, 5));
    const invoice = await created(merchant, '/v1/invoice', { ...quick, amount: '5.000', payment_methods: METHODS });
    expect((await merchant.post(`/v1/invoice/${invoice.id}/mark_paid`)).statusCode).toBe(200);
    const [cash] = await transactionsOf(server, invoice.reference_no);
    expect(cash).toMatchObject({ payment_method: 'cash', status: 'success' });
    for (const [transaction, key] of [
      [knet, 'app.message.refund_local_debit_wallet'],
      [cash, 'app.message.refund_cash'],
    ] as const) {
      for (const [client, catalogue] of [
        [merchant, en],
        [merchantAr, ar],
      ] as const) {
        const refused = await ask(client, transaction, '1.000');
        expect(refused.statusCode, refused.body).toBe(400);
        expect(message(refused)).toBe(translate(catalogue, key));
        expect(refused.json().errors.transaction_id).toBe(translate(catalogue, key));
      }
      expect((await transactionOf(transaction.id)).pending_amount).toBe('5.000');
    }
    expect((await ask(merchant, visa, '1.000')).statusCode).toBe(201);
  });

  it('makes an employee refund above the approval amount wait for the admin, who approves or rejects it', async () => {
    await setProfile({ refund_approval_above: '5.000' });
    try {
      const transaction = await paid('20.000', at(4, 10));
      const small = await requested(staff, transaction, '2.000', at(4, 10, 1));
      expect(small).toMatchObject({ status: 'pending', requested_by: expect.any(String) });
      const direct = await requested(merchant, transaction, '6.000', at(4, 10, 1));
      expect(direct.status).toBe('pending');
      const waiting = await requested(staff, transaction, '6.000', at(4, 10, 1));
      expect(waiting).toMatchObject({ status: 'awaiting_approval' });
      expect(waiting.process_after).toBeUndefined();
      const rejected = await requested(staff, transaction, '5.500', at(4, 10, 2));
      expect(rejected.status).toBe('awaiting_approval');
      expect((await transactionOf(transaction.id)).pending_amount).toBe('0.500');

      expect((await staff.post(`/v1/refund/${String(waiting.id)}/approve`)).statusCode).toBe(403);
      // Waiting refunds are not processed, however late.
      await tick(at(4, 12));
      expect((await refundOf(waiting.id)).status).toBe('awaiting_approval');

      setClock(() => at(4, 12, 10));
      const approved = await merchant.post(`/v1/refund/${String(waiting.id)}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'pending' });
      expect(new Date(String(approved.json().process_after)).getTime()).toBe(at(4, 12, 30).getTime());

      expect((await merchant.post(`/v1/refund/${String(rejected.id)}/reject`, {})).statusCode).toBe(400);
      const no = await merchant.post(`/v1/refund/${String(rejected.id)}/reject`, { reason: 'Customer kept the goods' });
      expect(no.statusCode, no.body).toBe(200);
      expect(no.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Customer kept the goods' });
      expect((await transactionOf(transaction.id)).pending_amount).toBe('6.000');

      const audit = await db().query<Row>(
        `select actor_kind, record_id, field, old_value, new_value from audit_events
         where entity = 'refund' and event = 'record_changed' and record_id in ($1::integer, $2::integer)
         order by id`,
        [waiting.id, rejected.id],
      );
      expect(audit.map((row) => [row.actor_kind, row.record_id, row.field, row.new_value])).toEqual(
        expect.arrayContaining([
          ['admin', waiting.id, 'status', expect.any(String)],
          ['admin', rejected.id, 'status', expect.any(String)],
          ['admin', rejected.id, 'rejection_reason', 'Customer kept the goods'],
        ]),
      );
      await tick(at(4, 12, 31));
      expect((await refundOf(waiting.id)).status).toBe('processed');
    } finally {
      await setProfile({ refund_approval_above: undefined });
    }
  });

  it('never refunds more than was paid when ten requests come at once', async () => {
    const transaction = await paid('10.000', at(5, 10));
    setClock(() => at(5, 11));
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(merchant, transaction, '3.000')));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(accepted).toHaveLength(3);
    expect(answers.every((answer) => [201, 400, 409].includes(answer.statusCode))).toBe(true);
    const [sum] = await db().query<{ total: string }>(
      `select coalesce(sum(refund_amount), 0)::text as total from refunds where transaction_id = $1::integer`,
      [transaction.id],
    );
    expect(Number(sum.total)).toBeLessThanOrEqual(10);
    expect((await transactionOf(transaction.id)).pending_amount).toBe('1.000');
  });

  it('processes a refund once when two passes run at once', async () => {
    const transaction = await paid('8.000', at(6, 10));
    const refund = await requested(merchant, transaction, '8.000', at(7, 10));
    await Promise.all([tick(at(7, 10, 1)), tick(at(7, 10, 1))]);
    expect((await refundOf(refund.id)).status).toBe('processed');
    expect((await transactionOf(transaction.id)).refunded_amount).toBe('8.000');
    const [sandbox] = await db().query<Row>(
      `select refunded::text as refunded from sandbox_payments where payment_id = $1::text`,
      [transaction.payment_id],
    );
    expect(sandbox.refunded).toBe('8000');
    expect(await refundEvents(transaction)).toHaveLength(1);
  });

  it('fails a refund the unsettled balance does not cover, gives its amount back and says why', async () => {
    // Everything before the payment below was paid out: the balance is this payment's net only.
    await transferredUpTo(8);
    const transaction = await paid('10.000', at(9, 10));
    const refund = await requested(merchant, transaction, '10.000', at(10, 10));
    await tick(at(10, 10, 1));
    const failed = await refundOf(refund.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'insufficient_balance' });
    const [net] = await db().query<{ net: string }>(
      `select net_amount::text as net from transactions where id = $1::integer`,
      [transaction.id],
    );
    expect(failed.unsettled_balance).toBe(net.net);
    expect(await transactionOf(transaction.id)).toMatchObject({
      status: 'success',
      pending_amount: '10.000',
      refunded_amount: '0.000',
    });
    expect(await refundEvents(transaction)).toEqual([
      {
        event: 'refund.failed',
        refund: expect.objectContaining({ refund_amount: '10.000', failure_reason: 'insufficient_balance' }),
      },
    ]);
    const params = { balance: net.net, amount: '10.000' };
    expect(translate(en, 'app.message.refund_failed_balance', params)).toBe(
      `Refund Failed: the unsettled balance of ${net.net} KWD does not cover 10.000 KWD.`,
    );
    expect(translate(ar, 'app.message.refund_failed_balance', params)).toContain(net.net);
    expect(translate(ar, 'resources.refund.enums.failure_reason.insufficient_balance')).not.toBe(
      translate(en, 'resources.refund.enums.failure_reason.insufficient_balance'),
    );
    const shown = (await merchantAr.get(`/v1/refund/${String(refund.id)}`)).json() as Row;
    expect(shown).toMatchObject({ status: 'failed', failure_reason: 'insufficient_balance' });
  });
});
