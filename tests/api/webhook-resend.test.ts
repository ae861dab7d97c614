import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS } from '../../src/server/messaging/webhook-dispatcher';
import { queueWebhook } from '../../src/server/messaging/webhooks';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer } from './helpers/pay';
import { DRIVERS, firstSuccessfulTransaction, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { webhookEndpoint, type WebhookEndpoint } from './helpers/webhook-endpoint';

/**
 * Sending a webhook again (the delivery's `resend` command), the events a payment announces, and
 * what else an event's body may carry.
 */

type Row = Record<string, unknown> & { id: number };

const RETRY_BASE_MS = 60_000;

describe.each(DRIVERS)('resending webhooks and the events sent (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let vendor: Client;
  let endpoint: WebhookEndpoint;
  let merchantId: number;
  let secretKey: string;

  beforeAll(async () => {
    server = await startServer(driver, { webhookRetryBaseMs: RETRY_BASE_MS, webhooksAllowPrivate: true });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    endpoint = await webhookEndpoint();
    secretKey = (await merchant.get('/v1/keys')).json().secret_key;
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
  });
  afterAll(async () => {
    await server?.close();
    await endpoint?.close();
  });

  const ctx = () => server.app.bawaba;
  const deliveryOf = async (id: number) =>
    (await ctx().db.query<Row>(`select * from webhook_deliveries where id = $1::integer`, [id]))[0];
  const requestsFor = (id: number) =>
    endpoint.received.filter((request) => request.headers['x-bawaba-delivery'] === String(id));
  const deliveriesTo = (path: string) =>
    ctx().db.query<Row>(`select * from webhook_deliveries where url = $1::text order by id`, [endpoint.url(path)]);
  /** Sends what is due until `request` ends, as a kick would. */
  const waitFor = async (condition: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 5_000;
    while (!(await condition()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  /** A delivery of the merchant's first successful payment that failed every attempt. */
  async function failedDelivery(path: string): Promise<Row> {
    const transaction = await firstSuccessfulTransaction(server, merchantId);
    const queued = (await ctx().db.transaction((tx) =>
      queueWebhook(tx, ctx(), merchantId, {
        transaction,
        invoiceReference: 'INV-2026-000042',
        webhookUrl: endpoint.url(path),
      }),
    )) as Row;
    let at = new Date();
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      endpoint.answers.push(503);
      await server.app.scheduler.webhooks.dispatch(at);
      const next = (await deliveryOf(queued.id)).next_attempt_at;
      if (next) at = new Date(String(next));
    }
    const failed = await deliveryOf(queued.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS });
    return failed;
  }

  it('resends a failed delivery as a new one, signed afresh, leaving the original as it was, and logs who did', async () => {
    const original = await failedDelivery('/resend');
    const [{ last: lastAudit }] = await ctx().db.query<{ last: number }>(
      `select coalesce(max(id), 0)::integer as last from audit_events`,
    );

    const answer = await merchant.post('/v1/webhook-deliveries/resend', { id: original.id });
    expect(answer.statusCode, answer.body).toBe(200);
    const resent = answer.json() as Row;
    expect(resent.id).not.toBe(original.id);
    expect(resent).toMatchObject({
      event: original.event,
      url: original.url,
      transaction_reference: original.transaction_reference,
      invoice_reference: 'INV-2026-000042',
      payload: original.payload,
      resent_from: original.id,
      attempts: 0,
    });

    // Kicked at once: delivered as the new row, with its own timestamp and signature.
    await waitFor(async () => (await deliveryOf(resent.id)).status === 'delivered');
    expect(await deliveryOf(resent.id)).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200 });
    const [request] = requestsFor(resent.id);
    expect(request.body).toBe(original.payload);
    const timestamp = String(request.headers['x-bawaba-timestamp']);
    const expected = createHmac('sha256', secretKey).update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-bawaba-signature']).toBe(`v1=${expected}`);

    expect(await deliveryOf(original.id)).toEqual(original);
    expect(requestsFor(original.id)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

    const audit = await ctx().db.query<Row>(
      `select event, entity, record_id, field, new_value, actor_email from audit_events where id > $1::integer`,
      [lastAudit],
    );
    expect(audit).toEqual([
      {
        event: 'record_created',
        entity: 'webhook_delivery',
        record_id: resent.id,
        field: 'resent_from',
        new_value: expect.any(String),
        actor_email: ACCOUNTS.merchant.email,
      },
    ]);
    const shown = await merchant.get(`/v1/webhook-deliveries/${resent.id}`);
    expect(shown.json()).toMatchObject({ id: resent.id, resent_from: original.id, status: 'delivered' });
  });

  it("refuses a delivery still being sent (409), and another merchant's or none (404)", async () => {
    const transaction = await firstSuccessfulTransaction(server, merchantId);
    const pending = (await ctx().db.transaction((tx) =>
      queueWebhook(tx, ctx(), merchantId, { transaction, webhookUrl: endpoint.url('/pending') }),
    )) as Row;
    const refused = await merchant.inLocale('ar').post('/v1/webhook-deliveries/resend', { id: pending.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/قيد الإرسال/);

    const before = (
      await ctx().db.query<{ count: number }>(`select count(*)::integer as count from webhook_deliveries`)
    )[0];
    expect((await vendor.post('/v1/webhook-deliveries/resend', { id: pending.id })).statusCode).toBe(404);
    expect((await merchant.post('/v1/webhook-deliveries/resend', { id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await merchant.post('/v1/webhook-deliveries/resend', {})).statusCode).toBe(400);
    const after = (
      await ctx().db.query<{ count: number }>(`select count(*)::integer as count from webhook_deliveries`)
    )[0];
    expect(after.count).toBe(before.count);
    // Sent now, so it answers none of the next tests' endpoint answers.
    await server.app.scheduler.webhooks.dispatch(new Date());
    expect(await deliveryOf(pending.id)).toMatchObject({ status: 'delivered' });
  });

  it("lets an employee with the invoices' permission resend, as the log's own permission says", async () => {
    const original = await failedDelivery('/by-staff');
    const answer = await staff.post('/v1/webhook-deliveries/resend', { id: original.id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ resent_from: original.id });
  });

  it('announces a pending card payment and a cash payment awaiting confirmation as payment.pending', async () => {
    const payer = new Payer(server);
    const pendingCard = await created(merchant, '/v1/invoice', {
      kind: 'quick',
      customer_name: 'Pending Payer',
      mobile: '96550001234',
      amount: '4.000',
      webhook_url: endpoint.url('/pending-card'),
    });
    const paid = await payer.paid(pendingCard.reference_no, { method: 'card', card: card(TEST_CARDS.pending) });
    expect(paid.status).toBe('pending');
    const cash = await created(merchant, '/v1/invoice', {
      kind: 'quick',
      customer_name: 'Cash Payer',
      mobile: '96550001234',
      amount: '6.000',
      payment_methods: ['cash'],
      webhook_url: endpoint.url('/cash'),
    });
    const waiting = await payer.paid(cash.reference_no, { method: 'cash' });
    expect(waiting.status).toBe('pending');

    for (const [path, reference, result] of [
      ['/pending-card', pendingCard.reference_no, paid],
      ['/cash', cash.reference_no, waiting],
    ] as const) {
      await waitFor(() => endpoint.received.some((request) => request.path === path));
      const bodies = endpoint.received.filter((request) => request.path === path).map((r) => JSON.parse(r.body));
      expect(bodies).toEqual([
        {
          event: 'payment.pending',
          transaction: expect.objectContaining({
            reference_no: result.transaction_reference,
            invoice_reference: reference,
            status: 'pending',
          }),
        },
      ]);
      expect((await deliveriesTo(path)).map((row) => row.event)).toEqual(['payment.pending']);
    }
  });

  it('carries what a refund event is about beside the payment, never in place of it', async () => {
    const transaction = await firstSuccessfulTransaction(server, merchantId);
    const refund = {
      document_no: 'RF-2026-000001',
      refund_amount: '1.500',
      refunded_amount: '1.500',
      status: 'processed',
      failure_reason: null,
    };
    const queued = (await ctx().db.transaction((tx) =>
      queueWebhook(tx, ctx(), merchantId, {
        transaction,
        event: 'payment.refunded',
        webhookUrl: endpoint.url('/refund'),
        extra: { refund },
      }),
    )) as Row;
    const body = JSON.parse(String(queued.payload));
    expect(body).toMatchObject({
      event: 'payment.refunded',
      refund,
      transaction: { reference_no: transaction.reference_no },
    });
    expect(Object.keys(body)).toEqual(['refund', 'event', 'transaction']);
  });
});
