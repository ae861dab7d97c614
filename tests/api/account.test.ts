import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import { decryptPayload, deriveKey } from '../../src/shared/crypto';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

describe.each(DRIVERS)('account, reference data and the API document (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
  });
  afterAll(() => server?.close());

  describe('authentication of protected routes', () => {
    it('asks to sign in without a token, in the request language', async () => {
      const anonymous = new Client(server.app);
      expect((await anonymous.get('/v1/profile')).json()).toEqual({ message: 'Please sign in to continue' });
      const arabic = await anonymous.get('/v1/invoice', { locale: 'ar' });
      expect(arabic.statusCode).toBe(401);
      expect(arabic.json()).toEqual({ message: 'يرجى تسجيل الدخول للمتابعة' });
    });

    it('refuses forged, truncated and foreign tokens', async () => {
      const [header, claims] = (merchant.token as string).split('.');
      const forged = `${header}.${claims}.${'A'.repeat(43)}`;
      for (const token of [forged, 'garbage', `${header}.${claims}`]) {
        const response = await new Client(server.app, token).get('/v1/keys');
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
      }
    });
  });

  describe('keys', () => {
    it("answers the merchant's keys, the same for its employees", async () => {
      const response = await merchant.get('/v1/keys');
      expect(response.statusCode).toBe(200);
      const keys = response.json();
      expect(keys).toEqual({
        access_code: expect.stringMatching(/^[0-9A-F]{20}$/),
        secret_key: expect.any(String),
        iv_key: expect.stringMatching(/^[0-9a-f]{32}$/),
        merchant_code: 'M00001',
      });
      expect((await staff.get('/v1/keys')).json()).toEqual(keys);
      const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
      expect((await vendor.get('/v1/keys')).json().secret_key).not.toBe(keys.secret_key);
    });
  });

  describe('profile', () => {
    it('gives the admin every service and every permission of the employee schema', async () => {
      const profile = (await merchant.get('/v1/profile')).json();
      expect(profile).toMatchObject({
        id: 1,
        name: 'Hessa Al-Noori',
        email: ACCOUNTS.merchant.email,
        role: 'admin',
        merchant: {
          id: 1,
          code: 'M00001',
          brand_name: 'Al Noor Trading',
          name_ar: 'شركة النور للتجارة',
          is_multi_vendor: true,
        },
      });
      expect(Object.values(profile.services)).toEqual([true, true, true, true, true, true, true, true]);
      expect(Object.keys(profile.services)).toEqual([
        'open_invoice',
        'quick_invoice',
        'payment_gateway',
        'product_listing',
        'pos_terminal',
        'delivery_invoice',
        'property_management',
        'recurring_subscription',
      ]);
      expect(profile.permissions.general).toContain('employees');
      expect(profile.permissions.report).toHaveLength(6);
      expect(Object.keys(profile.permissions)).toEqual([
        'general',
        'sms',
        'report',
        'open_invoice',
        'sales',
        'rental',
        'subscription',
      ]);
    });

    it("gives an employee their own maps and their merchant's services", async () => {
      const profile = (await staff.get('/v1/profile')).json();
      expect(profile).toMatchObject({ name: 'Bader Al-Shatti', role: 'employee', merchant: { id: 1 } });
      expect(profile.permissions).toEqual({
        general: ['dashboard', 'invoices', 'reports'],
        sms: ['single_sms', 'bulk_sms'],
        report: ['payment_transactions', 'payment_list', 'refunds', 'captures', 'transfers', 'incomplete'],
        open_invoice: [],
        sales: [],
        rental: [],
        subscription: [],
      });
    });

    it('marks the multi-vendor merchant', async () => {
      const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
      expect((await vendor.get('/v1/profile')).json().merchant.is_multi_vendor).toBe(true);
    });

    it("carries the merchant's setting for invoices without a number, off until the merchant turns it on", async () => {
      const settings = async () => (await merchant.get('/v1/profile')).json().merchant.settings;
      expect(await settings()).toEqual({ ask_invoice_number: false });
      const { id: _id, ...own } = (await merchant.get('/v1/profile/merchant')).json();
      const writable = Object.fromEntries(
        Object.entries(own).filter(([name]) => !entitySchemas.merchant.properties[name]?.readOnly),
      );
      const turnOn = await merchant.put('/v1/profile/merchant', { ...writable, ask_invoice_number: true });
      expect(turnOn.statusCode, turnOn.body).toBe(200);
      expect(await settings()).toEqual({ ask_invoice_number: true });
      const turnOff = await merchant.put('/v1/profile/merchant', { ...writable, ask_invoice_number: false });
      expect(turnOff.statusCode, turnOff.body).toBe(200);
      expect(await settings()).toEqual({ ask_invoice_number: false });
    });

    it('changes name and e-mail; the new e-mail signs in', async () => {
      const account = { email: 'rania@demo.test', password: 'Rania@1234' };
      const rania = await Client.signIn(server.app, account);
      const response = await rania.put('/v1/profile', { name: 'Rania H.', email: 'rania.h@demo.test' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Rania H.', email: 'rania.h@demo.test', role: 'employee' });
      expect((await rania.post('/v1/login', account)).statusCode).toBe(401);
      expect((await rania.post('/v1/login', { ...account, email: 'rania.h@demo.test' })).statusCode).toBe(200);
    });

    it("refuses an e-mail another account signs in with (409), in the request's language", async () => {
      const response = await merchant.put('/v1/profile', { name: 'Hessa', email: ACCOUNTS.staff.email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'This value is already in use',
        errors: { email: 'This value is already in use' },
      });
      const arabic = await merchant.put(
        '/v1/profile',
        { name: 'Hessa', email: ACCOUNTS.vendor.email },
        { locale: 'ar' },
      );
      expect(arabic.json()).toEqual({
        message: 'هذه القيمة مستخدمة بالفعل',
        errors: { email: 'هذه القيمة مستخدمة بالفعل' },
      });
      expect((await merchant.get('/v1/profile')).json().name).toBe('Hessa Al-Noori');
    });

    it('validates the profile with the same rules as the employee form', async () => {
      const response = await merchant.put('/v1/profile', { name: '', email: 'nope', role: 'employee' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        name: 'Must be at least one character',
        email: 'Enter a valid e-mail address',
        role: 'This field is not allowed',
      });
    });
  });

  describe('encrypt', () => {
    it('encrypts any payload so that the merchant keys decrypt it', async () => {
      const payload = { filter: { q: 'نورة' }, amount: '12.500', list: [1, 2, 3] };
      const response = await merchant.post('/v1/encrypt', { payload });
      expect(response.statusCode).toBe(200);
      const keys = (await merchant.get('/v1/keys')).json();
      expect(await decryptPayload(await deriveKey(keys.secret_key, keys.iv_key), response.json().data)).toEqual(
        payload,
      );
    });

    it('needs a payload', async () => {
      const response = await merchant.post('/v1/encrypt', {});
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ payload: 'This field is required' });
    });
  });

  describe('reference data', () => {
    it('lists countries with Arabic names and dial codes, Kuwait first', async () => {
      const countries = (await new Client(server.app).get('/v1/countries')).json();
      expect(countries[0]).toEqual({ code: 'KW', name: 'Kuwait', name_ar: 'الكويت', dial_code: '965' });
      expect(countries.map((country: { code: string }) => country.code)).toEqual(
        expect.arrayContaining(['SA', 'AE', 'QA', 'BH', 'OM']),
      );
    });

    it('reports health with the database in use', async () => {
      expect((await new Client(server.app).get('/v1/health')).json()).toEqual({ status: 'ok', database: driver });
    });
  });

  describe('OpenAPI document', () => {
    it('is OpenAPI 3.1 with the schemas under their own names', async () => {
      const document = (await new Client(server.app).get('/v1/openapi.json')).json();
      expect(document.openapi).toBe('3.1.0');
      for (const name of [
        'invoice.create',
        'invoice.update',
        'invoice.record',
        'invoice.filter',
        'product.create',
        'employee.record',
        'error',
      ]) {
        expect(document.components.schemas).toHaveProperty([name]);
      }
      expect(document.components.schemas['employee.record'].properties).not.toHaveProperty('password');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/v1/login',
          '/v1/invoice',
          '/v1/invoice/{id}',
          '/v1/products',
          '/v1/employees',
          '/v1/invoice-dashboard',
        ]),
      );
      const create = document.paths['/v1/invoice'].post;
      expect(JSON.stringify(create.requestBody)).toContain('#/components/schemas/invoice.create');
    });

    it('states a confirmation as equal to its password (`const` with `$data`), not as a literal value', async () => {
      const document = (await new Client(server.app).get('/v1/openapi.json')).json();
      for (const name of ['password.reset', 'password.change']) {
        expect(document.components.schemas[name].properties.password_confirmation).toEqual({
          type: 'string',
          const: { $data: '1/password' },
          'x-messages': { const: 'app.auth.passwords_differ' },
        });
      }
    });
  });
});
