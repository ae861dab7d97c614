import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Queryable } from '../../src/server/db/database';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import { monthVolume, saleFeesFor } from '../../src/server/payments/fee-rules';
import { kuwaitMonthStart } from '../../src/server/payments/kuwait-time';
import { setAdminCharge, setCommission, setSaleAdminCharge } from '../../src/server/support/fees';
import { SupportError } from '../../src/server/support/services';
import { fromFils, toFils } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * A merchant's fees are its own, set by support: admin charges per payment method and per sale
 * list, and a dynamic commission tiered by the month's volume. The merchant sees them read-only,
 * its payments take them exactly, and the dynamic-commission report sums what was charged.
 */

const EMAIL = ACCOUNTS.merchant.email;

describe.each(DRIVERS)('fees and commission (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  let settingsEmployee: Client;
  let salesEmployee: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    settingsEmployee = await Client.signIn(server.app, { email: 'rania@demo.test', password: 'Rania@1234' });
    salesEmployee = await Client.signIn(server.app, { email: 'faisal@demo.test', password: 'Faisal@1234' });
  });
  afterAll(() => server?.close());

  const ctx = () => server.app.bawaba;
  /** Support's write, in a transaction of its own as the command line makes it. */
  const support = <T>(write: (tx: Queryable) => Promise<T>) => ctx().db.transaction(write);

  /** A card payment of the demo merchant made now, as stored. */
  async function paid(amount: string): Promise<Row> {
    const invoice = await created(merchant, '/v1/invoice', {
      kind: 'quick',
      customer_name: 'Yousef Al-Mutairi',
      mobile: '96550004455',
      amount,
      payment_methods: ['card'],
    });
    await new Payer(server).paid(invoice.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    const [row] = await transactionsOf(server, invoice.reference_no);
    return row;
  }

  it('shows the merchant its admin charges read-only, the seeded ones as support set them', async () => {
    const list = await merchant.list('/v1/setting/admin-charges');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((row: Row) => [row.payment_method, row.percent])).toEqual([
      ['apple_pay', '2'],
      ['card', '2.5'],
      ['cash', '0'],
      ['google_pay', '2'],
    ]);
    const [first] = list.json() as Row[];
    expect((await merchant.get(`/v1/setting/admin-charges/${first.id}`)).json()).toMatchObject({
      payment_method: 'apple_pay',
      percent: '2',
      fixed_amount: '0.000',
    });
    expect((await merchant.post('/v1/setting/admin-charges', { payment_method: 'card' })).statusCode).toBe(405);
    expect((await merchant.put(`/v1/setting/admin-charges/${first.id}`, { percent: '0' })).statusCode).toBe(405);
    expect((await merchant.delete(`/v1/setting/admin-charges/${first.id}`)).statusCode).toBe(405);
    const commission = await merchant.list('/v1/setting/commission');
    expect(commission.json()).toMatchObject([{ payment_method: 'card', percent: '0.5', min_amount: '0.050' }]);
  });

  it("hides one merchant's charges from another, and refuses employees without the settings permission", async () => {
    const [charge] = (await merchant.list('/v1/setting/admin-charges')).json() as Row[];
    expect((await vendor.get(`/v1/setting/admin-charges/${charge.id}`)).statusCode).toBe(404);
    // The vendor has no charges of its own: its payments take the default table.
    expect((await vendor.list('/v1/setting/admin-charges')).json()).toEqual([]);

    const refused = await staff.get('/v1/setting/admin-charges');
    expect(refused.statusCode).toBe(403);
    expect((await staff.get('/v1/setting/admin-charges', { locale: 'ar' })).json().message).not.toBe(
      refused.json().message,
    );
    expect((await staff.get('/v1/setting/commission')).statusCode).toBe(403);
    expect((await settingsEmployee.get('/v1/setting/admin-charges')).statusCode).toBe(200);
  });

  it('takes the admin charge support sets, with its fixed amount, minimum and maximum, exactly in fils', async () => {
    const charge = await support((tx) =>
      setAdminCharge(tx, ctx(), EMAIL, 'card', {
        percent: '1.25',
        fixed_amount: '0.100',
        min_amount: '0.200',
        max_amount: '5.000',
      }),
    );
    const shown = await merchant.get(`/v1/setting/admin-charges/${charge.id}`);
    expect(shown.json()).toMatchObject({
      payment_method: 'card',
      percent: '1.25',
      fixed_amount: '0.100',
      min_amount: '0.200',
      max_amount: '5.000',
    });
    // 1.25% of 10.010 is 0.125125: 0.125, plus 0.100; the commission 0.5% is 0.05005: 0.050.
    expect(await paid('10.010')).toMatchObject({ admin_charge: '0.225', commission: '0.050', net_amount: '9.735' });
    // 1.25% of 1.000 + 0.100 is 0.1125, raised to the minimum 0.200; the commission to its 0.050.
    expect(await paid('1.000')).toMatchObject({ admin_charge: '0.200', commission: '0.050', net_amount: '0.750' });
    // 1.25% of 900.000 + 0.100 is 11.350, lowered to the maximum 5.000; the commission 4.500.
    expect(await paid('900.000')).toMatchObject({ admin_charge: '5.000', commission: '4.500', net_amount: '890.500' });
  });

  it("refuses a bad charge with the schema's message and writes nothing", async () => {
    const before = (await merchant.list('/v1/setting/admin-charges')).json();
    await expect(support((tx) => setAdminCharge(tx, ctx(), EMAIL, 'card', { percent: '2.5%' }))).rejects.toThrow(
      /percent: Enter a percentage/,
    );
    await expect(support((tx) => setAdminCharge(tx, ctx(), EMAIL, 'card', { percent: '100.5' }))).rejects.toThrow(
      /percent: Enter a percentage/,
    );
    await expect(
      support((tx) => setAdminCharge(tx, ctx(), EMAIL, 'card', { min_amount: '2.000', max_amount: '1.000' })),
    ).rejects.toThrow(/min_amount: The minimum must not exceed the maximum/);
    await expect(support((tx) => setAdminCharge(tx, ctx(), EMAIL, 'knet', { percent: '1' }))).rejects.toThrow(
      SupportError,
    );
    await expect(support((tx) => setAdminCharge(tx, ctx(), 'nobody@demo.test', 'card', {}))).rejects.toThrow(
      /No merchant/,
    );
    expect((await merchant.list('/v1/setting/admin-charges')).json()).toEqual(before);
  });

  it("tiers the commission by the month's volume before the payment, not counting the payment itself", async () => {
    const merchantId = await merchantIdOf(server, EMAIL);
    const volume = await monthVolume(ctx().db, ctx(), merchantId, new Date());
    // A second tier starting 20.000 KWD above what the month took so far.
    const from = fromFils(volume + 20_000n);
    await support((tx) => setCommission(tx, ctx(), EMAIL, 'card', { percent: '0.25', monthly_volume_from: from }));
    const tiers = (await merchant.list('/v1/setting/commission')).json() as Row[];
    expect(tiers.map((tier) => [tier.monthly_volume_from, tier.percent])).toEqual(
      expect.arrayContaining([
        ['0.000', '0.5'],
        [from, '0.25'],
      ]),
    );
    // 0.5% of 20.000 is 0.100: the volume before it is below the second tier, though it reaches it.
    expect(await paid('20.000')).toMatchObject({ commission: '0.100' });
    // Now the month has taken 20.000 more: 0.25% of 40.000 is 0.100, not 0.200.
    expect(await paid('40.000')).toMatchObject({ commission: '0.100' });
  });

  it('lists sale admin charges per sale list, and computes the fees of an order of that list', async () => {
    const [list] = (await merchant.list('/v1/sale/list', { sort: ['id', 'ASC'] })).json() as Row[];
    const charge = await support((tx) =>
      setSaleAdminCharge(tx, ctx(), EMAIL, String(list.reference_no), 'apple_pay', {
        percent: '1',
        fixed_amount: '0.050',
      }),
    );
    const shown = await merchant.get(`/v1/setting/sale-admin-charges/${charge.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ sale_list_id: list.id, payment_method: 'apple_pay', percent: '1' });
    const listed = (await merchant.list('/v1/setting/sale-admin-charges')).json() as Row[];
    expect(listed.map((row) => [row.sale_list_id, row.payment_method])).toEqual(
      expect.arrayContaining([
        [list.id, 'card'],
        [list.id, 'apple_pay'],
      ]),
    );
    expect((await vendor.get(`/v1/setting/sale-admin-charges/${charge.id}`)).statusCode).toBe(404);
    expect((await staff.get('/v1/setting/sale-admin-charges')).statusCode).toBe(403);

    const merchantId = await merchantIdOf(server, EMAIL);
    const fees = await saleFeesFor(ctx().db, ctx(), merchantId, list.id, 10_000n, 'apple_pay', new Date());
    // The sale list's 1% + 0.050 instead of the merchant's 2%; no commission on wallets.
    expect(fees).toEqual({ adminCharge: 150n, commission: 0n, net: 9_850n });
    // The seeded card charge of that list: 2% + 0.100 and the card commission of 0.5%.
    // At the start of the month, before any volume: the first commission tier.
    const monthStart = new Date(kuwaitMonthStart(new Date()).getTime() + 1);
    const cardFees = await saleFeesFor(ctx().db, ctx(), merchantId, list.id, 10_000n, 'card', monthStart);
    expect(cardFees).toEqual({ adminCharge: 300n, commission: 50n, net: 9_650n });
  });

  it('reports the dynamic commission per month and method, with totals that match the transactions', async () => {
    const from = kuwaitDate(-150);
    const to = kuwaitDate(0);
    const response = await merchant.get('/v1/report/dynamic-commission', { query: { from, to } });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    const merchantId = await merchantIdOf(server, EMAIL);
    const [expected] = await ctx().db.query<{ count: number; amount: string; commission: string }>(
      `select count(*)::integer as count, coalesce(sum(captured_amount), 0)::text as amount,
              coalesce(sum(commission), 0)::text as commission
         from transactions where merchant_id = $1::integer and status in ('success', 'refunded')
          and created_at >= $2::timestamptz`,
      [merchantId, new Date(Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000).toISOString()],
    );
    expect(report.totals).toEqual({
      count: expected.count,
      amount: fromFils(toFils(expected.amount) ?? 0n),
      commission: fromFils(toFils(expected.commission) ?? 0n),
    });
    const month = to.slice(0, 7);
    const card = report.rows.find((row: Row) => row.month === month && row.payment_method === 'card');
    expect(toFils(card.commission)).toBeGreaterThan(0n);
    // The seeded payments carry the demo merchant's card commission, computed as they were made.
    expect(report.rows.filter((row: Row) => row.payment_method === 'card').length).toBeGreaterThan(1);
    expect(
      report.rows
        .filter((row: Row) => row.payment_method === 'apple_pay')
        .every((row: Row) => row.commission === '0.000'),
    ).toBe(true);

    // The transactions report's readers may read it; others not.
    expect((await staff.get('/v1/report/dynamic-commission', { query: { from, to } })).statusCode).toBe(200);
    expect((await salesEmployee.get('/v1/report/dynamic-commission', { query: { from, to } })).statusCode).toBe(403);
    // Another merchant sees its own payments, without commission.
    const other = (await vendor.get('/v1/report/dynamic-commission', { query: { from, to } })).json();
    expect(other.totals.commission).toBe('0.000');
    expect(other.totals.count).toBeLessThan(report.totals.count);
  });

  it('refuses a report without dates or over more than six months, in English and Arabic', async () => {
    const missing = await merchant.get('/v1/report/dynamic-commission', { query: { to: kuwaitDate(0) } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select the date');
    const long = await merchant.get('/v1/report/dynamic-commission', {
      query: { from: kuwaitDate(-200), to: kuwaitDate(0) },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['to']);
    const arabic = await merchant.get('/v1/report/dynamic-commission', {
      query: { from: kuwaitDate(-200), to: kuwaitDate(0) },
      locale: 'ar',
    });
    expect(arabic.json().message).not.toBe(long.json().message);
    const reversed = await merchant.get('/v1/report/dynamic-commission', {
      query: { from: kuwaitDate(0), to: kuwaitDate(-1) },
    });
    expect(reversed.statusCode).toBe(400);
    expect(
      (await merchant.get('/v1/report/dynamic-commission', { query: { from: 'soon', to: 'later' } })).statusCode,
    ).toBe(400);
  });
});

describe('the fee commands of the support command line', () => {
  let dataDir: string;
  const start = () =>
    buildApp({
      database: { dataDir: join(dataDir, 'pglite') },
      uploadsDir: join(dataDir, 'uploads'),
      transport: memoryTransport(),
      outboxIntervalMs: 0,
    });
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/support.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bawaba-fees-'));
    await (await start()).close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('sets an admin charge and a commission that the merchant then sees and pays', async () => {
    const set = run(
      'admin-charge',
      EMAIL,
      'card',
      '--percent',
      '2.5',
      '--fixed',
      '0.100',
      '--min',
      '0.050',
      '--max',
      '5.000',
    );
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/Admin charge of card: 2\.5% \+ 0\.100 KWD, min 0\.050, max 5\.000/);
    const commission = run('commission', EMAIL, 'card', '--from-volume', '0', '--percent', '1');
    expect(commission.status, commission.stderr).toBe(0);
    const bad = run('admin-charge', EMAIL, 'card', '--percent', 'lots');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/percent: Enter a percentage/);
    const listed = run('fees', EMAIL);
    expect(listed.stdout).toMatch(/card\s+2\.5% \+ 0\.100 KWD, min 0\.050, max 5\.000/);
    expect(listed.stdout).toMatch(/card\s+from 0\.000 KWD a month: 1%/);

    const app = await start();
    try {
      const merchant = await Client.signIn(app, ACCOUNTS.merchant);
      const charges = (await merchant.list('/v1/setting/admin-charges')).json() as Row[];
      expect(charges.find((row) => row.payment_method === 'card')).toMatchObject({
        percent: '2.5',
        fixed_amount: '0.100',
        min_amount: '0.050',
        max_amount: '5.000',
      });
      const invoice = await created(merchant, '/v1/invoice', {
        kind: 'quick',
        customer_name: 'Yousef Al-Mutairi',
        mobile: '96550004455',
        amount: '10.000',
        payment_methods: ['card'],
      });
      const payer = new Client(app);
      const pay = await payer.post(`/v1/pay/${invoice.reference_no}`, {
        method: 'card',
        card: card(TEST_CARDS.success),
      });
      expect(pay.statusCode, pay.body).toBe(200);
      const [row] = await app.bawaba.db.query<Row>(
        `select admin_charge::text as admin_charge, commission::text as commission, net_amount::text as net_amount
           from transactions where invoice_reference = $1::text`,
        [invoice.reference_no],
      );
      // 2.5% of 10.000 + 0.100; 1% commission.
      expect(row).toEqual({ admin_charge: '0.350', commission: '0.100', net_amount: '9.550' });
    } finally {
      await app.close();
    }
    const removed = run('commission', EMAIL, 'card', '--remove');
    expect(removed.status, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/Commission of card: 1 removed/);
    // Each command opens the embedded database afresh.
  }, 180_000);
});
