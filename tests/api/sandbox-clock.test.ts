import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueWebhook } from '../../src/server/messaging/webhooks';
import { now } from '../../src/schema/calendar';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, firstSuccessfulTransaction, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { webhookEndpoint, type WebhookEndpoint } from './helpers/webhook-endpoint';

/**
 * The sandbox clock (`SANDBOX_CLOCK=1`): `POST /v1/sandbox/clock` moves the server's clock forward
 * and runs the scheduler at the new time. A server without the setting has no such path.
 */

const RETRY_BASE_MS = 5 * 60_000;
/** Starting a seeded server takes a while on a busy machine. */
const START_MS = 240_000;

describe.each(DRIVERS)('sandbox clock (%s)', (driver) => {
  let sandbox: TestServer;
  let endpoint: WebhookEndpoint;

  beforeAll(async () => {
    sandbox = await startServer(driver, {
      sandboxClock: true,
      webhookRetryBaseMs: RETRY_BASE_MS,
      webhooksAllowPrivate: true,
    });
    endpoint = await webhookEndpoint();
  }, START_MS);
  afterAll(async () => {
    await sandbox?.close();
    await endpoint?.close();
  });

  it(
    'is not served unless the server is started with it',
    async () => {
      const plain = await startServer(driver);
      try {
        const merchant = await Client.signIn(plain.app, ACCOUNTS.merchant);
        const answer = await merchant.post('/v1/sandbox/clock', { advance_minutes: 15 });
        expect(answer.statusCode).toBe(404);
      } finally {
        await plain.close();
      }
    },
    START_MS,
  );

  it("moves the clock forward and does what is due then: a webhook's retry is sent", async () => {
    const merchant = await Client.signIn(sandbox.app, ACCOUNTS.merchant);
    const ctx = sandbox.app.bawaba;
    const merchantId = await merchantIdOf(sandbox, ACCOUNTS.merchant.email);
    const transaction = await firstSuccessfulTransaction(sandbox, merchantId);
    endpoint.answers.push(500);
    const queued = (await ctx.db.transaction((tx) =>
      queueWebhook(tx, ctx, merchantId, { transaction, webhookUrl: endpoint.url('/later') }),
    ))!;
    await sandbox.app.scheduler.webhooks.dispatch();
    const deliveryOf = async () =>
      (
        await ctx.db.query<{ status: string; attempts: number }>(
          `select status, attempts from webhook_deliveries where id = $1::integer`,
          [queued.id],
        )
      )[0];
    expect(await deliveryOf()).toMatchObject({ status: 'pending', attempts: 1 });

    const before = Date.now();
    const answer = await merchant.post('/v1/sandbox/clock', { advance_minutes: 6 });
    expect(answer.statusCode, answer.body).toBe(200);
    const moved = new Date(answer.json().now).getTime();
    expect(moved).toBeGreaterThanOrEqual(before + 6 * 60_000);
    expect(moved).toBeLessThan(Date.now() + 6 * 60_000 + 1_000);
    expect(answer.json().tick).toMatchObject({ webhooks: 1 });
    expect(await deliveryOf()).toMatchObject({ status: 'delivered', attempts: 2 });
    // The clock every rule reads keeps the offset, and keeps running.
    expect(now().getTime()).toBeGreaterThanOrEqual(moved);

    const again = await merchant.post('/v1/sandbox/clock', { advance_minutes: 60 });
    expect(new Date(again.json().now).getTime()).toBeGreaterThanOrEqual(moved + 60 * 60_000);
  });

  it('refuses a bad amount of time, an employee, and anyone not signed in', async () => {
    const merchant = await Client.signIn(sandbox.app, ACCOUNTS.merchant);
    for (const advance_minutes of [0, -5, 1.5, '10', 10_000_000])
      expect((await merchant.post('/v1/sandbox/clock', { advance_minutes })).statusCode).toBe(400);
    expect((await merchant.post('/v1/sandbox/clock', {})).statusCode).toBe(400);
    const staff = await Client.signIn(sandbox.app, ACCOUNTS.staff);
    expect((await staff.post('/v1/sandbox/clock', { advance_minutes: 5 })).statusCode).toBe(403);
    expect((await new Client(sandbox.app).post('/v1/sandbox/clock', { advance_minutes: 5 })).statusCode).toBe(401);
  });

  it(
    'puts the real clock back when the server closes',
    async () => {
      const other = await startServer(driver, { sandboxClock: true });
      const merchant = await Client.signIn(other.app, ACCOUNTS.merchant);
      expect((await merchant.post('/v1/sandbox/clock', { advance_minutes: 120 })).statusCode).toBe(200);
      await other.close();
      expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1_000);
    },
    START_MS,
  );
});
