import { expect } from 'vitest';
import { addDays, addMonths } from '../../../src/schema/calendar';
import { kuwaitToday } from '../../../src/server/payments/kuwait-time';
import type { Client } from './client';
import type { Row } from './pay';
import type { TestServer } from './server';

/**
 * Tenants as the merchant makes them: a building of units, a tenant renting one from today, the
 * current period's rent invoice issued from the tenant's page ("issue now"), a deposit.
 */

/** Units of a new building of the merchant's, rented at `rent` each; `first` adds to the first unit (a discount). */
export async function unitsOf(
  merchant: Client,
  name: string,
  count: number,
  rent = '300.500',
  first: Record<string, unknown> = {},
): Promise<Row[]> {
  let categories = (await merchant.list('/v1/asset-categories', { filter: { status: 'active' } })).json() as Row[];
  if (categories.length === 0)
    categories = [(await merchant.post('/v1/asset-categories', { name: `${name} buildings` })).json() as Row];
  let unitCategories = (await merchant.list('/v1/unit-categories')).json() as Row[];
  if (unitCategories.length === 0)
    unitCategories = [(await merchant.post('/v1/unit-categories', { name: `${name} flats` })).json() as Row];
  const created = await merchant.post('/v1/assets', {
    name,
    category_id: categories[0].id,
    classification: 'residential',
    number_of_units: count,
    units: Array.from({ length: count }, (_, i) => ({
      name: `${name} ${i + 1}`,
      category_id: unitCategories[0].id,
      rent_amount: rent,
      ...(i === 0 ? first : {}),
    })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const units = (await merchant.list('/v1/units', { filter: { asset_id: created.json().id } })).json() as Row[];
  return units.sort((a, b) => a.id - b.id);
}

/**
 * A tenant of `unit` on a monthly contract of six months from today: the contract the tenant's
 * dates make, or, when saving the tenant made none, one the merchant makes for them.
 */
export async function tenantOf(merchant: Client, unit: Row, values: Record<string, unknown>): Promise<Row> {
  const today = kuwaitToday(new Date());
  const end = addDays(addMonths(today, 6), -1);
  const response = await merchant.post('/v1/tenants', {
    rent_period: 'monthly',
    unit_id: unit.id,
    contract_start: today,
    contract_end: end,
    invoice_sending_day: 12,
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  const tenant = response.json() as Row;
  const contracts = (await merchant.list('/v1/contracts', { filter: { tenant_id: tenant.id } })).json() as Row[];
  if (contracts.length === 0) {
    const contract = await merchant.post('/v1/contracts', {
      tenant_id: tenant.id,
      unit_id: unit.id,
      start_date: today,
      end_date: end,
      rent_amount: unit.rent_amount,
    });
    expect(contract.statusCode, contract.body).toBe(201);
  }
  return tenant;
}

/** The tenant's rent invoice of the current period, issued now by the merchant. */
export async function rentInvoiceOf(merchant: Client, tenant: Row): Promise<Row & { reference_no: string }> {
  const issued = await merchant.post('/v1/rent-invoices/issue', { id: tenant.id });
  expect(issued.statusCode, issued.body).toBe(201);
  return issued.json();
}

/** A card deposit of the tenant's. */
export async function depositOf(
  merchant: Client,
  tenant: Row,
  amount: string,
  description = 'Security deposit',
): Promise<Row & { reference_no: string }> {
  const response = await merchant.post('/v1/deposits', { tenant_id: tenant.id, amount, description });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The tenant's link token, as stored (the API never answers it). */
export async function payTokenOf(server: TestServer, tenantId: number): Promise<string> {
  const [row] = await server.app.bawaba.db.query<{ pay_token: string }>(
    `select pay_token from tenants where id = $1::integer`,
    [tenantId],
  );
  return row.pay_token;
}
