import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { noPermissions } from '../../src/server/merchants/permissions';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import type { StoredMessage } from '../../src/server/outbox/outbox';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card } from './helpers/pay';
import { TEST_PUBLIC_URL } from './helpers/snapshot';

/**
 * Two API servers on one PostgreSQL behave as one: requests go to them in turn, as a load balancer
 * would send them, and every limit, session and delivery is shared. Runs on PostgreSQL only
 * (TEST_DATABASE_URL): the embedded database has one process by nature.
 */

const url = process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;
/** The address flood limit of both servers: low enough to reach, above an account's lock. */
const LOGIN_FLOOD = { max: 20, windowMs: 15 * MINUTE };

interface Instance {
  app: FastifyInstance;
  mail: StoredMessage[];
}

describe.skipIf(!url)('two API servers on one PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let servers: Instance[] = [];
  let turn = 0;
  /** The next server in turn. */
  const next = () => servers[turn++ % servers.length];
  const inject = (options: InjectOptions) => next().app.inject(options);
  const signIn = async (account: { email: string; password: string }) =>
    Client.signIn(next().app, account).then((client) => client.token as string);
  /** A bearer token's request, sent to the next server. */
  const authed = (token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
    inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, payload: payload as never });

  beforeAll(async () => {
    // Both start at once on an empty schema: one migrates and seeds, the other waits and finds it done.
    servers = await Promise.all(
      [0, 1].map(async () => {
        const transport = memoryTransport();
        const app = await buildApp({
          database: { url, schema },
          publicUrl: TEST_PUBLIC_URL,
          transport,
          outboxIntervalMs: 0,
          rateLimits: { login: LOGIN_FLOOD },
        });
        await app.ready();
        return { app, mail: transport.messages };
      }),
    );
  }, 180_000);
  afterAll(async () => {
    for (const { app } of servers) await app.close();
    const sql = postgres(url as string, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop schema if exists "${schema}" cascade`);
    await sql.end();
  });

  it('starting together, only one seeds the demo data', async () => {
    const [{ n }] = await servers[0].app.bawaba.db.query<{ n: number }>(
      `select count(*)::integer as n from merchants where email = $1::text`,
      [ACCOUNTS.merchant.email],
    );
    expect(n).toBe(1);
  });

  it('an access token of one works on the other; signing out on one ends the session on both', async () => {
    const token = await signIn(ACCOUNTS.merchant);
    for (let i = 0; i < 4; i++) expect((await authed(token, 'GET', '/v1/profile')).statusCode).toBe(200);
    expect((await authed(token, 'POST', '/v1/logout', {})).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await authed(token, 'GET', '/v1/profile')).statusCode).toBe(401);
  });

  it('locks an account after wrong passwords sent to both, counted together', async () => {
    const merchant = new Client(servers[0].app, await signIn(ACCOUNTS.merchant));
    const account = { email: 'two.servers@demo.test', password: 'Both@1234' };
    const created = await merchant.post('/v1/employees', {
      data: await merchant.encrypt({
        name: 'Two Servers',
        ...account,
        permissions: { ...noPermissions(), general: ['invoices'] },
      }),
    });
    expect(created.statusCode).toBe(201);
    const login = (password: string) =>
      inject({ method: 'POST', url: '/v1/login', payload: { email: account.email, password } });
    // Ten wrong passwords, five on each server, are allowed; the eleventh locks, whichever server it reaches.
    for (let i = 0; i < 10; i++) expect((await login('Wrong@1234')).statusCode).toBe(401);
    expect((await login('Wrong@1234')).statusCode).toBe(423);
    expect((await login(account.password)).statusCode).toBe(423);
    expect((await login(account.password)).statusCode).toBe(423);
  });

  it('answers 429 to a flood of failed sign-ins from one address, counted across both', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    const login = (i: number) =>
      inject({
        method: 'POST',
        url: '/v1/login',
        ...from,
        payload: { email: `nobody.${i}@flood.test`, password: 'Wrong@1234' },
      });
    for (let i = 0; i < LOGIN_FLOOD.max; i++) expect((await login(i)).statusCode).toBe(401);
    const refused = await login(LOGIN_FLOOD.max);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(LOGIN_FLOOD.max + 1)).statusCode).toBe(429);
    // Another address is not concerned.
    const elsewhere = await inject({
      method: 'POST',
      url: '/v1/login',
      remoteAddress: '203.0.113.8',
      payload: ACCOUNTS.staff,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a refresh token rotated on one is refused on the other, and its reuse ends the session on both', async () => {
    const login = await servers[0].app.inject({ method: 'POST', url: '/v1/login', payload: ACCOUNTS.staff });
    const first = login.json() as { access_token: string; refresh_token: string };
    const refresh = (server: Instance, refresh_token: string) =>
      server.app.inject({ method: 'POST', url: '/v1/token/refresh', payload: { refresh_token } });
    const rotated = await refresh(servers[0], first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as { access_token: string; refresh_token: string };
    const reused = await refresh(servers[1], first.refresh_token);
    expect(reused.statusCode).toBe(401);
    expect((await refresh(servers[0], second.refresh_token)).statusCode).toBe(401);
    for (const server of servers) {
      const profile = await server.app.inject({
        method: 'GET',
        url: '/v1/profile',
        headers: { authorization: `Bearer ${second.access_token}` },
      });
      expect(profile.statusCode).toBe(401);
    }
  });

  it('the scheduler and the outbox of both deliver each message exactly once', async () => {
    const db = servers[0].app.bawaba.db;
    const merchant = new Client(servers[0].app, await signIn(ACCOUNTS.merchant));
    const now = Date.now();
    const invoices: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const response = await merchant.post('/v1/invoice', {
        kind: 'scheduled',
        customer_name: `Both Servers ${i}`,
        mobile: '96550007777',
        amount: '4.750',
        scheduled_at: new Date(now + MINUTE).toISOString(),
      });
      expect(response.statusCode, response.body).toBe(201);
      invoices.push((response.json() as { id: number }).id);
    }
    for (let i = 1; i <= 20; i++) {
      await servers[i % 2].app.bawaba.outbox.enqueue(db, {
        channel: 'email',
        recipient: `both.${i}@demo.test`,
        subject: 'Both servers',
        body: `Message ${i}`,
        language: 'en',
      });
    }
    const at = new Date(now + 2 * MINUTE);
    await Promise.all(servers.flatMap(({ app }) => [app.scheduler.tick(at), app.scheduler.tick(at)]));
    await Promise.all(servers.flatMap(({ app }) => [app.bawaba.outbox.flush(), app.bawaba.outbox.flush()]));
    await Promise.all(servers.map(({ app }) => app.bawaba.outbox.flush()));

    const delivered = servers.flatMap(({ mail }) => mail);
    const ids = delivered.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sms = delivered.filter(
      (message) => message.invoiceId !== null && invoices.includes(Number(message.invoiceId)),
    );
    expect(sms.map((message) => message.invoiceId).sort()).toEqual([...invoices].sort());
    const mail = delivered.filter(
      (message) => message.recipient.endsWith('@demo.test') && message.subject === 'Both servers',
    );
    expect(mail).toHaveLength(20);
    const [{ pending }] = await db.query<{ pending: number }>(
      `select count(*)::integer as pending from outbox where status <> 'sent'`,
    );
    expect(pending).toBe(0);
  }, 60_000);

  it('an idempotency key used on one replays on the other', async () => {
    const merchant = new Client(servers[0].app, await signIn(ACCOUNTS.merchant));
    const invoice = await merchant.post('/v1/invoice', {
      kind: 'quick',
      customer_name: 'Hessa Al-Mutawa',
      mobile: '96550004321',
      amount: '10.000',
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const reference = (invoice.json() as { reference_no: string }).reference_no;
    const pay = (server: Instance) =>
      server.app.inject({
        method: 'POST',
        url: `/v1/pay/${reference}`,
        headers: { 'idempotency-key': `two-servers-${reference}` },
        payload: { method: 'card', card: card(TEST_CARDS.success) },
      });
    const first = await pay(servers[0]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await pay(servers[1]);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});
