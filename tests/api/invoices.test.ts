import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFils, toFils } from '../../src/shared/money';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

const valid = { customer_name: 'نورة الرشيدي', mobile: '96550001234', amount: '25.500' };

describe.each(DRIVERS)('invoices: the generic resource endpoints (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const count = async () => totalOf(await merchant.list('/v1/invoice', { range: [0, 0] }));

  describe('create, read, update, delete', () => {
    it('creates with generated reference, payment link, defaults and timestamps', async () => {
      const response = await merchant.post('/v1/invoice', { ...valid, title: 'Catering', expiry_date: '2026-12-31' });
      expect(response.statusCode).toBe(201);
      const invoice = response.json();
      expect(invoice).toMatchObject({
        ...valid,
        id: expect.any(Number),
        title: 'Catering',
        expiry_date: '2026-12-31',
        reference_no: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
        status: 'unpaid',
        visited_count: 0,
        payment_methods: ['card'],
      });
      expect(invoice.payment_link).toBe(`https://pay.example.test/smspay/${invoice.reference_no}`);
      expect(new Date(invoice.created_at).toISOString()).toBe(invoice.created_at);
      expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toEqual(invoice);
    });

    it('gives every invoice its own reference', async () => {
      const [a, b] = await Promise.all([merchant.post('/v1/invoice', valid), merchant.post('/v1/invoice', valid)]);
      expect(a.json().reference_no).not.toBe(b.json().reference_no);
    });

    it('replaces on PUT, keeping generated values, and deletes answering the deleted record', async () => {
      const created = (
        await merchant.post('/v1/invoice', { ...valid, title: 'Draft', description: 'to be removed' })
      ).json();
      const updated = await merchant.put(`/v1/invoice/${created.id}`, { ...valid, amount: '30', title: 'Final' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        id: created.id,
        amount: '30.000',
        title: 'Final',
        reference_no: created.reference_no,
      });
      expect(updated.json()).not.toHaveProperty('description');
      expect(updated.json().updated_at >= created.updated_at).toBe(true);

      // The portal may declare JSON on a DELETE with an empty body.
      const deleted = await merchant.request('DELETE', `/v1/invoice/${created.id}`, {
        body: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id: created.id, title: 'Final' });
      const gone = await merchant.get(`/v1/invoice/${created.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'The record was not found' });
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['999999', 'abc', '0', '99999999999']) {
        expect((await merchant.get(`/v1/invoice/${id}`)).statusCode).toBe(404);
        expect((await merchant.put(`/v1/invoice/${id}`, valid)).statusCode).toBe(404);
        expect((await merchant.delete(`/v1/invoice/${id}`)).statusCode).toBe(404);
      }
    });
  });

  describe('money', () => {
    it('keeps amounts exact to the fils, and normalises them to three decimals', async () => {
      const amounts = ['0.001', '0.1', '1234567.899', '0.002'];
      const created = [];
      for (const amount of amounts)
        created.push((await merchant.post('/v1/invoice', { ...valid, customer_name: 'Fils Test', amount })).json());
      expect(created.map((invoice) => invoice.amount)).toEqual(['0.001', '0.100', '1234567.899', '0.002']);
      const listed = (await merchant.list('/v1/invoice', { filter: { customer_name: 'Fils Test' } })).json();
      const total = listed.reduce(
        (sum: bigint, invoice: { amount: string }) => sum + (toFils(invoice.amount) as bigint),
        0n,
      );
      expect(fromFils(total)).toBe('1234568.002');
      const [{ sum }] = await server.app.bawaba.db.query<{ sum: string }>(
        `select sum(amount)::numeric(15,3) as sum from invoices where customer_name = 'Fils Test'`,
      );
      expect(sum).toBe('1234568.002');
    });

    it('refuses amounts that are not KWD with three decimals at most', async () => {
      for (const amount of ['1.0001', '-5', '1e3', '0', 12.5]) {
        const response = await merchant.post('/v1/invoice', { ...valid, amount });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().errors)).toEqual(['amount']);
      }
    });
  });

  describe('list', () => {
    it('pages with Content-Range and X-Total-Count', async () => {
      const total = await count();
      expect(total).toBeGreaterThanOrEqual(40);
      const first = await merchant.list('/v1/invoice', { range: [0, 9], sort: ['id', 'ASC'] });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveLength(10);
      expect(first.headers['content-range']).toBe(`invoice 0-9/${total}`);
      expect(first.headers['x-total-count']).toBe(String(total));
      const second = await merchant.list('/v1/invoice', { range: [10, 19], sort: ['id', 'ASC'] });
      expect(second.headers['content-range']).toBe(`invoice 10-19/${total}`);
      expect(second.json()[0].id).toBeGreaterThan(first.json()[9].id);
      const beyond = await merchant.list('/v1/invoice', { range: [5000, 5009] });
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['content-range']).toBe(`invoice */${total}`);
    });

    it('caps a page at 500 rows', async () => {
      const response = await merchant.list('/v1/invoice', { range: [0, 100000] });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toMatch(/^invoice 0-\d+\/\d+$/);
      const last = Number(/-(\d+)\//.exec(String(response.headers['content-range']))?.[1]);
      expect(last).toBeLessThanOrEqual(499);
    });

    it('sorts by the default column, or any readable scalar column either way', async () => {
      const byDefault = (await merchant.list('/v1/invoice', { range: [0, 49] })).json();
      const dates = byDefault.map((invoice: { created_at: string }) => invoice.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const ascending = (await merchant.list('/v1/invoice', { sort: ['amount', 'ASC'], range: [0, 499] })).json();
      const fils = ascending.map((invoice: { amount: string }) => toFils(invoice.amount) as bigint);
      expect(fils).toEqual([...fils].sort((a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)));
      const descending = (
        await merchant.list('/v1/invoice', { sort: ['customer_name', 'desc'], range: [0, 4] })
      ).json();
      expect(descending).toHaveLength(5);
    });

    it('refuses sorting by an unknown or non-scalar column', async () => {
      for (const sort of [
        ['password', 'ASC'],
        ['payment_methods', 'ASC'],
        ['amount', 'UP'],
        ['amount; drop table invoices', 'ASC'],
      ]) {
        const response = await merchant.list('/v1/invoice', { sort: sort as [string, string] });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toHaveProperty('sort');
      }
    });

    it('filters by free text over the search columns (at least three characters)', async () => {
      const mine = (await merchant.post('/v1/invoice', { ...valid, customer_name: 'Zubaida Q_% Trader' })).json();
      const byName = (await merchant.list('/v1/invoice', { filter: { q: 'zubaida' } })).json();
      expect(byName.map((invoice: { id: number }) => invoice.id)).toEqual([mine.id]);
      const byReference = (await merchant.list('/v1/invoice', { filter: { q: mine.reference_no } })).json();
      expect(byReference.map((invoice: { id: number }) => invoice.id)).toEqual([mine.id]);
      // LIKE wildcards in the text are taken literally.
      expect((await merchant.list('/v1/invoice', { filter: { q: 'Q_%' } })).json()).toHaveLength(1);
      const arabic = (await merchant.list('/v1/invoice', { filter: { q: 'نورة' } })).json();
      expect(arabic.length).toBeGreaterThan(0);
    });

    it('refuses search text shorter than three characters, in English and Arabic', async () => {
      const short = await merchant.list('/v1/invoice', { filter: { q: 'ab' } });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({
        message: 'Search text at least 3 characters',
        errors: { q: 'Search text at least 3 characters' },
      });
      const arabic = await merchant.list('/v1/invoice', { filter: { q: 'نو' } }, { locale: 'ar' });
      expect(arabic.json()).toEqual({
        message: 'نص البحث ثلاثة أحرف على الأقل',
        errors: { q: 'نص البحث ثلاثة أحرف على الأقل' },
      });
    });

    it('filters an enum by one value or several', async () => {
      const paid = (await merchant.list('/v1/invoice', { filter: { status: 'paid' } })).json();
      expect(paid.length).toBeGreaterThan(0);
      expect(new Set(paid.map((invoice: { status: string }) => invoice.status))).toEqual(new Set(['paid']));
      const some = await merchant.list('/v1/invoice', { filter: { status: ['paid', 'expired'] }, range: [0, 499] });
      expect(new Set(some.json().map((invoice: { status: string }) => invoice.status))).toEqual(
        new Set(['paid', 'expired']),
      );
      const bad = await merchant.list('/v1/invoice', { filter: { status: 'refunded' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('status');
    });

    it('filters a date by range', async () => {
      const all = (await merchant.list('/v1/invoice', { range: [0, 499] })).json() as { expiry_date?: string }[];
      const dates = all
        .map((invoice) => invoice.expiry_date)
        .filter(Boolean)
        .sort() as string[];
      const [from, to] = [dates[5], dates[dates.length - 5]];
      const filtered = (
        await merchant.list('/v1/invoice', { filter: { expiry_date_gte: from, expiry_date_lte: to }, range: [0, 499] })
      ).json();
      expect(filtered.length).toBe(dates.filter((date) => date >= from && date <= to).length);
      const exact = (await merchant.list('/v1/invoice', { filter: { expiry_date: from } })).json();
      expect(exact.every((invoice: { expiry_date: string }) => invoice.expiry_date === from)).toBe(true);
      const bad = await merchant.list('/v1/invoice', { filter: { expiry_date_gte: '31/12/2026' } });
      expect(bad.json()).toEqual({
        message: 'Please select the date',
        errors: { expiry_date_gte: 'Please select the date' },
      });
    });

    it('filters text by containment and ids by list (getMany)', async () => {
      const mobile = (await merchant.post('/v1/invoice', { ...valid, mobile: '96599887766' })).json();
      const byMobile = (await merchant.list('/v1/invoice', { filter: { mobile: '9988776' } })).json();
      expect(byMobile.map((invoice: { id: number }) => invoice.id)).toEqual([mobile.id]);
      const ids = (await merchant.list('/v1/invoice', { range: [0, 2] }))
        .json()
        .map((invoice: { id: number }) => invoice.id);
      const many = (await merchant.list('/v1/invoice', { filter: { id: ids } })).json();
      expect(many.map((invoice: { id: number }) => invoice.id).sort()).toEqual([...ids].sort());
    });

    it('refuses unknown filters, bad JSON and bad ranges', async () => {
      const unknown = await merchant.list('/v1/invoice', { filter: { amount_gte: '5' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ amount_gte: 'This field is not allowed' });
      const badJson = await merchant.get('/v1/invoice', { query: { filter: '{oops' } });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().errors).toEqual({ filter: 'The request body is not valid JSON' });
      for (const range of ['[5,1]', '[-1,3]', '"0-24"', '[0]']) {
        expect((await merchant.get('/v1/invoice', { query: { range } })).statusCode).toBe(400);
      }
      expect((await merchant.get('/v1/invoice', { query: { page: '2' } })).statusCode).toBe(400);
    });

    it('answers the invoice list under its SPEC name /v1/invoice-dashboard too', async () => {
      const alias = await merchant.list('/v1/invoice-dashboard', { range: [0, 4] });
      expect(alias.statusCode).toBe(200);
      expect(alias.headers['content-range']).toBe(`invoice 0-4/${await count()}`);
    });

    it('ignores a trailing slash', async () => {
      expect((await merchant.list('/v1/invoice/', { range: [0, 0] })).statusCode).toBe(200);
    });
  });

  describe('validation', () => {
    it('names each invalid field in English and in Arabic', async () => {
      const body = { customer_name: 'x', mobile: '123', amount: '10', kind: 'split', split_parts: 0 };
      const english = await merchant.post('/v1/invoice', body);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toEqual({
        message: 'Mobile number must have at least 11 digits including the country code',
        errors: {
          mobile: 'Mobile number must have at least 11 digits including the country code',
          split_parts: 'Split count must be greater than zero',
        },
      });
      const arabic = await merchant.post('/v1/invoice', { ...valid, kind: 'split', split_parts: 0 }, { locale: 'ar' });
      expect(arabic.json()).toEqual({
        message: 'يجب أن يكون عدد الأجزاء أكبر من صفر',
        errors: { split_parts: 'يجب أن يكون عدد الأجزاء أكبر من صفر' },
      });
    });

    it('summarises missing fields with the required-fields message', async () => {
      const response = await merchant.post('/v1/invoice', { title: 'no customer' }, { locale: 'ar' });
      expect(response.json()).toEqual({
        message: 'يرجى تعبئة جميع الحقول المطلوبة',
        errors: { customer_name: 'هذا الحقل مطلوب', mobile: 'هذا الحقل مطلوب', amount: 'هذا الحقل مطلوب' },
      });
    });

    it('refuses unknown and read-only fields, and does not coerce types', async () => {
      const response = await merchant.post('/v1/invoice', {
        ...valid,
        status: 'paid',
        reference_no: 'X',
        colour: 'red',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        status: 'This field is not allowed',
        reference_no: 'This field is not allowed',
        colour: 'This field is not allowed',
      });
      const coerced = await merchant.post('/v1/invoice', { ...valid, split_parts: '3' });
      expect(coerced.json().errors).toEqual({ split_parts: 'Invalid value' });
    });

    it('answers malformed JSON, an empty body, an array and other content types clearly', async () => {
      const headers = { 'content-type': 'application/json' };
      const malformed = await merchant.request('POST', '/v1/invoice', { body: '{"customer_name":', headers });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON', errors: {} });
      const arabic = await merchant.request('POST', '/v1/invoice', { body: '{', headers, locale: 'ar' });
      expect(arabic.json().message).toBe('محتوى الطلب ليس بصيغة JSON صحيحة');
      expect((await merchant.request('POST', '/v1/invoice', { body: '', headers })).statusCode).toBe(400);
      expect((await merchant.post('/v1/invoice', [valid])).statusCode).toBe(400);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const response = await merchant.request('POST', '/v1/invoice', {
          body: 'customer_name=x',
          headers: { 'content-type': type },
        });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ message: 'Unsupported content type' });
      }
    });

    it('refuses multipart on a resource without files', async () => {
      const response = await merchant.request('POST', '/v1/invoice', {
        body: '--x\r\nContent-Disposition: form-data; name="record"\r\n\r\n{}\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        locale: 'ar',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'نوع المحتوى غير مدعوم' });
    });

    it('answers 413 for a body over the limit', async () => {
      const response = await merchant.post('/v1/invoice', { ...valid, description: 'x'.repeat(2 * 1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The request is too large' });
    });

    it('writes nothing when a request is rejected', async () => {
      const before = await count();
      await merchant.post('/v1/invoice', { ...valid, amount: 'lots' });
      await merchant.post('/v1/invoice', { ...valid, unknown: true });
      await merchant.request('POST', '/v1/invoice', { body: '{', headers: { 'content-type': 'application/json' } });
      const victim = (await merchant.list('/v1/invoice', { range: [0, 0] })).json()[0];
      await merchant.put(`/v1/invoice/${victim.id}`, { ...valid, amount: '-1' });
      expect(await count()).toBe(before);
      expect((await merchant.get(`/v1/invoice/${victim.id}`)).json()).toEqual(victim);
    });
  });
});
