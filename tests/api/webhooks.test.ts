import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WebhookDispatcher } from '../../src/server/messaging/webhook-dispatcher';
import { queueWebhook } from '../../src/server/messaging/webhooks';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client, writableOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer, merchantIdOf, firstSuccessfulTransaction } from './helpers/server';
import { webhookEndpoint, type WebhookEndpoint } from './helpers/webhook-endpoint';

/**
 * Signed webhooks and their delivery log: a real HTTP server in the test receives them and checks
 * the signature as a merchant would; failures are retried with back-off until the last attempt;
 * the log is the merchant's own (`/v1/webhook-deliveries`). The endpoint is on 127.0.0.1, so this
 * server lets webhooks go to private addresses (`webhooksAllowPrivate`); `webhook-addresses.test.ts`
 * shows a server without that setting refusing them.
 */

type Row = Record<string, unknown> & { id: number };

const RETRY_BASE_MS = 60_000;
const TIMEOUT_MS = 1_000;

describe.each(DRIVERS)('webhooks (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let endpoint: WebhookEndpoint;
  let merchantId: number;
  let secretKey: string;
  let transaction: Row;

  beforeAll(async () => {
    server = await startServer(driver, {
      webhookRetryBaseMs: RETRY_BASE_MS,
      webhookTimeoutMs: TIMEOUT_MS,
      webhooksAllowPrivate: true,
    });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    endpoint = await webhookEndpoint();
    secretKey = (await merchant.get('/v1/keys')).json().secret_key;
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    transaction = await firstSuccessfulTransaction(server, merchantId);
  });
  afterAll(async () => {
    await server?.close();
    await endpoint?.close();
  });

  const ctx = () => server.app.bawaba;
  const dispatcher = () => server.app.scheduler.webhooks;
  const queue = (webhookUrl: string | null, forMerchant = merchantId, paid: Row = transaction) =>
    ctx().db.transaction(
      async (tx) =>
        (await queueWebhook(tx, ctx(), forMerchant, {
          transaction: paid,
          invoiceReference: 'INV-2026-000042',
          webhookUrl,
        })) as Row | null,
    );
  const deliveryOf = async (id: number) =>
    (await ctx().db.query<Row>(`select * from webhook_deliveries where id = $1::integer`, [id]))[0];
  const requestsFor = (id: number) =>
    endpoint.received.filter((request) => request.headers['x-bawaba-delivery'] === String(id));
  /** Dispatches at `now` and lets the endpoint's handler finish recording. */
  const dispatchAt = (now: Date) => dispatcher().dispatch(now);

  it('POSTs the payment signed with the merchant secret key, and logs the delivery', async () => {
    const queued = (await queue(endpoint.url()))!;
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, event: 'payment.success', url: endpoint.url() });
    const now = new Date();
    expect(await dispatchAt(now)).toBeGreaterThanOrEqual(1);

    const [request, ...again] = requestsFor(queued.id);
    expect(again).toEqual([]);
    expect(request.path).toBe('/hooks');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-bawaba-event']).toBe('payment.success');
    const timestamp = String(request.headers['x-bawaba-timestamp']);
    expect(timestamp).toBe(String(Math.floor(now.getTime() / 1000)));
    // What the README tells merchants to do.
    const expected = createHmac('sha256', secretKey).update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-bawaba-signature']).toBe(`v1=${expected}`);

    const body = JSON.parse(request.body);
    expect(body).toEqual({
      event: 'payment.success',
      transaction: {
        reference_no: transaction.reference_no,
        invoice_reference: 'INV-2026-000042',
        amount: transaction.amount,
        currency: 'KWD',
        payment_method: transaction.payment_method,
        status: 'success',
        result_code: transaction.result_code ?? null,
        auth_code: transaction.auth_code ?? null,
        payment_id: transaction.payment_id ?? null,
        track_id: transaction.track_id ?? null,
        created_at: transaction.created_at,
      },
    });
    expect(request.body).not.toMatch(/card_last4|token/);

    expect(await deliveryOf(queued.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      last_error: null,
      next_attempt_at: null,
      delivered_at: now.toISOString(),
      signature: `v1=${expected}`,
      payload: request.body,
    });
  });

  it('retries after a 500 with back-off, then delivers', async () => {
    endpoint.answers.push(500);
    const queued = (await queue(endpoint.url()))!;
    const start = new Date();
    await dispatchAt(start);
    expect(await deliveryOf(queued.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 500,
      last_error: 'HTTP 500',
      next_attempt_at: new Date(start.getTime() + RETRY_BASE_MS).toISOString(),
      delivered_at: null,
    });
    await dispatchAt(new Date(start.getTime() + RETRY_BASE_MS - 1_000));
    expect(requestsFor(queued.id)).toHaveLength(1);
    const later = new Date(start.getTime() + RETRY_BASE_MS);
    await dispatchAt(later);
    expect(requestsFor(queued.id)).toHaveLength(2);
    expect(await deliveryOf(queued.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_status: 200,
      last_error: null,
      delivered_at: later.toISOString(),
    });
  });

  it('is marked failed after the last attempt, each retry later than the one before', async () => {
    const queued = (await queue(endpoint.url('/down')))!;
    let now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      endpoint.answers.push(503);
      await dispatchAt(now);
      const delivery = await deliveryOf(queued.id);
      expect(delivery.attempts).toBe(attempt);
      if (attempt < WEBHOOK_MAX_ATTEMPTS) {
        expect(delivery.status).toBe('pending');
        const next = new Date(String(delivery.next_attempt_at));
        delays.push(next.getTime() - now.getTime());
        now = next;
      } else {
        expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null, last_error: 'HTTP 503' });
      }
    }
    expect(delays).toEqual([1, 4, 20, 120, 720].map((factor) => factor * RETRY_BASE_MS));
    expect(requestsFor(queued.id)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    await dispatchAt(new Date(now.getTime() + 365 * 86_400_000));
    expect(requestsFor(queued.id)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it('does not follow a redirect, and gives up on an endpoint that does not answer in time', async () => {
    endpoint.answers.push('redirect');
    const redirected = (await queue(endpoint.url('/moved')))!;
    const now = new Date();
    await dispatchAt(now);
    expect(endpoint.received.filter((request) => request.path === '/elsewhere')).toEqual([]);
    expect(await deliveryOf(redirected.id)).toMatchObject({ status: 'pending', attempts: 1, response_status: 302 });

    endpoint.answers.push('hang');
    const slow = (await queue(endpoint.url('/slow')))!;
    await dispatchAt(new Date(now.getTime() + 1_000));
    expect(await deliveryOf(slow.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: null,
      last_error: `No answer within ${TIMEOUT_MS} ms`,
    });
  });

  it('connects to the address the host name resolved to, naming the host in the request', async () => {
    const asked: string[] = [];
    const pinned = new WebhookDispatcher(ctx(), {
      allowPrivate: true,
      resolve: async (host) => {
        asked.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const url = endpoint.url('/pinned', 'hooks.merchant.test');
    const queued = (await queue(url))!;
    await pinned.dispatch(new Date());
    const [request] = requestsFor(queued.id);
    expect(request.headers.host).toBe(`hooks.merchant.test:${endpoint.port}`);
    expect(asked).toEqual(['hooks.merchant.test']);
    expect(await deliveryOf(queued.id)).toMatchObject({ status: 'delivered', url, response_status: 200 });
  });

  it("goes to the merchant profile's webhook URL when the paid record has none", async () => {
    const profile = (await merchant.get('/v1/profile/merchant')).json() as Row;
    const saved = await merchant.put('/v1/profile/merchant', {
      ...writableOf('merchant', profile),
      webhook_url: endpoint.url('/profile'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const queued = (await queue(null))!;
    expect(queued.url).toBe(endpoint.url('/profile'));
    await dispatchAt(new Date());
    expect(requestsFor(queued.id).map((request) => request.path)).toEqual(['/profile']);
  });

  it('queues nothing without a URL', async () => {
    const vendorId = await merchantIdOf(server, ACCOUNTS.vendor.email);
    const profile = (await vendor.get('/v1/profile/merchant')).json() as Row;
    expect(profile.webhook_url).toBeUndefined();
    expect(await queue(null, vendorId)).toBeNull();
    expect(await queue('   ', vendorId)).toBeNull();
  });

  it("lists the log for its merchant only: another merchant's delivery is 404", async () => {
    const queued = (await queue(endpoint.url()))!;
    await dispatchAt(new Date());
    const listed = await merchant.list('/v1/webhook-deliveries', { filter: { status: 'delivered' }, range: [0, 999] });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as Row[]).map((row) => row.id)).toContain(queued.id);
    const shown = await merchant.get(`/v1/webhook-deliveries/${queued.id}`);
    expect(shown.json()).toMatchObject({ id: queued.id, status: 'delivered', invoice_reference: 'INV-2026-000042' });

    const theirs = await vendor.list('/v1/webhook-deliveries', { range: [0, 999] });
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as Row[]).map((row) => row.id)).not.toContain(queued.id);
    const refused = await vendor.get(`/v1/webhook-deliveries/${queued.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await merchant.post('/v1/webhook-deliveries', {})).statusCode).toBe(405);
  });

  it('sends the webhook of a payment made on its link as soon as the payment is committed', async () => {
    const created = await merchant.post('/v1/invoice', {
      kind: 'quick',
      customer_name: 'Hooked Payer',
      mobile: '96550001234',
      amount: '3.250',
      webhook_url: endpoint.url('/paid'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const reference = String(created.json().reference_no);
    const paid = await new Client(server.app).post(`/v1/pay/${reference}`, {
      method: 'card',
      card: { number: TEST_CARDS.success, expiry: '12/39', cvv: '123', holder: 'Hooked Payer' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const deadline = Date.now() + 5_000;
    while (!endpoint.received.some((request) => request.path === '/paid') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const request = endpoint.received.find((candidate) => candidate.path === '/paid');
    expect(request).toBeDefined();
    expect(JSON.parse(String(request?.body))).toMatchObject({
      event: 'payment.success',
      transaction: { reference_no: paid.json().transaction_reference, invoice_reference: reference, amount: '3.250' },
    });
  });
});
