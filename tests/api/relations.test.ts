import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFils, toFils } from '../../src/shared/money';
import { entitiesWithRelations } from '../support/relations-schema';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The cross-record keywords (SPEC §5: names not duplicated, the unit limit of an asset, a category
 * before an asset, at least one unit, a blocked unit cannot be selected, a refund or capture at
 * most the pending amount; SPEC §4: known transitions), on test-only shelves, boxes and pallets and
 * on the product's sales lists, refunds and captures: every refusal is in the caller's language
 * and changes nothing.
 */

type Row = Record<string, unknown> & { id: number };

const CATEGORIES = '/v1/test/shelf-categories';
const SHELVES = '/v1/test/shelves';
const BOXES = '/v1/test/boxes';
const PALLETS = '/v1/test/pallets';

describe.each(DRIVERS)('cross-record rules (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver, { entities: entitiesWithRelations() });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
  });
  afterAll(() => server?.close());

  let names = 0;
  /** A name no other test uses. */
  const unique = (prefix: string) => `${prefix} ${++names}`;

  async function created(client: Client, url: string, body: unknown): Promise<Row> {
    const response = await client.post(url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const category = (client = merchant, state = 'open') =>
    created(client, CATEGORIES, { name: unique('Category'), state });
  async function shelf(capacity: number, boxes: unknown[] = [{ name: 'First', size: 'small' }], client = merchant) {
    const { id } = await category(client);
    return created(client, SHELVES, { name: unique('Shelf'), category_id: id, capacity, boxes });
  }
  const read = async (url: string, client = merchant): Promise<Row> => (await client.get(url)).json();
  const count = async (url: string, filter: Record<string, unknown> = {}) =>
    totalOf(await merchant.list(url, { filter, range: [0, 0] }));

  describe('x-unique', () => {
    it('refuses a name the merchant already uses, trimmed and in any case, with 409 in the caller language', async () => {
      const first = await category();
      const before = await count(CATEGORIES);
      const clash = await merchant.post(CATEGORIES, { name: `  ${String(first.name).toUpperCase()} ` });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({
        message: 'This value is already used',
        errors: { name: 'This value is already used' },
      });
      const arabic = await merchant.post(CATEGORIES, { name: first.name }, { locale: 'ar' });
      expect(arabic.json()).toEqual({
        message: 'هذه القيمة مستخدمة بالفعل',
        errors: { name: 'هذه القيمة مستخدمة بالفعل' },
      });
      expect(await count(CATEGORIES)).toBe(before);
    });

    it('lets another merchant use the name, and a record keep its own', async () => {
      const mine = await category();
      expect((await vendor.post(CATEGORIES, { name: mine.name })).statusCode).toBe(201);
      const kept = await merchant.put(`${CATEGORIES}/${mine.id}`, { name: mine.name, state: 'closed' });
      expect(kept.statusCode).toBe(200);
      const other = await category();
      const renamed = await merchant.put(`${CATEGORIES}/${other.id}`, { name: mine.name });
      expect(renamed.statusCode).toBe(409);
      expect((await read(`${CATEGORIES}/${other.id}`)).name).toBe(other.name);
    });

    it('with `within`, refuses a name only among records sharing the value, with the schema message', async () => {
      const a = await shelf(5);
      const b = await shelf(5);
      const again = await merchant.post(BOXES, { name: 'first', size: 'large', shelf_id: a.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'This value is already in use',
        errors: { name: 'This value is already in use' },
      });
      await created(merchant, BOXES, { name: 'Apples', size: 'large', shelf_id: a.id });
      expect((await merchant.post(BOXES, { name: 'apples', size: 'large', shelf_id: b.id })).statusCode).toBe(201);
    });
  });

  describe('x-references', () => {
    it('refuses an id that is no record of the merchant (400), in English and Arabic', async () => {
      const theirs = await category(vendor);
      for (const id of [2_000_000_000, theirs.id]) {
        const response = await merchant.post(SHELVES, {
          name: unique('Shelf'),
          category_id: id,
          capacity: 1,
          boxes: [{ name: 'A', size: 'small' }],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'The selected record does not exist',
          errors: { category_id: 'The selected record does not exist' },
        });
      }
      const arabic = await merchant.post(
        SHELVES,
        { name: unique('Shelf'), category_id: theirs.id, capacity: 1, boxes: [{ name: 'A', size: 'small' }] },
        { locale: 'ar' },
      );
      expect(arabic.json().errors).toEqual({ category_id: 'السجل المحدد غير موجود' });
    });

    it('refuses a record its `refuse` excludes (400) and writes nothing', async () => {
      const closed = await category(merchant, 'closed');
      const before = await count(SHELVES);
      const response = await merchant.post(SHELVES, {
        name: unique('Shelf'),
        category_id: closed.id,
        capacity: 1,
        boxes: [{ name: 'A', size: 'small' }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The selected record cannot be chosen',
        errors: { category_id: 'The selected record cannot be chosen' },
      });
      expect(await count(SHELVES)).toBe(before);
    });

    it('keeps a record that is in use (409) and lets it go once nothing points at it', async () => {
      const parent = await shelf(2);
      const used = await merchant.delete(`${CATEGORIES}/${parent.category_id}`);
      expect(used.statusCode).toBe(409);
      expect(used.json()).toEqual({ message: 'This record is in use and cannot be deleted' });
      expect((await merchant.delete(`${CATEGORIES}/${parent.category_id}`, { locale: 'ar' })).json().message).toBe(
        'هذا السجل مستخدم ولا يمكن حذفه',
      );
      expect((await merchant.delete(`${SHELVES}/${parent.id}`)).statusCode).toBe(409);

      const [box] = (await merchant.list(BOXES, { filter: { shelf_id: parent.id } })).json();
      expect((await merchant.delete(`${BOXES}/${box.id}`)).statusCode).toBe(200);
      expect((await merchant.delete(`${SHELVES}/${parent.id}`)).statusCode).toBe(200);
      expect((await merchant.delete(`${CATEGORIES}/${parent.category_id}`)).statusCode).toBe(200);
    });
  });

  describe('x-references on the items of an array', () => {
    /** The boxes of a new shelf, in order. */
    async function boxes(count: number): Promise<Row[]> {
      const parent = await shelf(
        count,
        Array.from({ length: count }, (_, index) => ({ name: `Box ${index + 1}`, size: 'small' })),
      );
      return (await merchant.list(BOXES, { filter: { shelf_id: parent.id }, sort: ['id', 'ASC'] })).json();
    }

    it('takes the merchant records, stored as an array, and refuses any other id on the array field', async () => {
      const [a, b] = await boxes(2);
      const pallet = await created(merchant, PALLETS, { name: unique('Pallet'), box_ids: [a.id, b.id] });
      expect(pallet.box_ids).toEqual([a.id, b.id]);
      expect((await read(`${PALLETS}/${pallet.id}`)).box_ids).toEqual([a.id, b.id]);

      const before = await count(PALLETS);
      const theirs = await shelf(1, [{ name: 'Theirs', size: 'small' }], vendor);
      const [other] = (await vendor.list(BOXES, { filter: { shelf_id: theirs.id } })).json();
      for (const id of [2_000_000_000, other.id]) {
        const response = await merchant.post(PALLETS, { name: unique('Pallet'), box_ids: [a.id, id] });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'The selected record does not exist',
          errors: { box_ids: 'The selected record does not exist' },
        });
      }
      const arabic = await merchant.post(
        PALLETS,
        { name: unique('Pallet'), box_ids: [2_000_000_000] },
        { locale: 'ar' },
      );
      expect(arabic.json().errors).toEqual({ box_ids: 'السجل المحدد غير موجود' });
      const none = await merchant.post(PALLETS, { name: unique('Pallet'), box_ids: [] });
      expect(none.json().errors).toEqual({ box_ids: 'Select at least 1' });
      expect(await count(PALLETS)).toBe(before);
    });

    it('refuses a record `refuse` excludes when newly added, and keeps one the array already held', async () => {
      const [kept, added] = await boxes(2);
      const pallet = await created(merchant, PALLETS, { name: unique('Pallet'), box_ids: [kept.id] });
      for (const box of [kept, added]) expect((await merchant.post(`${BOXES}/${box.id}/cancel`)).statusCode).toBe(200);

      const refused = await merchant.put(`${PALLETS}/${pallet.id}`, {
        name: pallet.name,
        box_ids: [kept.id, added.id],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: 'The selected record cannot be chosen',
        errors: { box_ids: 'The selected record cannot be chosen' },
      });
      const renamed = await merchant.put(`${PALLETS}/${pallet.id}`, {
        name: `${pallet.name} (kept)`,
        box_ids: [kept.id],
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const fresh = await merchant.post(PALLETS, { name: unique('Pallet'), box_ids: [added.id] });
      expect(fresh.statusCode).toBe(400);
    });

    it('keeps a record an array points at (409) until no array holds it', async () => {
      const [a, b] = await boxes(2);
      const pallet = await created(merchant, PALLETS, { name: unique('Pallet'), box_ids: [a.id, b.id] });
      const used = await merchant.delete(`${BOXES}/${b.id}`);
      expect(used.statusCode).toBe(409);
      expect(used.json()).toEqual({ message: 'This record is in use and cannot be deleted' });
      expect((await merchant.put(`${PALLETS}/${pallet.id}`, { name: pallet.name, box_ids: [a.id] })).statusCode).toBe(
        200,
      );
      expect((await merchant.delete(`${BOXES}/${b.id}`)).statusCode).toBe(200);
      expect((await merchant.delete(`${BOXES}/${a.id}`)).statusCode).toBe(409);
    });

    it('holds the products of a sales list: only the merchant products, and a listed product stays', async () => {
      const [list] = (await merchant.list('/v1/sale/list', { range: [0, 0] })).json();
      const [product] = list.product_ids as number[];
      const inUse = await merchant.delete(`/v1/products/${product}`);
      expect(inUse.statusCode).toBe(409);

      const [theirs] = (await vendor.list('/v1/products/', { range: [0, 0] })).json();
      const body = {
        name: unique('Weekend offers'),
        type: 'store',
        product_ids: [product, theirs.id],
        start_date: list.start_date,
        end_date: list.end_date,
      };
      const refused = await merchant.post('/v1/sale/list', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ product_ids: 'The selected record does not exist' });
    });
  });

  describe('x-from', () => {
    it('fills the field from the referenced record, whatever was sent, before the rules are checked', async () => {
      const { id } = await category();
      const parent = await created(merchant, SHELVES, {
        name: unique('Shelf'),
        category_id: id,
        capacity: 2,
        max_load: '3.000',
        boxes: [{ name: 'First', size: 'small' }],
      });
      const box = (await merchant.list(BOXES, { filter: { shelf_id: parent.id } })).json()[0];
      const pallet = await created(merchant, PALLETS, {
        name: unique('Pallet'),
        box_ids: [box.id],
        shelf_id: parent.id,
        max_load: '999.000',
        load: '3.000',
      });
      expect(pallet.max_load).toBe('3.000');

      const before = await count(PALLETS);
      const over = await merchant.post(PALLETS, {
        name: unique('Pallet'),
        box_ids: [box.id],
        shelf_id: parent.id,
        max_load: '999.000',
        load: '3.001',
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().errors).toEqual({ load: 'Must not exceed 3.000' });
      expect(await count(PALLETS)).toBe(before);

      // Without the reference nothing is filled, and the rule has nothing to compare with.
      const alone = await created(merchant, PALLETS, { name: unique('Pallet'), box_ids: [box.id], load: '50.000' });
      expect(alone).not.toHaveProperty('max_load');
      // An update is filled the same way.
      const moved = await merchant.put(`${PALLETS}/${alone.id}`, {
        name: alone.name,
        box_ids: [box.id],
        shelf_id: parent.id,
        load: '2.000',
      });
      expect(moved.json()).toMatchObject({ max_load: '3.000', load: '2.000' });
    });

    it('refuses a reference that names no record of the merchant on the reference alone', async () => {
      const theirs = await vendor.post(PALLETS, { name: unique('Pallet'), box_ids: [2_000_000_000] });
      expect(theirs.statusCode).toBe(400);
      const response = await merchant.post(PALLETS, {
        name: unique('Pallet'),
        box_ids: [2_000_000_000],
        shelf_id: 2_000_000_000,
        load: '1.000',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ shelf_id: 'The selected record does not exist' });
    });

    it('refuses a refund above the transaction real pending amount, even when a larger one is sent', async () => {
      const [transaction] = await server.app.bawaba.db.query<Row>(
        `select t.id, t.amount::text as amount, t.pending_amount::text as pending_amount from transactions t
         join merchants m on m.id = t.merchant_id
         where m.email = $1::text and t.status = 'success' and t.pending_amount > 1 order by t.id limit 1`,
        [ACCOUNTS.merchant.email],
      );
      const above = fromFils((toFils(String(transaction.pending_amount)) ?? 0n) + 1n);
      const refund = {
        transaction_id: transaction.id,
        method: 'partial',
        total_amount: '999999.000',
        pending_amount: '999999.000',
        refund_amount: above,
      };
      const before = await count('/v1/refund', {});
      for (const locale of ['en', 'ar'] as const) {
        const refused = await merchant.post('/v1/refund', refund, { locale });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual({
          refund_amount:
            locale === 'en'
              ? 'Refund amount must be less than or equal to the pending amount'
              : expect.stringMatching(/[\u0600-\u06FF]/),
        });
      }
      expect(await count('/v1/refund', {})).toBe(before);

      // What is stored is the transaction's own amounts, sent or not.
      const { pending_amount: _sent, total_amount: _total, ...unsent } = refund;
      const accepted = await created(merchant, '/v1/refund', { ...unsent, refund_amount: '1.000' });
      expect(accepted).toMatchObject({
        total_amount: transaction.amount,
        pending_amount: transaction.pending_amount,
      });
    });

    it('refuses a capture above the transaction real pending amount, even when a larger one is sent', async () => {
      const [transaction] = await server.app.bawaba.db.query<Row>(
        `select t.id, t.pending_amount::text as pending_amount from transactions t
         join merchants m on m.id = t.merchant_id
         where m.email = $1::text and t.status = 'authorized' order by t.id limit 1`,
        [ACCOUNTS.merchant.email],
      );
      const above = fromFils((toFils(String(transaction.pending_amount)) ?? 0n) + 1n);
      const refused = await merchant.post('/v1/capture', {
        transaction_id: transaction.id,
        capture_type: 'partial',
        pending_amount: '999999.000',
        amount: above,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        amount: 'Capture amount must be less than or equal to the pending amount',
      });
    });

    it('is documented on the write', async () => {
      const { paths } = (await merchant.get('/v1/openapi.json')).json();
      expect(paths['/v1/refund'].post.description).toContain(
        '`pending_amount` (the `pending_amount` of the `transaction_id` record)',
      );
    });
  });

  describe('x-limit', () => {
    it('counts records against the parent, keeps its remaining places and refuses one too many (409)', async () => {
      const parent = await shelf(2);
      expect(parent.remaining).toBe(1);
      expect((await merchant.post(BOXES, { name: 'Second', size: 'small', shelf_id: parent.id })).statusCode).toBe(201);
      expect((await read(`${SHELVES}/${parent.id}`)).remaining).toBe(0);

      const third = await merchant.post(BOXES, { name: 'Third', size: 'small', shelf_id: parent.id });
      expect(third.statusCode).toBe(409);
      expect(third.json()).toEqual({
        message: 'The limit of 2 has been reached',
        errors: { shelf_id: 'The limit of 2 has been reached' },
      });
      const arabic = await merchant.post(
        BOXES,
        { name: 'Third', size: 'small', shelf_id: parent.id },
        { locale: 'ar' },
      );
      expect(arabic.json().errors).toEqual({ shelf_id: 'تم بلوغ الحد الأقصى وهو 2' });
      expect(await count(BOXES, { shelf_id: parent.id })).toBe(2);
      expect((await read(`${SHELVES}/${parent.id}`)).remaining).toBe(0);
    });

    it('follows a record moved to another parent or deleted, and refuses a move into a full one', async () => {
      const from = await shelf(3);
      const to = await shelf(2);
      const box = await created(merchant, BOXES, { name: 'Mover', size: 'large', shelf_id: from.id });
      expect((await read(`${SHELVES}/${from.id}`)).remaining).toBe(1);

      const moved = await merchant.put(`${BOXES}/${box.id}`, { name: 'Mover', size: 'large', shelf_id: to.id });
      expect(moved.statusCode).toBe(200);
      expect((await read(`${SHELVES}/${from.id}`)).remaining).toBe(2);
      expect((await read(`${SHELVES}/${to.id}`)).remaining).toBe(0);

      const extra = await created(merchant, BOXES, { name: 'Extra', size: 'small', shelf_id: from.id });
      const intoFull = await merchant.put(`${BOXES}/${extra.id}`, { name: 'Extra', size: 'small', shelf_id: to.id });
      expect(intoFull.statusCode).toBe(409);
      expect((await read(`${BOXES}/${extra.id}`)).shelf_id).toBe(from.id);
      expect((await read(`${SHELVES}/${from.id}`)).remaining).toBe(1);
      expect((await read(`${SHELVES}/${to.id}`)).remaining).toBe(0);

      expect((await merchant.delete(`${BOXES}/${box.id}`)).statusCode).toBe(200);
      expect((await read(`${SHELVES}/${to.id}`)).remaining).toBe(1);
    });

    it('refuses a capacity below the records already counted (409); a new one moves the remaining places', async () => {
      const parent = await shelf(3, [
        { name: 'A', size: 'small' },
        { name: 'B', size: 'small' },
      ]);
      const base = { name: parent.name, category_id: parent.category_id };
      const lowered = await merchant.put(`${SHELVES}/${parent.id}`, { ...base, capacity: 1 });
      expect(lowered.statusCode).toBe(409);
      expect(lowered.json()).toEqual({
        message: 'Cannot be less than 2, the number already added',
        errors: { capacity: 'Cannot be less than 2, the number already added' },
      });
      expect((await read(`${SHELVES}/${parent.id}`)).capacity).toBe(3);

      const raised = await merchant.put(`${SHELVES}/${parent.id}`, { ...base, capacity: 10 });
      expect(raised.json()).toMatchObject({ capacity: 10, remaining: 8 });
      // `remaining` is read-only: sent back with a replace, it is ignored, never written.
      const written = await merchant.put(`${SHELVES}/${parent.id}`, { ...base, capacity: 10, remaining: 99 });
      expect(written.statusCode).toBe(200);
      expect(written.json()).toMatchObject({ capacity: 10, remaining: 8 });
    });
  });

  describe('x-children', () => {
    it('creates the parent and its children in one write; the parent is read without them', async () => {
      const parent = await shelf(4, [
        { name: 'Rice', size: 'large' },
        { name: 'Tea', size: 'small' },
      ]);
      expect(parent).not.toHaveProperty('boxes');
      expect(parent.remaining).toBe(2);
      const boxes = (await merchant.list(BOXES, { filter: { shelf_id: parent.id }, sort: ['id', 'ASC'] })).json();
      expect(boxes.map(({ name, status }: Row) => [name, status])).toEqual([
        ['Rice', 'waiting'],
        ['Tea', 'waiting'],
      ]);
      expect(await read(`${SHELVES}/${parent.id}`)).not.toHaveProperty('boxes');
    });

    it('needs at least one child', async () => {
      const { id } = await category();
      const none = await merchant.post(SHELVES, { name: unique('Shelf'), category_id: id, capacity: 2 });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({
        message: 'Please fill all the required fields',
        errors: { boxes: 'This field is required' },
      });
      const empty = await merchant.post(SHELVES, { name: unique('Shelf'), category_id: id, capacity: 2, boxes: [] });
      expect(empty.json().errors).toEqual({ boxes: 'Select at least 1' });
    });

    it('creates nothing when one child is refused: over the limit, a duplicate name, an invalid field', async () => {
      const { id } = await category();
      const shelves = await count(SHELVES);
      const boxes = await count(BOXES);
      const attempt = (capacity: number, children: unknown[], locale: 'en' | 'ar' = 'en') =>
        merchant.post(SHELVES, { name: unique('Shelf'), category_id: id, capacity, boxes: children }, { locale });

      const over = await attempt(1, [
        { name: 'A', size: 'small' },
        { name: 'B', size: 'small' },
      ]);
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        message: 'The limit of 1 has been reached',
        errors: { boxes: 'The limit of 1 has been reached' },
      });

      const twice = await attempt(3, [
        { name: 'Same', size: 'small' },
        { name: ' same', size: 'large' },
      ]);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().errors).toEqual({ 'boxes.1.name': 'This value is already in use' });

      const invalid = await attempt(3, [{ name: 'A', size: 'small' }, { size: 'huge' }], 'ar');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toEqual({
        'boxes.1.name': 'هذا الحقل مطلوب',
        'boxes.1.size': 'اختر إحدى القيم المتاحة',
      });

      expect(await count(SHELVES)).toBe(shelves);
      expect(await count(BOXES)).toBe(boxes);
    });

    it('leaves the children out of an update', async () => {
      const parent = await shelf(2);
      const body = { name: parent.name, category_id: parent.category_id, capacity: 2 };
      const withBoxes = await merchant.put(`${SHELVES}/${parent.id}`, {
        ...body,
        boxes: [{ name: 'X', size: 'small' }],
      });
      expect(withBoxes.statusCode).toBe(400);
      expect(withBoxes.json().errors).toEqual({ boxes: 'This field is not allowed' });
      expect((await merchant.put(`${SHELVES}/${parent.id}`, body)).statusCode).toBe(200);
      expect(await count(BOXES, { shelf_id: parent.id })).toBe(1);

      const { components } = (await merchant.get('/v1/openapi.json')).json();
      expect(components.schemas['shelf.create'].properties).toHaveProperty('boxes');
      expect(components.schemas['shelf.update'].properties).not.toHaveProperty('boxes');
      expect(components.schemas['shelf.record'].properties).not.toHaveProperty('boxes');
      const columns = await server.app.bawaba.db.query(
        `select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'test_shelves'`,
      );
      expect(columns.map((column) => column.column_name)).not.toContain('boxes');
    });
  });

  it('gives the product asset its units as creates of a unit, without the asset', async () => {
    const { components } = (await merchant.get('/v1/openapi.json')).json();
    const units = components.schemas['asset.create'].properties.units;
    const unit = components.schemas['unit.create'];
    const { asset_id: _asset, ...fields } = unit.properties;
    expect(units.items.properties).toEqual(fields);
    expect(units.items.required).toEqual(unit.required.filter((name: string) => name !== 'asset_id'));
    expect(components.schemas['asset.create'].required).toContain('units');
  });

  describe('x-transitions', () => {
    it('moves a status by its actions only, and refuses an action from another status (409)', async () => {
      const parent = await shelf(2);
      const [box] = (await merchant.list(BOXES, { filter: { shelf_id: parent.id } })).json();
      const packed = await merchant.post(`${BOXES}/${box.id}/pack`);
      expect(packed.statusCode).toBe(200);
      expect(packed.json()).toMatchObject({ id: box.id, status: 'packed' });

      const again = await merchant.post(`${BOXES}/${box.id}/pack`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This is not possible while the status is packed.' });
      expect((await merchant.post(`${BOXES}/${box.id}/ship`)).json().status).toBe('shipped');
      expect((await merchant.post(`${BOXES}/${box.id}/cancel`)).statusCode).toBe(409);

      const written = await merchant.put(`${BOXES}/${box.id}`, {
        name: box.name,
        size: 'small',
        shelf_id: parent.id,
        status: 'waiting',
      });
      // A status moved by actions, sent back with a replace, is ignored, never written.
      expect(written.statusCode).toBe(200);
      expect(written.json().status).toBe('shipped');
      expect((await read(`${BOXES}/${box.id}`)).status).toBe('shipped');
    });

    it('names the status in the caller language', async () => {
      const invoice = await created(merchant, '/v1/invoice', {
        customer_name: 'Fahad',
        mobile: '96550001234',
        amount: '4.500',
      });
      expect((await merchant.post(`/v1/invoice/${invoice.id}/cancel`)).json().status).toBe('cancelled');
      const refused = await merchant.post(`/v1/invoice/${invoice.id}/cancel`, undefined, { locale: 'ar' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'هذا غير ممكن بينما الحالة ملغاة.' });
    });

    it('is behind the resource gates: another merchant gets 404, staff without the permission 403', async () => {
      const parent = await shelf(1);
      const [box] = (await merchant.list(BOXES, { filter: { shelf_id: parent.id } })).json();
      expect((await vendor.post(`${BOXES}/${box.id}/pack`)).statusCode).toBe(404);
      expect((await merchant.post(`${BOXES}/999999/pack`)).statusCode).toBe(404);
      expect((await merchant.post(`${BOXES}/abc/pack`)).statusCode).toBe(404);
      const denied = await staff.post(`${BOXES}/${box.id}/pack`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'You do not have permission to do this' });
      expect((await new Client(server.app).post(`${BOXES}/${box.id}/pack`)).statusCode).toBe(401);
      expect((await read(`${BOXES}/${box.id}`)).status).toBe('waiting');
    });

    it('is documented under the resource tag', async () => {
      const { paths } = (await merchant.get('/v1/openapi.json')).json();
      for (const action of ['pack', 'ship', 'cancel']) {
        expect(paths[`/v1/test/boxes/{id}/${action}`].post.tags).toEqual(['box']);
      }
    });
  });
});
