import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { addDays, addMonths } from '../../src/schema/calendar';
import { ACCOUNTS, Client } from './helpers/client';
import { kuwaitDate, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Units and contracts (SPEC §4 "unit rental status"): a unit is rented while a contract on it runs
 * and available again once it ends or is terminated — by the contract's dates, through the
 * scheduler, and by the actions; a blocked unit cannot be chosen; contracts renew for as long again
 * or are terminated with a reason; a tenant whose contract ends within 30 days is flagged.
 */

describe.each(DRIVERS)('units and contracts (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const today = kuwaitDate(0);
  /** Noon in Kuwait of the day `days` from today, for a scheduler tick. */
  const noonIn = (days: number) => new Date(`${addDays(today, days)}T12:00:00+03:00`);

  const ok = async (response: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as Row;
  };
  const unit = async (id: number) => ok(await merchant.get(`/v1/units/${id}`));
  const tenant = async (id: number) => ok(await merchant.get(`/v1/tenants/${id}`));
  const contract = async (id: number) => ok(await merchant.get(`/v1/contracts/${id}`));
  const contractsOf = async (tenantId: number) =>
    (await merchant.list('/v1/contracts', { filter: { tenant_id: tenantId }, range: [0, 9] })).json() as Row[];

  /** A new building of `names`, every unit available but those named in `blocked`. */
  async function building(name: string, names: string[], blocked: string[] = []): Promise<Map<string, Row>> {
    const [category] = (await merchant.list('/v1/asset-categories', { filter: { status: 'active' } })).json() as Row[];
    const [unitCategory] = (await merchant.list('/v1/unit-categories')).json() as Row[];
    const asset = await ok(
      await merchant.post('/v1/assets', {
        name,
        category_id: category.id,
        classification: 'residential',
        number_of_units: names.length,
        units: names.map((unitName) => ({
          name: unitName,
          category_id: unitCategory.id,
          rent_amount: '300.000',
          ...(blocked.includes(unitName) ? { rental_status: 'blocked' } : {}),
        })),
      }),
      201,
    );
    const units = (await merchant.list('/v1/units', { filter: { asset_id: asset.id } })).json() as Row[];
    return new Map(units.map((row) => [String(row.name), row]));
  }

  const newTenant = (unitId: number, start: string, end: string, name = 'Bader Al-Saleh') =>
    merchant.post('/v1/tenants', {
      name,
      mobile: '96550011223',
      unit_id: unitId,
      contract_start: start,
      contract_end: end,
      rent_period: 'monthly',
      invoice_sending_day: 1,
    });

  /** A tenant of `unitId` and the contract saving it made over the same dates. */
  async function tenancy(unitId: number, start: string, end: string, name = 'Bader Al-Saleh') {
    const saved = await ok(await newTenant(unitId, start, end, name), 201);
    const [contract] = await contractsOf(saved.id);
    return { saved, contract };
  }

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  it('makes the contract of a tenant saved with its unit and dates, and rents the unit as soon as it runs', async () => {
    const units = await building('Contracts Tower A', ['A1']);
    const a1 = units.get('A1') as Row;
    const start = addMonths(today, -1);
    const end = addDays(addMonths(start, 12), -1);
    const saved = await ok(await newTenant(a1.id, start, end), 201);
    const [made] = await contractsOf(saved.id);
    expect(made).toMatchObject({
      unit_id: a1.id,
      start_date: start,
      end_date: end,
      rent_amount: '300.000',
      status: 'active',
    });
    expect((await unit(a1.id)).rental_status).toBe('rented');
    // Saving the tenant again makes no second contract.
    await ok(await merchant.put(`/v1/tenants/${saved.id}`, { ...saved, mobile_2: '96550011224' }));
    expect(await contractsOf(saved.id)).toHaveLength(1);

    // The unit is let for these dates: another contract over them is refused, in either language.
    for (const [locale, message] of [
      ['en', en.validation.unit_taken],
      ['ar', ar.validation.unit_taken],
    ] as const) {
      const taken = await merchant.inLocale(locale).post('/v1/contracts', {
        tenant_id: saved.id,
        unit_id: a1.id,
        start_date: addMonths(start, 2),
        end_date: addMonths(start, 4),
        rent_amount: '300.000',
      });
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().errors).toEqual({ start_date: message });
    }
    expect(await contractsOf(saved.id)).toHaveLength(1);

    // A tenant with rent invoiced is in use: not deleted, its contract kept.
    await ok(await merchant.post('/v1/rent-invoices/issue', { id: saved.id }), 201);
    expect((await merchant.delete(`/v1/tenants/${saved.id}`)).statusCode).toBe(409);
    expect(await contractsOf(saved.id)).toHaveLength(1);
    expect((await unit(a1.id)).rental_status).toBe('rented');
  });

  it('deletes a tenant entered by mistake with its contract, and frees the unit', async () => {
    const units = await building('Contracts Tower G', ['G1']);
    const g1 = units.get('G1') as Row;
    const saved = await ok(await newTenant(g1.id, today, addDays(addMonths(today, 12), -1), 'Mistaken Entry'), 201);
    expect((await unit(g1.id)).rental_status).toBe('rented');
    await ok(await merchant.delete(`/v1/tenants/${saved.id}`));
    expect(await contractsOf(saved.id)).toEqual([]);
    expect((await unit(g1.id)).rental_status).toBe('available');
    // The unit can be let again for the same dates.
    await ok(await newTenant(g1.id, today, addDays(addMonths(today, 12), -1), 'Right Entry'), 201);
  });

  it('refuses a blocked unit, in the caller’s language, and changes nothing', async () => {
    const units = await building('Contracts Tower B', ['B1', 'B2'], ['B2']);
    const b2 = units.get('B2') as Row;
    const [someone] = (await merchant.list('/v1/tenants', { range: [0, 0] })).json() as Row[];
    const body = {
      tenant_id: someone.id,
      unit_id: b2.id,
      start_date: today,
      end_date: addMonths(today, 6),
      rent_amount: '300.000',
    };
    for (const [locale, message] of [
      ['en', 'selected unit is blocked'],
      ['ar', 'الوحدة المختارة محظورة'],
    ] as const) {
      const refused = await merchant.inLocale(locale).post('/v1/contracts', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ unit_id: message });
    }
    expect((await newTenant(b2.id, today, addMonths(today, 6))).statusCode).toBe(400);
    expect((await unit(b2.id)).rental_status).toBe('blocked');
    expect((await merchant.list('/v1/contracts', { filter: { unit_id: b2.id } })).json()).toEqual([]);
  });

  it('starts a contract on its first day and ends it after its last, by the scheduler’s clock, once', async () => {
    const units = await building('Contracts Tower C', ['C1']);
    const c1 = units.get('C1') as Row;
    const [someone] = (await merchant.list('/v1/tenants', { range: [0, 0] })).json() as Row[];
    const start = addDays(today, 3);
    const end = addDays(today, 40);
    const draft = await ok(
      await merchant.post('/v1/contracts', {
        tenant_id: someone.id,
        unit_id: c1.id,
        start_date: start,
        end_date: end,
        rent_amount: '300.000',
      }),
      201,
    );
    expect(draft.status).toBe('draft');
    // The status moves by the dates and the actions only.
    const written = await merchant.put(`/v1/contracts/${draft.id}`, { ...draft, status: 'active' });
    expect(written.statusCode, written.body).toBe(200);
    expect((await contract(draft.id)).status).toBe('draft');

    await server.app.scheduler.tick(noonIn(2));
    expect((await contract(draft.id)).status).toBe('draft');
    expect((await unit(c1.id)).rental_status).toBe('available');

    const started = await server.app.scheduler.tick(noonIn(3));
    expect(started.contracts).toBeGreaterThanOrEqual(1);
    expect((await contract(draft.id)).status).toBe('active');
    expect((await unit(c1.id)).rental_status).toBe('rented');
    // A second run the same day moves nothing again.
    await server.app.scheduler.tick(noonIn(3));
    expect((await contract(draft.id)).status).toBe('active');

    await server.app.scheduler.tick(noonIn(41));
    expect((await contract(draft.id)).status).toBe('ended');
    expect((await unit(c1.id)).rental_status).toBe('available');
    const history = (
      await merchant.list('/v1/change-history', { filter: { entity: 'unit', record_id: c1.id }, range: [0, 9] })
    ).json() as Row[];
    const moves = history.filter((row) => row.field === 'rental_status').map((row) => row.new_value);
    expect(moves.sort()).toEqual(['available', 'rented']);
  });

  it('renews a running contract for as long again, its tenant’s contract end with it, and unflags it', async () => {
    const units = await building('Contracts Tower D', ['D1']);
    const d1 = units.get('D1') as Row;
    const start = addMonths(today, -12);
    const end = addDays(today, 20);
    const { saved, contract: running } = await tenancy(d1.id, start, end, 'Noura Al-Fahad');
    expect(running.status).toBe('active');
    // Ending within 30 days: the tenant is flagged (at once, and by the day's sweep).
    expect((await tenant(saved.id)).contract_expiring).toBe(true);
    await server.app.scheduler.tick(noonIn(0));
    expect((await tenant(saved.id)).contract_expiring).toBe(true);

    const renewed = await ok(await merchant.post(`/v1/contracts/${running.id}/renew`));
    const term = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
    expect(renewed).toMatchObject({ status: 'active', start_date: start, end_date: addDays(end, term) });
    expect(await tenant(saved.id)).toMatchObject({ contract_end: addDays(end, term), contract_expiring: false });
    const rows = (
      await merchant.list('/v1/change-history', { filter: { entity: 'contract', record_id: running.id } })
    ).json() as Row[];
    expect(rows.find((row) => row.field === 'end_date')).toMatchObject({
      old_value: end,
      new_value: addDays(end, term),
    });
  });

  it('refuses a renewal past the longest a contract runs, in the caller’s language, and changes nothing', async () => {
    const units = await building('Contracts Tower F', ['F1']);
    const f1 = units.get('F1') as Row;
    const start = addMonths(today, -1);
    const end = addDays(addMonths(start, 36), -1);
    const { contract: running } = await tenancy(f1.id, start, end, 'Dalal Al-Roumi');
    for (const [locale, message] of [
      ['en', en.app.message.renew_too_long],
      ['ar', ar.app.message.renew_too_long],
    ] as const) {
      const refused = await merchant.inLocale(locale).post(`/v1/contracts/${running.id}/renew`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(message.replace('%{months}', '60'));
    }
    expect(await contract(running.id)).toMatchObject({ status: 'active', end_date: end });
  });

  it('terminates a contract with a reason: its unit available, its tenant left; not twice', async () => {
    const units = await building('Contracts Tower E', ['E1']);
    const e1 = units.get('E1') as Row;
    const { saved, contract: running } = await tenancy(
      e1.id,
      addMonths(today, -2),
      addMonths(today, 10),
      'Fahad Al-Ajmi',
    );
    expect((await unit(e1.id)).rental_status).toBe('rented');

    const withoutReason = await merchant.post(`/v1/contracts/${running.id}/terminate`, {});
    expect(withoutReason.statusCode).toBe(400);
    expect((await contract(running.id)).status).toBe('active');

    const ended = await ok(
      await merchant.post(`/v1/contracts/${running.id}/terminate`, { reason: 'Tenant moved abroad' }),
    );
    expect(ended).toMatchObject({
      status: 'terminated',
      terminated_on: today,
      termination_reason: 'Tenant moved abroad',
    });
    expect((await unit(e1.id)).rental_status).toBe('available');
    expect((await tenant(saved.id)).tenant_status).toBe('left');

    const again = await merchant.post(`/v1/contracts/${running.id}/terminate`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const refused = await merchant.post(`/v1/contracts/${running.id}/renew`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This is not possible while the status is Terminated.');
  });

  it('keeps contracts to the merchant with the service', async () => {
    const [any] = (await merchant.list('/v1/contracts', { range: [0, 0] })).json() as Row[];
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const response = await vendor.post(`/v1/contracts/${any.id}/terminate`, { reason: 'Not mine' });
    expect(response.statusCode).toBe(403);
    expect((await contract(any.id)).status).toBe(any.status);
  });
});
