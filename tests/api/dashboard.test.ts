import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, today } from '../../src/schema/calendar';
import type { DashboardSummary, PeriodTotal } from '../../src/shared/dashboard';
import { fromFils, toFils } from '../../src/shared/money';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * SPEC §1 "Dashboard: latest transactions, monthly and weekly totals" at `GET /v1/dashboard`:
 * totals exact to the fils, for the caller's merchant only, behind the `dashboard` permission.
 * Totals are the payments the ledger recorded each day: a payment counts on the day its money was
 * taken (an authorisation on the day it was captured, for what was captured) and stays counted
 * when it is refunded later, as money taken that day; each transaction's recorded payments add up
 * to what it captured.
 */

type Total = PeriodTotal;
type Dashboard = DashboardSummary;

/** A transaction as stored (a type, not an interface: rows are indexable). */
type StoredTransaction = {
  id: number;
  amount: string;
  captured_amount: string | null;
  status: string;
  created_at: string;
};

/** A payment the ledger recorded: money taken from a payer for a transaction, on a day. */
type Taken = { transaction_id: number; day: string; amount: string };

describe.each(DRIVERS)('the dashboard (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  const merchantIds: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    merchantIds.merchant = (await merchant.get('/v1/profile')).json().merchant.id;
    merchantIds.vendor = (await vendor.get('/v1/profile')).json().merchant.id;
  });
  afterAll(() => server?.close());

  const dashboardOf = async (client: Client): Promise<Dashboard> => {
    const response = await client.get('/v1/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const storedOf = (merchantId: number) =>
    server.app.bawaba.db.query<StoredTransaction>(
      `select id, amount::text as amount, captured_amount::text as captured_amount, status, created_at
       from transactions where merchant_id = $1::integer`,
      [merchantId],
    );

  /** The payments the ledger's entries recorded for the merchant, one line each. */
  const takenOf = (merchantId: number) =>
    server.app.bawaba.db.query<Taken>(
      `select transaction_id, day::text as day, amount_fils::text as amount from ledger_entries
       where merchant_id = $1::integer and event in ('payment', 'capture') and account in ('merchant_balance', 'cash_received')`,
      [merchantId],
    );

  /** What a total must be: the payments recorded from its first day to its last, summed in fils. */
  function expected(taken: Taken[], { from, to }: Total): Total {
    const inside = taken.filter((t) => t.day >= from && t.day <= to);
    const sum = inside.reduce((total, t) => total + BigInt(t.amount), 0n);
    return { from, to, count: inside.length, amount: fromFils(sum) };
  }

  /** The dashboard's totals are the recorded payments of their days, and those are what each transaction captured. */
  async function expectExactTotals(dashboard: Dashboard, merchantId: number): Promise<void> {
    const taken = await takenOf(merchantId);
    for (const total of [dashboard.week, dashboard.month, ...dashboard.daily, ...dashboard.monthly])
      expect(total).toEqual(expected(taken, total));
    const recorded = new Map<number, bigint>();
    for (const t of taken) recorded.set(t.transaction_id, (recorded.get(t.transaction_id) ?? 0n) + BigInt(t.amount));
    for (const transaction of await storedOf(merchantId))
      expect([transaction.id, recorded.get(transaction.id) ?? 0n]).toEqual([
        transaction.id,
        toFils(transaction.captured_amount ?? '0'),
      ]);
  }

  it('answers the periods: this week from Sunday, this month, the last 7 days and the last 6 months', async () => {
    const dashboard = await dashboardOf(merchant);
    const day = today();
    expect(dashboard.currency).toBe('KWD');
    expect(dashboard.today).toBe(day);
    expect(new Date(`${dashboard.week.from}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(dashboard.week.from > addDays(day, -7) && dashboard.week.to === day).toBe(true);
    expect(dashboard.month).toMatchObject({ from: `${day.slice(0, 8)}01`, to: day });
    expect(dashboard.daily.map((total) => total.from)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(day, i - 6)),
    );
    expect(dashboard.daily.every((total) => total.from === total.to)).toBe(true);
    expect(dashboard.monthly.map((total) => total.from)).toEqual(
      Array.from({ length: 6 }, (_, i) => addMonths(`${day.slice(0, 8)}01`, i - 5)),
    );
    expect(dashboard.monthly.at(-1)?.to).toBe(day);
    expect(dashboard.monthly[4].to).toBe(addDays(`${day.slice(0, 8)}01`, -1));
  });

  it('totals the payments of each period exactly, and lists the 10 latest', async () => {
    const dashboard = await dashboardOf(merchant);
    const transactions = await storedOf(merchantIds.merchant);
    await expectExactTotals(dashboard, merchantIds.merchant);
    expect(dashboard.monthly.reduce((count, total) => count + total.count, 0)).toBeGreaterThan(20);
    const newest = [...transactions]
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .slice(0, 10)
      .map((t) => t.id);
    expect(dashboard.latest.map((t) => t.id)).toEqual(newest);
    expect(dashboard.latest[0]).toMatchObject({ reference_no: expect.any(String), amount: expect.any(String) });
  });

  it('adds to the fils: 0.001 and 1234567.899 make 1234567.900 more, a failed payment nothing', async () => {
    const before = await dashboardOf(merchant);
    const store = server.app.bawaba.stores.get('transaction');
    if (!store) throw new Error('transactions are not served');
    const now = new Date().toISOString();
    const added = [];
    for (const [amount, status] of [
      ['0.001', 'success'],
      ['1234567.899', 'success'],
      ['5.000', 'failed'],
    ] as const)
      added.push(
        await store.create(
          server.app.bawaba.db,
          merchantIds.merchant,
          {},
          {
            reference_no: `TEST${amount}`,
            amount,
            // A success took its amount from the payer (no fee here, to keep the sum plain); a failure took nothing.
            ...(status === 'success' ? { captured_amount: amount, pending_amount: amount } : {}),
            status,
            channel: 'online',
            payment_method: 'card',
            created_at: now,
          },
        ),
      );
    const after = await dashboardOf(merchant);
    const grew = (a: Total, b: Total) => ({
      count: b.count - a.count,
      amount: fromFils((toFils(b.amount) as bigint) - (toFils(a.amount) as bigint)),
    });
    for (const [a, b] of [
      [before.week, after.week],
      [before.month, after.month],
      [before.daily[6], after.daily[6]],
      [before.monthly[5], after.monthly[5]],
    ])
      expect(grew(a, b)).toEqual({ count: 2, amount: '1234567.900' });
    expect(after.latest.slice(0, 3).map((t) => t.id)).toEqual(expect.arrayContaining(added.map((t) => t.id)));
    await expectExactTotals(after, merchantIds.merchant);
  });

  it('shows each merchant its own transactions only', async () => {
    const dashboard = await dashboardOf(vendor);
    const transactions = await storedOf(merchantIds.vendor);
    await expectExactTotals(dashboard, merchantIds.vendor);
    const own = new Set(transactions.map((t) => t.id));
    expect(dashboard.latest.length).toBeGreaterThan(0);
    expect(dashboard.latest.every((t) => own.has(t.id))).toBe(true);
    const demo = await dashboardOf(merchant);
    expect(demo.latest.some((t) => own.has(t.id))).toBe(false);
  });

  it('is open to employees with the dashboard permission only', async () => {
    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    expect((await staff.get('/v1/dashboard')).statusCode).toBe(200);

    const employees = server.app.bawaba.stores.get('employee');
    if (!employees) throw new Error('employees are not served');
    const account = { email: 'no-dashboard@demo.test', password: 'NoDash@1234' };
    await employees.create(server.app.bawaba.db, merchantIds.merchant, {
      name: 'Ali Al-Rashidi',
      ...account,
      permissions: { general: ['invoices'] },
    });
    const clerk = await Client.signIn(server.app, account);
    const refused = await clerk.get('/v1/dashboard');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do this' });
    expect((await clerk.get('/v1/dashboard', { locale: 'ar' })).json()).toEqual({
      message: 'ليست لديك صلاحية للقيام بذلك',
    });
    expect((await new Client(server.app).get('/v1/dashboard')).statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document with its response', async () => {
    const document = (await merchant.get('/v1/openapi.json')).json();
    const answer = document.paths['/v1/dashboard'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(
      expect.arrayContaining(['week', 'month', 'daily', 'monthly', 'latest']),
    );
    expect(JSON.stringify(answer.properties.latest)).toContain('transaction.record');
  });
});
