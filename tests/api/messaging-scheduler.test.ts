import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseOptions } from '../../src/server/db/open';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type Driver, type TestServer } from './helpers/server';
import { seededPostgresDatabase } from './helpers/postgres-template';
import { seededSnapshot, TEST_PUBLIC_URL } from './helpers/snapshot';

/**
 * The scheduler sends each scheduled SMS exactly once when its time comes: not before, not twice
 * when ticks overlap, not again after a restart, not twice with two servers on one PostgreSQL. It
 * also releases scheduled bulk uploads and runs the payment sweep.
 */

type Row = Record<string, unknown> & { id: number };

const MINUTE = 60_000;
const scheduledInvoice = (customer: string, at: Date) => ({
  kind: 'scheduled',
  customer_name: customer,
  mobile: '96550007777',
  amount: '4.750',
  scheduled_at: at.toISOString(),
});

async function create(client: Client, body: Record<string, unknown>): Promise<Row> {
  const response = await client.post('/v1/invoice', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Row;
}

/** How many SMS each of these invoices has in the outbox, by customer name. */
async function smsCounts(app: FastifyInstance, invoices: Row[]): Promise<Record<string, number>> {
  const rows = await app.bawaba.db.query<{ invoice_id: number; n: number }>(
    `select invoice_id, count(*)::integer as n from outbox
     where invoice_id in (select jsonb_array_elements_text($1::text::jsonb)::integer) group by invoice_id`,
    [invoices.map((invoice) => invoice.id)],
  );
  return Object.fromEntries(
    invoices.map((invoice) => [
      String(invoice.customer_name),
      rows.find((row) => row.invoice_id === invoice.id)?.n ?? 0,
    ]),
  );
}

describe.each(DRIVERS)('scheduler: scheduled SMS (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const tick = (at: Date) => server.app.scheduler.tick(at);
  const statusOf = async (invoice: Row) => (await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status;

  it('sends a scheduled invoice once its time has come, and never again', async () => {
    const start = new Date();
    const invoice = await create(merchant, scheduledInvoice('Scheduled Once', new Date(start.getTime() + MINUTE)));
    await tick(start);
    expect(await smsCounts(server.app, [invoice])).toEqual({ 'Scheduled Once': 0 });
    expect(await statusOf(invoice)).toBe('scheduled');

    await tick(new Date(start.getTime() + 2 * MINUTE));
    expect(await smsCounts(server.app, [invoice])).toEqual({ 'Scheduled Once': 1 });
    // The tick hands what it queued to the outbox at once, which may already have delivered it.
    expect(['pending', 'sent']).toContain(await statusOf(invoice));
    await tick(new Date(start.getTime() + 60 * MINUTE));
    expect(await smsCounts(server.app, [invoice])).toEqual({ 'Scheduled Once': 1 });

    const [sms] = await server.deliverMail().then((mail) => mail.filter((message) => message.invoiceId === invoice.id));
    expect(sms.body).toContain(`${TEST_PUBLIC_URL}/smspay/${invoice.reference_no}`);
    expect(await statusOf(invoice)).toBe('sent');
  });

  it('never sends a scheduled invoice cancelled before its time', async () => {
    const start = new Date();
    const invoice = await create(merchant, scheduledInvoice('Cancelled Early', new Date(start.getTime() + MINUTE)));
    expect((await merchant.post(`/v1/invoice/${invoice.id}/cancel`)).statusCode).toBe(200);
    await tick(new Date(start.getTime() + 2 * MINUTE));
    expect(await smsCounts(server.app, [invoice])).toEqual({ 'Cancelled Early': 0 });
  });

  it('sends each invoice once when ticks overlap', async () => {
    const start = new Date();
    const at = new Date(start.getTime() + MINUTE);
    const invoices = [];
    for (const name of ['Race One', 'Race Two', 'Race Three'])
      invoices.push(await create(merchant, scheduledInvoice(name, at)));
    const summaries = await Promise.all([1, 2, 3].map(() => tick(new Date(start.getTime() + 2 * MINUTE))));
    expect(summaries.reduce((sum, summary) => sum + summary.invoices, 0)).toBe(3);
    expect(await smsCounts(server.app, invoices)).toEqual({ 'Race One': 1, 'Race Two': 1, 'Race Three': 1 });
  });

  it('releases a scheduled bulk upload at its time: its invoices are sent once and it is completed', async () => {
    const start = new Date();
    const uploaded = await merchant.post('/v1/invoice-bulk-upload', {
      file_name: 'later.csv',
      scheduled_at: new Date(start.getTime() + MINUTE).toISOString(),
      rows: [
        { row: 1, values: { customer_name: 'Bulk Later One', mobile: '96550001111', amount: '1.000' } },
        { row: 2, values: { customer_name: 'Bulk Later Two', mobile: '96550002222', amount: '2.000' } },
      ],
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const upload = uploaded.json() as Row;
    expect(upload.status).toBe('scheduled');
    const invoices = await server.app.bawaba.db.query<Row>(
      `select id, customer_name, kind, sms_status from invoices where customer_name like 'Bulk Later %' order by id`,
    );
    expect(invoices.map((invoice) => [invoice.kind, invoice.sms_status])).toEqual([
      ['bulk', 'scheduled'],
      ['bulk', 'scheduled'],
    ]);
    await tick(start);
    expect(await smsCounts(server.app, invoices)).toEqual({ 'Bulk Later One': 0, 'Bulk Later Two': 0 });

    await Promise.all([tick(new Date(start.getTime() + 2 * MINUTE)), tick(new Date(start.getTime() + 2 * MINUTE))]);
    expect(await smsCounts(server.app, invoices)).toEqual({ 'Bulk Later One': 1, 'Bulk Later Two': 1 });
    expect((await merchant.get(`/v1/invoice-bulk-upload/${upload.id}`)).json().status).toBe('completed');
  });

  it('runs the payment sweep: an invoice past its expiry date expires', async () => {
    const invoice = await create(merchant, {
      kind: 'quick',
      customer_name: 'Past Due',
      mobile: '96550003333',
      amount: '1',
    });
    await server.app.bawaba.db.query(`update invoices set expiry_date = '2020-01-01' where id = $1::integer`, [
      invoice.id,
    ]);
    const summary = await tick(new Date());
    expect(summary.swept).toBeGreaterThanOrEqual(1);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().status).toBe('expired');
  });
});

/** Opens the same database again and again: a folder for the embedded one, a database of PostgreSQL. */
async function sharedDatabase(
  driver: Driver,
): Promise<{ options: () => Promise<DatabaseOptions>; drop: () => Promise<void> }> {
  if (driver === 'postgres') {
    const own = await seededPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    return { options: async () => ({ url: own.url }), drop: own.drop };
  }
  const folder = await mkdtemp(join(tmpdir(), 'bawaba-scheduler-'));
  let first = true;
  return {
    // The first start loads the seeded archive into the folder; later ones open what it left there.
    options: async () => {
      const snapshot = first ? await seededSnapshot() : undefined;
      first = false;
      return { dataDir: join(folder, 'db'), ...(snapshot ? { snapshot } : {}) };
    },
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

describe.each(DRIVERS)('scheduler: exactly once across restarts and servers (%s)', (driver) => {
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  const open: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await sharedDatabase(driver);
  });
  afterAll(async () => {
    for (const app of open) await app.close();
    await database?.drop();
  });

  const start = async () => {
    const app = await buildApp({
      database: await database.options(),
      publicUrl: TEST_PUBLIC_URL,
      transport: memoryTransport(),
      outboxIntervalMs: 0,
    });
    await app.ready();
    open.push(app);
    return app;
  };
  const stop = async (app: FastifyInstance) => {
    open.splice(open.indexOf(app), 1);
    await app.close();
  };

  it('sends what was due once, and what came due while it was down once, after a restart', async () => {
    const now = new Date();
    const due = new Date(now.getTime() + MINUTE);
    const later = new Date(now.getTime() + 2 * MINUTE);

    const first = await start();
    const before = await Client.signIn(first, ACCOUNTS.merchant);
    const sent = [
      await create(before, scheduledInvoice('Before Restart A', due)),
      await create(before, scheduledInvoice('Before Restart B', due)),
    ];
    await first.scheduler.tick(later);
    const waiting = await create(before, scheduledInvoice('Due While Down', due));
    expect(await smsCounts(first, [...sent, waiting])).toEqual({
      'Before Restart A': 1,
      'Before Restart B': 1,
      'Due While Down': 0,
    });
    await stop(first);

    const second = await start();
    await second.scheduler.tick(later);
    await second.scheduler.tick(new Date(later.getTime() + MINUTE));
    expect(await smsCounts(second, [...sent, waiting])).toEqual({
      'Before Restart A': 1,
      'Before Restart B': 1,
      'Due While Down': 1,
    });
    await stop(second);
  }, 120_000);

  it.runIf(driver === 'postgres')(
    'sends each once with two servers ticking on one database',
    async () => {
      const [one, two] = [await start(), await start()];
      const client = await Client.signIn(one, ACCOUNTS.merchant);
      const now = new Date();
      const due = new Date(now.getTime() + MINUTE);
      const invoices = [];
      for (let i = 1; i <= 12; i++) invoices.push(await create(client, scheduledInvoice(`Two Servers ${i}`, due)));
      const at = new Date(now.getTime() + 2 * MINUTE);
      await Promise.all([
        one.scheduler.tick(at),
        two.scheduler.tick(at),
        one.scheduler.tick(at),
        two.scheduler.tick(at),
      ]);
      const counts = await smsCounts(one, invoices);
      expect(Object.values(counts)).toEqual(invoices.map(() => 1));
    },
    120_000,
  );
});
