import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setService } from '../../src/server/merchants/merchants';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer, merchantIdOf } from './helpers/server';

describe.each(DRIVERS)('who may see and change what (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
  });
  afterAll(() => server?.close());

  describe('merchant isolation', () => {
    it("lists only the caller's merchant's rows", async () => {
      const mine = (await merchant.list('/v1/invoice', { range: [0, 499] })).json();
      const theirs = (await vendor.list('/v1/invoice', { range: [0, 499] })).json();
      expect(mine.length).toBeGreaterThanOrEqual(40);
      expect(theirs).toHaveLength(6);
      const ids = new Set(mine.map((invoice: { id: number }) => invoice.id));
      expect(theirs.some((invoice: { id: number }) => ids.has(invoice.id))).toBe(false);
      expect(totalOf(await vendor.list('/v1/products', {}))).toBe(3);
    });

    it("answers 404 for another merchant's row on get, update and delete, and leaves it untouched", async () => {
      const theirs = (await vendor.list('/v1/invoice', { range: [0, 0] })).json()[0];
      const get = await merchant.get(`/v1/invoice/${theirs.id}`, { locale: 'ar' });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ message: 'السجل غير موجود' });
      const update = await merchant.put(`/v1/invoice/${theirs.id}`, {
        customer_name: 'Hijack',
        mobile: '96511111111',
        amount: '1',
      });
      expect(update.statusCode).toBe(404);
      expect((await merchant.delete(`/v1/invoice/${theirs.id}`)).statusCode).toBe(404);
      expect((await vendor.get(`/v1/invoice/${theirs.id}`)).json()).toEqual(theirs);
      const filtered = await merchant.list('/v1/invoice', { filter: { id: [theirs.id] } });
      expect(filtered.json()).toEqual([]);
    });

    it("does not reach another merchant's employees either", async () => {
      const theirs = (await vendor.get('/v1/employees', { query: { data: await vendor.encrypt({}) } })).json();
      expect(theirs).toHaveLength(1);
      expect((await merchant.get(`/v1/employees/${theirs[0].id}`)).statusCode).toBe(404);
    });
  });

  describe('employee permissions', () => {
    it('lets an employee use what their general map grants', async () => {
      expect((await staff.list('/v1/invoice', { range: [0, 0] })).statusCode).toBe(200);
      const created = await staff.post('/v1/invoice', {
        customer_name: 'From staff',
        mobile: '96512312312',
        amount: '1.250',
      });
      expect(created.statusCode).toBe(201);
    });

    it('refuses the rest with a localised 403 before looking at the request', async () => {
      for (const url of ['/v1/products', '/v1/employees', '/v1/products/1']) {
        const response = await staff.get(url);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      const arabic = await staff.post('/v1/products', { nonsense: true }, { locale: 'ar' });
      expect(arabic.statusCode).toBe(403);
      expect(arabic.json()).toEqual({ message: 'ليست لديك صلاحية للقيام بذلك' });
    });

    it('lets an employee into a screen only with its own map value too (report, sms)', async () => {
      // staff: general dashboard, invoices, reports; sms single_sms, bulk_sms; every report value.
      const lastMonth = {
        created_at_gte: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
        created_at_lte: new Date().toISOString().slice(0, 10),
      };
      expect((await staff.list('/v1/refund', { filter: lastMonth, range: [0, 0] })).statusCode).toBe(200);
      expect((await staff.list('/v1/invoice-bulk-upload', { range: [0, 0] })).statusCode).toBe(200);
      const scheduled = await staff.list('/v1/invoice-bulk-upload', { filter: { view: 'scheduled' } });
      expect(scheduled.statusCode).toBe(403);
      expect(scheduled.json()).toEqual({ message: 'You do not have permission to do this' });
      expect((await staff.list('/v1/tenants', { range: [0, 0] })).statusCode).toBe(403);
    });

    it('applies a permission change at once, without signing in again', async () => {
      const rania = await Client.signIn(server.app, { email: 'rania@demo.test', password: 'Rania@1234' });
      expect((await rania.list('/v1/products', {})).statusCode).toBe(403);
      await server.app.bawaba.db.query(
        `update employees set permissions = permissions || '{"general": ["sales"], "sales": ["products"]}'::jsonb
         where email = 'rania@demo.test'`,
      );
      expect((await rania.list('/v1/products', {})).statusCode).toBe(200);
    });
  });

  describe('service flags', () => {
    it('answers 403 "service not fully enabled" while support has a service off', async () => {
      const vendorId = await merchantIdOf(server, ACCOUNTS.vendor.email);
      await setService(server.app.bawaba.db, vendorId, 'quick_invoice', false);
      const english = await vendor.list('/v1/invoice', {});
      expect(english.statusCode).toBe(403);
      expect(english.json()).toEqual({ message: 'Service not fully enabled, please contact support' });
      const arabic = await vendor.post('/v1/invoice', {}, { locale: 'ar' });
      expect(arabic.json()).toEqual({ message: 'الخدمة غير مفعّلة بالكامل، يرجى التواصل مع الدعم' });
      expect((await vendor.list('/v1/invoice-dashboard', {})).statusCode).toBe(403);
      expect((await vendor.get('/v1/profile')).json().services.quick_invoice).toBe(false);
      // Other services of the same merchant still work.
      expect((await vendor.list('/v1/products', {})).statusCode).toBe(200);
      await setService(server.app.bawaba.db, vendorId, 'quick_invoice', true);
      expect((await vendor.list('/v1/invoice', {})).statusCode).toBe(200);
    });

    it('keeps the multi-vendor screens for multi-vendor merchants, and the own profile for every merchant', async () => {
      const setMultiVendor = (on: boolean) =>
        server.app.bawaba.db.query(`update merchants set is_multi_vendor = $1::boolean where email = $2::text`, [
          on,
          ACCOUNTS.vendor.email,
        ]);
      await setMultiVendor(false);
      try {
        for (const url of ['/v1/multi-vendor/merchants', '/v1/multi-vendor/services']) {
          const refused = await vendor.list(url, {});
          expect(refused.statusCode, url).toBe(403);
          expect(refused.json()).toEqual({ message: 'Service not fully enabled, please contact support' });
        }
        expect((await vendor.get('/v1/profile/merchant')).statusCode).toBe(200);
        expect((await vendor.get('/v1/push-notification/settings')).statusCode).toBe(200);
      } finally {
        await setMultiVendor(true);
      }
      expect((await vendor.list('/v1/multi-vendor/merchants', {})).statusCode).toBe(200);
    });
  });

  describe('unknown paths', () => {
    it('answers a localised JSON 404', async () => {
      const response = await merchant.get('/v1/nothing-here', { locale: 'ar' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'الصفحة المطلوبة غير موجودة!' });
      expect((await merchant.post('/v1/invoice/1/resend', {})).statusCode).toBe(404);
    });
  });
});
