import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFils, toFils } from '../../src/shared/money';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Property management through the API: the demo landlord's data, an asset saved with its units,
 * deposit actions, the lists SPEC §2 routes show, the asset report's sums, and the gates (service
 * property_management, employee permission rental).
 */

interface Row {
  id: number;
  [field: string]: unknown;
}

/** A KWD amount in fils; the report's net may be negative. */
const filsOf = (amount: unknown) => {
  const text = String(amount);
  const fils = toFils(text.replace(/^-/, ''));
  if (fils === null) throw new Error(`${text} is not a KWD amount`);
  return text.startsWith('-') ? -fils : fils;
};
const sum = (amounts: unknown[]) => fromFils(amounts.reduce<bigint>((total, amount) => total + filsOf(amount), 0n));

describe.each(DRIVERS)('property management (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const all = async (endpoint: string, filter: Record<string, unknown> = {}): Promise<Row[]> => {
    const response = await merchant.list(endpoint, { filter, range: [0, 499] });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const values = (rows: Row[], field: string) => new Set(rows.map((row) => row[field]));

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  it('seeds the demo landlord with every status of SPEC §4', async () => {
    const assets = await all('/v1/assets');
    expect(assets.map((asset) => asset.name)).toEqual(expect.arrayContaining(['برج السالمية', 'Hawalli Residence']));
    const units = await all('/v1/units');
    expect(units.length).toBeGreaterThanOrEqual(20);
    expect(values(units, 'rental_status')).toEqual(new Set(['available', 'rented', 'blocked']));
    const tenants = await all('/v1/tenants');
    expect(tenants.length).toBeGreaterThanOrEqual(15);
    expect(values(tenants, 'tenant_status')).toEqual(new Set(['active', 'inactive', 'left']));
    // The scheduler issued the rent on the replayed months, and tenants paid some of it on their page.
    expect(values(tenants, 'payment_status')).toContain('paid');
    expect(values(tenants, 'payment_status')).toContain('overdue');
    expect(values(await all('/v1/deposits'), 'status')).toEqual(new Set(['unpaid', 'paid', 'refunded']));
    const rents = await all('/v1/rent-invoices');
    expect(values(rents, 'status')).toEqual(new Set(['paid', 'unpaid']));
    // Every rent paid says when it was paid.
    for (const rent of rents.filter((row) => row.status === 'paid'))
      expect(rent, String(rent.reference_no)).toMatchObject({ paid_at: expect.any(String) });
    expect(values(await all('/v1/contracts'), 'status')).toEqual(new Set(['draft', 'active', 'ended', 'terminated']));
    expect((await all('/v1/expenses')).length).toBe(30);
    for (const endpoint of [
      '/v1/asset-categories',
      '/v1/unit-categories',
      '/v1/expense-categories',
      '/v1/change-history',
    ])
      expect((await all(endpoint)).length, endpoint).toBeGreaterThanOrEqual(3);

    // Each asset's remaining units is its number of units less the units it holds.
    for (const asset of assets) {
      const held = units.filter((unit) => unit.asset_id === asset.id).length;
      expect(asset.remaining_units, String(asset.name)).toBe(Number(asset.number_of_units) - held);
    }
    // Nobody rents a blocked unit.
    const blocked = new Set(units.filter((unit) => unit.rental_status === 'blocked').map((unit) => unit.id));
    expect(tenants.filter((tenant) => blocked.has(tenant.unit_id as number))).toEqual([]);
  });

  it('saves an asset with its units in one go; the asset does not carry them back', async () => {
    const [category] = await all('/v1/asset-categories', { status: 'active' });
    const [unitCategory] = await all('/v1/unit-categories');
    const created = await merchant.post('/v1/assets', {
      name: 'Jabriya Gardens',
      category_id: category.id,
      classification: 'residential',
      number_of_units: 3,
      area: 'Jabriya',
      units: [
        { name: 'Flat A', number: 'A', category_id: unitCategory.id, rent_amount: '410.000' },
        { name: 'Flat B', number: 'B', category_id: unitCategory.id, rent_amount: '425.500', rental_status: 'blocked' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json();
    expect(asset).toMatchObject({ name: 'Jabriya Gardens', number_of_units: 3, remaining_units: 1 });
    expect(asset.units).toBeUndefined();
    const units = await all('/v1/units', { asset_id: asset.id });
    expect(units.map((unit) => [unit.name, unit.rent_amount, unit.rental_status]).sort()).toEqual([
      ['Flat A', '410.000', 'available'],
      ['Flat B', '425.500', 'blocked'],
    ]);
    const fetched = await merchant.get(`/v1/assets/${asset.id}`);
    expect(fetched.json().units).toBeUndefined();

    // A unit added later takes the last place; one more is refused.
    const third = await merchant.post('/v1/units', {
      name: 'Flat C',
      asset_id: asset.id,
      category_id: unitCategory.id,
      rent_amount: '400.000',
    });
    expect(third.statusCode, third.body).toBe(201);
    expect((await merchant.get(`/v1/assets/${asset.id}`)).json().remaining_units).toBe(0);
    const fourth = await merchant.post('/v1/units', {
      name: 'Flat D',
      asset_id: asset.id,
      category_id: unitCategory.id,
      rent_amount: '400.000',
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().errors).toEqual({ asset_id: 'Unit Limit Exceed for this Asset' });
  });

  it('marks a deposit invoice paid or switches it to cash, only from the statuses that allow it', async () => {
    const [deposit] = await all('/v1/deposits', { status: 'unpaid', payment_method: 'card' });
    expect(deposit).toBeDefined();
    const cash = await merchant.post(`/v1/deposits/${deposit.id}/switch_to_cash`);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ payment_method: 'cash', status: 'unpaid' });
    expect((await merchant.post(`/v1/deposits/${deposit.id}/switch_to_cash`)).statusCode).toBe(409);

    const paid = await merchant.post(`/v1/deposits/${deposit.id}/mark_paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reference_no: deposit.reference_no });
    expect((await merchant.post(`/v1/deposits/${deposit.id}/mark_paid`)).statusCode).toBe(409);
  });

  it('lists the tenants of one unit, and offers rent invoices and the change history as reports only', async () => {
    const [tenant] = await all('/v1/tenants', { tenant_status: 'active' });
    const ofUnit = await all('/v1/tenants', { unit_id: tenant.unit_id });
    expect(ofUnit.map((row) => row.id)).toContain(tenant.id);
    expect(values(ofUnit, 'unit_id')).toEqual(new Set([tenant.unit_id]));

    const [invoice] = await all('/v1/rent-invoices');
    expect(invoice.reference_no).toMatch(/^REN-\d{4}-\d{6}$/);
    expect((await merchant.get(`/v1/rent-invoices/${invoice.id}`)).statusCode).toBe(200);
    // Reports offer list and show only: no write reaches them.
    expect((await merchant.post('/v1/rent-invoices', { ...invoice, id: undefined })).statusCode).toBe(405);
    const [change] = await all('/v1/change-history');
    expect((await merchant.delete(`/v1/change-history/${change.id}`)).statusCode).toBe(405);
  });

  it('reports per asset the units by status and the month in KWD, summed exactly', async () => {
    const response = await merchant.get('/v1/asset/report');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.month).toMatch(/^\d{4}-\d{2}$/);

    const assets = await all('/v1/assets');
    expect(report.assets.map((row: Row) => row.id).sort()).toEqual(assets.map((asset) => asset.id).sort());

    const [year, month] = report.month.split('-').map(Number);
    const from = `${report.month}-01`;
    const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const units = await all('/v1/units');
    const invoices = await all('/v1/rent-invoices', { due_date_gte: from, due_date_lte: to });
    const expenses = await all('/v1/expenses', { date_gte: from, date_lte: to });
    const assetOf = new Map(units.map((unit) => [unit.id, unit.asset_id]));

    let anyMoney = false;
    for (const row of report.assets as Row[]) {
      const own = units.filter((unit) => unit.asset_id === row.id);
      const owned = invoices.filter((invoice) => assetOf.get(invoice.unit_id as number) === row.id);
      const due = sum(owned.filter((invoice) => invoice.status !== 'cancelled').map((invoice) => invoice.amount));
      const collected = sum(owned.filter((invoice) => invoice.status === 'paid').map((invoice) => invoice.amount));
      const spent = sum(expenses.filter((expense) => expense.asset_id === row.id).map((expense) => expense.amount));
      expect(row, String(row.name)).toMatchObject({
        units: own.length,
        rented: own.filter((unit) => unit.rental_status === 'rented').length,
        available: own.filter((unit) => unit.rental_status === 'available').length,
        blocked: own.filter((unit) => unit.rental_status === 'blocked').length,
        rent_due: due,
        collected,
        expenses: spent,
        net: fromFils(filsOf(collected) - filsOf(spent)),
      });
      anyMoney ||= due !== '0.000';
    }
    expect(anyMoney, 'the demo data has rent due this month').toBe(true);
    expect(report.totals.units).toBe(units.length);
    expect(report.totals.rent_due).toBe(sum(report.assets.map((row: Row) => row.rent_due)));
    expect(report.totals.net).toBe(sum(report.assets.map((row: Row) => row.net)));
  });

  it('reports another month when asked, and refuses a month that is not one', async () => {
    const past = await merchant.get('/v1/asset/report', { query: { month: '2020-01' } });
    expect(past.statusCode).toBe(200);
    expect(past.json().month).toBe('2020-01');
    expect(past.json().totals).toMatchObject({
      rent_due: '0.000',
      collected: '0.000',
      expenses: '0.000',
      net: '0.000',
    });
    expect((await merchant.get('/v1/asset/report', { query: { month: '2020-13' } })).statusCode).toBe(400);
  });

  it('keeps property management to merchants with the service and employees with the rental permission', async () => {
    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    for (const url of ['/v1/asset/report', '/v1/assets', '/v1/tenants', '/v1/change-history']) {
      const response = await staff.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('You do not have permission to do this');
    }
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    for (const url of ['/v1/asset/report', '/v1/units', '/v1/deposits']) {
      const response = await vendor.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('Service not fully enabled, please contact support');
    }
    expect((await new Client(server.app).get('/v1/asset/report')).statusCode).toBe(401);
  });
});
