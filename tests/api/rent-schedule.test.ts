import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { addDays, addMonths, setClock } from '../../src/schema/calendar';
import { buildApp } from '../../src/server/app';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import { kuwaitToday } from '../../src/server/payments/kuwait-time';
import { currentPeriod } from '../../src/server/rentals/rent-periods';
import { refreshTenantStanding } from '../../src/server/rentals/tenant-standing';
import { formatDay } from '../../src/shared/dates';
import { ACCOUNTS, Client } from './helpers/client';
import { seededPostgresDatabase } from './helpers/postgres-template';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { TEST_PUBLIC_URL } from './helpers/snapshot';
import { unitsOf } from './helpers/tenants';

/**
 * Rent on schedule: the scheduler issues each tenant's rent invoice on the sending day of each
 * period of the contract, for the unit's rent less its discount, exactly once however many ticks
 * or servers run at once; sends it by SMS (and e-mail) in the tenant's language with the tenant's
 * payment link; the tenant's standing follows the invoices; and the merchant can issue the current
 * period's invoice now, refused (in either language) when it exists or the tenant owes no rent.
 */

type Row = Record<string, unknown> & { id: number };

/** An instant of a Kuwait day. */
const inKuwait = (day: string, hour = 9) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);
const today = () => kuwaitToday(new Date());
/** The first day of the month `months` after this one (Kuwait). */
const monthStart = (months: number) => addMonths(`${today().slice(0, 8)}01`, months);
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/%\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** A building of `count` units for the suite's tenants, with a discount on the first. */
const unitsFor = (merchant: Client, name: string, count: number) =>
  unitsOf(merchant, name, count, '300.500', { discount_status: true, discount_amount: '20.250' });

/** A contract's dates: `count` months from `start`. */
const contractOf = (start: string, count: number) => ({
  contract_start: start,
  contract_end: addDays(addMonths(start, count), -1),
});

async function tenant(merchant: Client, values: Record<string, unknown>): Promise<Row> {
  const response = await merchant.post('/v1/tenants', { rent_period: 'monthly', ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Row;
}

/** The tenant's rent invoices, oldest period first. */
async function invoicesOf(app: FastifyInstance, tenantId: number): Promise<Row[]> {
  return app.bawaba.db.query<Row>(
    `select id, reference_no, period_start::text, period_end::text, due_date::text, amount::text, status, payment_link
     from rent_invoices where tenant_id = $1::integer order by period_start, id`,
    [tenantId],
  );
}

async function payToken(app: FastifyInstance, tenantId: number): Promise<string> {
  const [row] = await app.bawaba.db.query<{ pay_token: string }>(
    `select pay_token from tenants where id = $1::integer`,
    [tenantId],
  );
  return row.pay_token;
}

/** The outbox's messages to `recipient`, oldest first. */
async function messagesTo(app: FastifyInstance, recipient: string): Promise<Row[]> {
  return app.bawaba.db.query<Row>(
    `select id, channel, subject, body, language from outbox where recipient = $1::text order by id`,
    [recipient],
  );
}

describe.each(DRIVERS)('rent on schedule (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let merchantId: number;
  let units: Row[];
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    units = await unitsFor(merchant, 'Rent Schedule Court', 6);
  });
  afterEach(() => setClock());
  afterAll(() => server?.close());

  /** One scheduler tick at `at`, with the clock the rules read stopped there (as the sandbox clock does). */
  const tickAt = async (at: Date) => {
    setClock(() => at);
    try {
      return await server.app.scheduler.tick(at);
    } finally {
      setClock();
    }
  };

  it('issues each period on its sending day, once, for the rent less the discount, and sends it in English', async () => {
    const start = monthStart(1);
    const ahmad = await tenant(merchant, {
      name: 'Ahmad Schedule',
      mobile: '96550101010',
      unit_id: units[0].id,
      ...contractOf(start, 12),
      invoice_sending_day: 5,
    });
    const fifth = addDays(start, 4);
    // The contract starts on the 1st; the first period on the 5th.
    await tickAt(inKuwait(start));
    expect(await invoicesOf(server.app, ahmad.id)).toEqual([]);

    // Three ticks at once on the sending day issue one invoice.
    const ticks = await Promise.all([1, 2, 3].map(() => tickAt(inKuwait(fifth))));
    expect(ticks.reduce((sum, tick) => sum + tick.rent, 0)).toBeGreaterThanOrEqual(1);
    const token = await payToken(server.app, ahmad.id);
    const link = `${TEST_PUBLIC_URL}/tenant/payments/${token}`;
    const [first, ...others] = await invoicesOf(server.app, ahmad.id);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      period_start: fifth,
      period_end: addDays(addMonths(fifth, 1), -1),
      due_date: addDays(fifth, 5),
      amount: '280.250',
      status: 'unpaid',
      payment_link: link,
    });
    expect(String(first.reference_no)).toMatch(/^REN-\d{4}-\d{6}$/);
    // The change history records the invoice issued, by the merchant's account, when it was issued.
    const history = await server.app.bawaba.db.query<Row>(
      `select record_name, old_value, new_value, changed_by, changed_at from change_history
       where entity = 'rent_invoice' and record_id = $1::integer`,
      [first.id],
    );
    expect(history).toEqual([
      {
        record_name: first.reference_no,
        old_value: null,
        new_value: first.reference_no,
        changed_by: 'Hessa Al-Noori',
        changed_at: inKuwait(fifth).toISOString(),
      },
    ]);
    await tickAt(inKuwait(addDays(fifth, 1)));
    await tickAt(inKuwait(addDays(fifth, 20)));
    expect(await invoicesOf(server.app, ahmad.id)).toHaveLength(1);

    const sms = await messagesTo(server.app, '96550101010');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', language: 'en' });
    expect(sms[0].body).toBe(
      fill(en.app.sms.rent_invoice, {
        merchant: 'Al Noor Trading Co.',
        name: 'Ahmad Schedule',
        amount: '280.250',
        unit: String(units[0].name),
        from: formatDay(fifth, 'en'),
        to: formatDay(String(first.period_end), 'en'),
        due: formatDay(String(first.due_date), 'en'),
        link,
      }),
    );

    // The next month's sending day issues the next period, and only it.
    const next = addMonths(fifth, 1);
    await Promise.all([tickAt(inKuwait(next)), tickAt(inKuwait(next))]);
    expect((await invoicesOf(server.app, ahmad.id)).map((invoice) => invoice.period_start)).toEqual([fifth, next]);
    expect(await messagesTo(server.app, '96550101010')).toHaveLength(2);
  });

  it('sends an Arabic tenant the SMS and the e-mail in Arabic, on the last day of a shorter month', async () => {
    const start = monthStart(1);
    const sara = await tenant(merchant, {
      name: 'سارة الجدولة',
      mobile: '96550202020',
      email: 'sara.schedule@example.com',
      language: 'ar',
      unit_id: units[1].id,
      ...contractOf(start, 12),
      invoice_sending_day: 30,
    });
    const lastDay = addDays(addMonths(start, 1), -1);
    const sendingDay = lastDay.slice(8) < '30' ? lastDay : `${start.slice(0, 8)}30`;
    await tickAt(inKuwait(addDays(sendingDay, -1)));
    expect(await invoicesOf(server.app, sara.id)).toEqual([]);
    await tickAt(inKuwait(sendingDay));
    const [invoice] = await invoicesOf(server.app, sara.id);
    expect(invoice).toMatchObject({ period_start: sendingDay, amount: '300.500' });
    const link = `${TEST_PUBLIC_URL}/tenant/payments/${await payToken(server.app, sara.id)}?lng=ar`;
    expect(invoice.payment_link).toBe(link);
    const values = {
      merchant: 'شركة النور للتجارة',
      name: 'سارة الجدولة',
      amount: '300.500',
      unit: String(units[1].name),
      from: formatDay(sendingDay, 'ar'),
      to: formatDay(String(invoice.period_end), 'ar'),
      due: formatDay(String(invoice.due_date), 'ar'),
      refno: String(invoice.reference_no),
      link,
    };
    const [sms] = await messagesTo(server.app, '96550202020');
    expect(sms).toMatchObject({ channel: 'sms', language: 'ar', body: fill(ar.app.sms.rent_invoice, values) });
    const [email] = await messagesTo(server.app, 'sara.schedule@example.com');
    expect(email).toMatchObject({
      channel: 'email',
      language: 'ar',
      subject: fill(ar.app.email.rent_invoice_subject, values),
      body: fill(ar.app.email.rent_invoice_body, values),
    });
    const delivered = await server.deliverMail();
    expect(delivered.filter((message) => message.recipient === 'sara.schedule@example.com')).toHaveLength(1);
  });

  it('keeps the standing: unpaid until due, overdue after, paid once paid with the next payment ahead', async () => {
    const start = monthStart(1);
    const yousef = await tenant(merchant, {
      name: 'Yousef Standing',
      mobile: '96550303030',
      unit_id: units[2].id,
      ...contractOf(start, 12),
      invoice_sending_day: 1,
    });
    await tickAt(inKuwait(start));
    const [invoice] = await invoicesOf(server.app, yousef.id);
    const standing = async () => {
      const response = await merchant.get(`/v1/tenants/${yousef.id}`);
      const { payment_status, last_payment_date, next_payment_date } = response.json() as Row;
      return { payment_status, last_payment_date, next_payment_date };
    };
    expect(invoice).toMatchObject({ period_start: start, due_date: addDays(start, 5) });
    expect(await standing()).toEqual({
      payment_status: 'unpaid',
      last_payment_date: undefined,
      next_payment_date: addDays(start, 5),
    });
    await tickAt(inKuwait(addDays(start, 6)));
    expect((await standing()).payment_status).toBe('overdue');

    // Paid (as the tenant's payment marks it): the standing reads the invoice again.
    const paidAt = inKuwait(addDays(start, 7), 20);
    await server.app.bawaba.db.query(
      `update rent_invoices set status = 'paid', paid_at = $2::timestamptz where id = $1::integer`,
      [invoice.id, paidAt.toISOString()],
    );
    // As of the payment, as the payment's own flow calls it.
    setClock(() => paidAt);
    await refreshTenantStanding(server.app.bawaba, server.app.bawaba.db, merchantId, yousef.id);
    setClock();
    expect(await standing()).toEqual({
      payment_status: 'paid',
      last_payment_date: addDays(start, 7),
      next_payment_date: addDays(addMonths(start, 1), 5),
    });
    // Another merchant's call changes nothing of this tenant.
    const other = await merchantIdOf(server, ACCOUNTS.vendor.email);
    await server.app.bawaba.db.query(`update tenants set payment_status = 'unpaid' where id = $1::integer`, [
      yousef.id,
    ]);
    await refreshTenantStanding(server.app.bawaba, server.app.bawaba.db, other, yousef.id);
    expect((await standing()).payment_status).toBe('unpaid');
  });

  it('issues the current period now from the tenant, and refuses a second time and a tenant with no contract', async () => {
    const day = today();
    const layla = await tenant(merchant, {
      name: 'Layla Issue Now',
      mobile: '96550404040',
      unit_id: units[3].id,
      ...contractOf(day, 6),
      invoice_sending_day: 12,
    });
    const period = currentPeriod(
      { period: 'monthly', sendingDay: 12, contractStart: day, contractEnd: addDays(addMonths(day, 6), -1) },
      day,
    );
    const issued = await merchant.post('/v1/rent-invoices/issue', { id: layla.id });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json()).toMatchObject({
      tenant_id: layla.id,
      unit_id: units[3].id,
      period_start: period?.start,
      amount: '300.500',
      status: 'unpaid',
    });
    expect(await messagesTo(server.app, '96550404040')).toHaveLength(1);
    const standing = (await merchant.get(`/v1/tenants/${layla.id}`)).json() as Row;
    expect(standing).toMatchObject({ payment_status: 'unpaid', next_payment_date: period?.due });

    const reference = String(issued.json().reference_no);
    const again = await merchant.post('/v1/rent-invoices/issue', { id: layla.id });
    expect(again.statusCode).toBe(409);
    const dates = (language: 'en' | 'ar') => ({
      from: formatDay(String(period?.start), language),
      to: formatDay(String(period?.end), language),
      reference,
    });
    expect(again.json().message).toBe(fill(en.app.message.rent_already_issued, dates('en')));
    const inArabic = await merchant.post('/v1/rent-invoices/issue', { id: layla.id }, { locale: 'ar' });
    expect(inArabic.statusCode).toBe(409);
    expect(inArabic.json().message).toBe(fill(ar.app.message.rent_already_issued, dates('ar')));
    // The scheduler leaves the period issued now alone.
    await tickAt(new Date());
    expect(await invoicesOf(server.app, layla.id)).toHaveLength(1);
    expect(await messagesTo(server.app, '96550404040')).toHaveLength(1);

    // A tenant whose contract has not started, and an inactive one, owe no rent yet.
    const later = await tenant(merchant, {
      name: 'Later Tenant',
      mobile: '96550505050',
      unit_id: units[4].id,
      contract_start: monthStart(2),
      contract_end: addDays(monthStart(8), -1),
      invoice_sending_day: 1,
    });
    const inactive = await tenant(merchant, {
      name: 'Inactive Tenant',
      mobile: '96550606060',
      unit_id: units[5].id,
      ...contractOf(day, 6),
      invoice_sending_day: 1,
      tenant_status: 'inactive',
    });
    for (const id of [later.id, inactive.id]) {
      const refused = await merchant.post('/v1/rent-invoices/issue', { id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(en.app.message.rent_no_contract);
      const arabic = await merchant.post('/v1/rent-invoices/issue', { id }, { locale: 'ar' });
      expect(arabic.json().message).toBe(ar.app.message.rent_no_contract);
      expect(await invoicesOf(server.app, id)).toEqual([]);
    }
    expect(await messagesTo(server.app, '96550505050')).toEqual([]);

    // Another merchant's tenant is not found; an employee without the rental permission is refused.
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    expect((await vendor.post('/v1/rent-invoices/issue', { id: layla.id })).statusCode).toBe(403);
    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    expect((await staff.post('/v1/rent-invoices/issue', { id: layla.id })).statusCode).toBe(403);
    expect((await merchant.post('/v1/rent-invoices/issue', { id: 2_000_000_000 })).statusCode).toBe(404);
    expect(await invoicesOf(server.app, layla.id)).toHaveLength(1);
  });

  it('documents the issue-now action in the API document', async () => {
    const document = (await merchant.get('/v1/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/v1/rent-invoices/issue');
  });
});

describe.runIf(DRIVERS.includes('postgres'))('rent on schedule with two servers on one PostgreSQL', () => {
  const open: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    setClock();
    for (const app of open) await app.close();
    await drop?.();
  });

  it('issues and sends each invoice once', async () => {
    const database = await seededPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    drop = database.drop;
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        database: { url: database.url },
        publicUrl: TEST_PUBLIC_URL,
        transport: memoryTransport(),
        outboxIntervalMs: 0,
      });
      await app.ready();
      open.push(app);
    }
    const [one, two] = open;
    const merchant = await Client.signIn(one, ACCOUNTS.merchant);
    const units = await unitsFor(merchant, 'Two Servers Court', 8);
    const start = monthStart(1);
    const tenants: Row[] = [];
    for (const [i, unit] of units.entries())
      tenants.push(
        await tenant(merchant, {
          name: `Two Servers ${i + 1}`,
          mobile: `9655070707${i}`,
          unit_id: unit.id,
          ...contractOf(start, 12),
          invoice_sending_day: 3,
        }),
      );
    const at = inKuwait(addDays(start, 2));
    setClock(() => at);
    await Promise.all([one.scheduler.tick(at), two.scheduler.tick(at), one.scheduler.tick(at), two.scheduler.tick(at)]);
    setClock();
    for (const [i, row] of tenants.entries()) {
      expect(await invoicesOf(one, row.id)).toHaveLength(1);
      expect(await messagesTo(one, `9655070707${i}`)).toHaveLength(1);
    }
  }, 120_000);
});
