import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { createMerchant } from '../../src/server/merchants/merchants';
import { allServices } from '../../src/server/merchants/services';
import { actorOf, HISTORY_ENTITY } from '../../src/server/history/change-history';
import { fromFils, toFils } from '../../src/shared/money';
import { ACCOUNTS, Client, totalOf, writableOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * `x-resource.history`: creates, changes, status actions and deletes of the property records write
 * change history rows in their own transaction — per changed field, old and new value as text,
 * references by name, never a secret — visible to the merchant only.
 */

type Values = Record<string, unknown>;

/** Who the demo merchant's account is, as the history names it. */
const MERCHANT_NAME = 'Hessa Al-Noori';

/** A test entity with a secret, a write-only value and a reference, its history on. */
const locker: EntitySchema = {
  $id: 'locker',
  title: 'Locker',
  type: 'object',
  'x-resource': { table: 'lockers', endpoint: '/lockers', routes: { list: '/lockers' }, history: true },
  'x-list': { columns: ['label'], filters: [], sort: ['id', 'ASC'] },
  required: ['label'],
  properties: {
    id: { type: 'integer', readOnly: true },
    label: { type: 'string', maxLength: 40 },
    pin: { type: 'string', maxLength: 40, writeOnly: true, 'x-secret': 'hash' },
    code: { type: 'string', maxLength: 40, writeOnly: true },
    photo: { type: 'string', maxLength: 300 },
    unit_id: { type: 'integer', maximum: 2147483647, 'x-references': { entity: 'unit', label: 'name' } },
  },
};

/** The served entities: the product's, the history also listing lockers, and lockers. */
function entities(): EntitySchema[] {
  const history = entitySchemas[HISTORY_ENTITY];
  const names = [...(history.properties.entity.enum ?? []), 'locker'];
  return [
    ...Object.values(entitySchemas).filter((entity) => entity.$id !== HISTORY_ENTITY),
    { ...history, properties: { ...history.properties, entity: { ...history.properties.entity, enum: names } } },
    locker,
  ];
}

describe.each(DRIVERS)('change history (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;

  beforeAll(async () => {
    server = await startServer(driver, { entities: entities() });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const ok = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json() as Values;
  };
  const all = async (path: string, filter: Values = {}): Promise<Values[]> => {
    const response = await merchant.list(path, { filter, range: [0, 499] });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The history of one record, the latest change first. */
  const historyOf = async (entity: string, id: unknown) =>
    (await all('/v1/change-history', { entity })).filter((row) => row.record_id === id);

  const unitWithoutDiscount = async () => {
    const units = await all('/v1/units');
    const unit = units.find((candidate) => !candidate.discount_amount);
    if (!unit) throw new Error('The demo data has no unit without a discount');
    return unit;
  };

  it('writes one row when a unit’s rent changes, with the old and the new rent', async () => {
    const unit = await unitWithoutDiscount();
    const before = await historyOf('unit', unit.id);
    const rent = fromFils((toFils(String(unit.rent_amount)) ?? 0n) + 15_000n);
    const saved = await ok(
      merchant.put(`/v1/units/${String(unit.id)}`, { ...writableOf('unit', unit), rent_amount: rent }),
    );
    expect(saved.rent_amount).toBe(rent);

    const after = await historyOf('unit', unit.id);
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({
      entity: 'unit',
      record_id: unit.id,
      record_name: unit.name,
      field: 'rent_amount',
      old_value: unit.rent_amount,
      new_value: rent,
      changed_by: MERCHANT_NAME,
      changed_at: expect.any(String),
    });
    expect(Date.now() - Date.parse(String(after[0].changed_at))).toBeLessThan(60_000);
  });

  it('writes nothing for a refused update', async () => {
    const unit = await unitWithoutDiscount();
    const before = await historyOf('unit', unit.id);
    const values = writableOf('unit', unit);
    // Refused by the storage (no such asset) after the row was locked, and by the rules.
    const missing = await merchant.put(`/v1/units/${String(unit.id)}`, { ...values, asset_id: 999_999, name: 'X' });
    expect(missing.statusCode).toBe(400);
    const cheap = await merchant.put(`/v1/units/${String(unit.id)}`, {
      ...values,
      discount_status: true,
      discount_amount: '9999.000',
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().errors).toEqual({ rent_amount: 'rent must exceed discount' });
    expect(await historyOf('unit', unit.id)).toEqual(before);
  });

  it('writes nothing when nothing changed', async () => {
    const unit = await unitWithoutDiscount();
    const before = await historyOf('unit', unit.id);
    await ok(merchant.put(`/v1/units/${String(unit.id)}`, writableOf('unit', unit)));
    expect(await historyOf('unit', unit.id)).toEqual(before);
  });

  it('writes one row for a create and one for a delete, naming the record', async () => {
    const category = await ok(merchant.post('/v1/asset-categories', { name: 'Chalets', name_ar: 'شاليهات' }), 201);
    const [createdRow] = await historyOf('asset_category', category.id);
    expect(createdRow).toMatchObject({ record_name: 'Chalets', field: 'name', new_value: 'Chalets' });
    expect(createdRow).not.toHaveProperty('old_value');

    await ok(
      merchant.put(`/v1/asset-categories/${String(category.id)}`, {
        ...writableOf('asset_category', category),
        name: 'Beach chalets',
      }),
    );
    await ok(merchant.delete(`/v1/asset-categories/${String(category.id)}`));
    const rows = await historyOf('asset_category', category.id);
    expect(rows.map((row) => [row.field, row.old_value, row.new_value, row.record_name])).toEqual([
      ['name', 'Beach chalets', undefined, 'Beach chalets'],
      ['name', 'Chalets', 'Beach chalets', 'Beach chalets'],
      ['name', undefined, 'Chalets', 'Chalets'],
    ]);
  });

  it('records a status action as a change of the status', async () => {
    const [deposit] = await all('/v1/deposits', { status: 'unpaid' });
    await ok(merchant.post(`/v1/deposits/${String(deposit.id)}/mark_paid`));
    const [row] = await historyOf('deposit', deposit.id);
    expect(row).toMatchObject({
      record_name: deposit.reference_no,
      field: 'status',
      old_value: 'unpaid',
      new_value: 'paid',
      changed_by: MERCHANT_NAME,
    });
  });

  it('names a record without a name by what it references, and references by their names', async () => {
    const [contract] = await all('/v1/contracts');
    const tenant = await ok(merchant.get(`/v1/tenants/${String(contract.tenant_id)}`));
    const rows = await historyOf('contract', contract.id);
    // The demo contract was created by the merchant's account, at the contract's creation time.
    expect(rows.find((row) => row.field === 'tenant_id')).toMatchObject({
      record_name: tenant.name,
      field: 'tenant_id',
      new_value: tenant.name,
      changed_by: MERCHANT_NAME,
      changed_at: contract.created_at,
    });

    const [first, second] = (await all('/v1/units')) as Values[];
    const created = await ok(merchant.post('/v1/lockers', { label: 'Locker A', unit_id: first.id }), 201);
    await ok(merchant.put(`/v1/lockers/${String(created.id)}`, { label: 'Locker A', unit_id: second.id }));
    const [moved] = await historyOf('locker', created.id);
    expect(moved).toMatchObject({ field: 'unit_id', old_value: first.name, new_value: second.name });
  });

  it('never writes a secret or a write-only value; a file is its URL', async () => {
    const photo = 'https://pay.example.test/files/locker-b.png';
    const created = await ok(merchant.post('/v1/lockers', { label: 'Locker B', pin: 'Pin@12345', code: 'C-771' }), 201);
    await ok(
      merchant.put(`/v1/lockers/${String(created.id)}`, { label: 'Locker B', pin: 'Pin@67890', code: 'C-772', photo }),
    );
    const rows = await historyOf('locker', created.id);
    expect(rows.map((row) => [row.field, row.old_value, row.new_value])).toEqual([
      ['photo', undefined, photo],
      ['label', undefined, 'Locker B'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Pin@|C-77|scrypt/);
  });

  it('names who the store is told made the change', async () => {
    const unit = await unitWithoutDiscount();
    const { stores, db } = server.app.bawaba;
    const store = stores.get('unit');
    if (!store) throw new Error('No unit store');
    const [{ merchant_id: merchantId }] = await db.query<{ merchant_id: number }>(
      `select merchant_id from units where id = $1::integer`,
      [unit.id],
    );
    await db.transaction((tx) =>
      store.update(tx, merchantId, unit.id as number, { rental_status: 'blocked' }, 'patch', 'Rania Haddad'),
    );
    const [row] = await historyOf('unit', unit.id);
    expect(row).toMatchObject({ field: 'rental_status', new_value: 'blocked', changed_by: 'Rania Haddad' });
    expect(actorOf({ identity: { name: 'Rania Haddad', email: 'rania@demo.test' } })).toBe('Rania Haddad');
    expect(actorOf({ identity: { name: ' ', email: 'rania@demo.test' } })).toBe('rania@demo.test');
  });

  it("is the merchant's own: another merchant sees none of it", async () => {
    const [row] = await all('/v1/change-history');
    await server.app.bawaba.db.transaction((tx) =>
      createMerchant(tx, {
        name: 'Fintas Properties',
        contact_name: 'Yousef Al-Mutairi',
        email: 'fintas@history.test',
        password: 'Fintas@1234',
        services: allServices(true),
      }),
    );
    const other = await Client.signIn(server.app, { email: 'fintas@history.test', password: 'Fintas@1234' });
    const list = await other.list('/v1/change-history', { range: [0, 499] });
    expect(list.statusCode).toBe(200);
    expect(totalOf(list)).toBe(0);
    expect((await other.get(`/v1/change-history/${String(row.id)}`)).statusCode).toBe(404);

    // Their own change is theirs alone.
    const category = await ok(other.post('/v1/asset-categories', { name: 'Villas', name_ar: 'فلل' }), 201);
    const theirs = (await other.list('/v1/change-history', { range: [0, 499] })).json() as Values[];
    expect(theirs).toEqual([
      expect.objectContaining({ record_id: category.id, changed_by: 'Yousef Al-Mutairi', new_value: 'Villas' }),
    ]);
    expect((await all('/v1/change-history')).some((mine) => mine.id === theirs[0].id)).toBe(false);
  });
});
