import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { multipart, PNG } from './helpers/files';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The merchant's own records (`x-resource.own`): its business profile at `/profile/merchant` and
 * its notification settings at `/push-notification/settings`; the multi-vendor, compliance and
 * account entities around them, with the demo data each screen shows.
 */

const PROFILE = '/v1/profile/merchant';
const SETTINGS = '/v1/push-notification/settings';

/** Months from today as a date, for documents that must stay valid long enough. */
const monthsAhead = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
};

/** A minimal Word 97–2003 file: the compound-file header and a directory naming the `WordDocument` stream. */
const WORD = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(504),
  Buffer.from('Root Entry', 'utf16le'),
  Buffer.alloc(54),
  Buffer.from('WordDocument', 'utf16le'),
  Buffer.alloc(40),
]);

describe.each(DRIVERS)('merchant account, multi-vendor and compliance (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let vendor: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
  });
  afterAll(() => server?.close());

  describe('own business profile', () => {
    it("answers the demo merchant's complete profile with its real keys and no secret", async () => {
      const response = await merchant.get(PROFILE);
      expect(response.statusCode).toBe(200);
      const profile = response.json();
      const keys = (await merchant.get('/v1/keys')).json();
      expect(profile).toMatchObject({
        id: 1,
        code: 'M00001',
        name: 'Al Noor Trading Co.',
        name_ar: 'شركة النور للتجارة',
        iban: 'KW81NBOK0000000000001000372151',
        bank_name: 'National Bank of Kuwait',
        webhook_url: expect.stringMatching(/^https:\/\//),
        terms_enabled: true,
        access_code: keys.access_code,
        iv_key: keys.iv_key,
        reference_number: expect.stringMatching(/^MER-\d{4}-\d{6}$/),
      });
      expect(profile.receipt_template).toContain('{refno}');
      expect(profile).not.toHaveProperty('secret_key');
    });

    it('is not one of its sub-merchants', async () => {
      const list = await merchant.list('/v1/multi-vendor/merchants', { range: [0, 49] });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((row: { name: string }) => row.name)).toEqual(
        expect.arrayContaining(['Salmiya Branch', 'Jahra Branch', 'Avenues Kiosk']),
      );
      expect(totalOf(list)).toBe(3);
      for (const row of list.json()) expect(row).not.toHaveProperty('secret_key');
    });

    it('replaces the writable fields, keeps the read-only ones and validates like an update', async () => {
      const before = (await vendor.get(PROFILE)).json();
      const values = {
        name: 'Gulf Souq Marketplace',
        name_ar: 'سوق الخليج',
        email: 'hello@gulfsouq.com.kw',
        mobile: '22456789',
        iban: 'KW39KFHO0000000000051010045670',
        notification_emails: 'ops@gulfsouq.com.kw, finance@gulfsouq.com.kw',
        min_value: '1.000',
        max_value: '900.000',
      };
      const saved = await vendor.put(PROFILE, values);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ ...values, code: before.code, reference_number: before.reference_number });
      expect(saved.json()).not.toHaveProperty('company_name');
      expect((await vendor.get(PROFILE)).json()).toEqual(saved.json());

      const refused = await vendor.put(PROFILE, {
        ...values,
        iban: 'KW12',
        max_value: '0.500',
        notification_emails: 'ops@gulfsouq.com.kw; finance',
        code: 'X',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        iban: 'Enter a valid Kuwaiti IBAN: KW, 2 digits, 4 letters and 22 letters or digits',
        max_value: 'Maximum amount must exceed minimum amount',
        notification_emails: 'Enter valid e-mail addresses separated by commas',
      });
      expect((await vendor.get(PROFILE)).json().max_value).toBe('900.000');
    });

    it('refuses to turn off its own account, in both languages, and keeps it on when the flag is left out', async () => {
      const profile = (await vendor.get(PROFILE)).json();
      expect(profile.active).toBe(true);
      const values = { name: profile.name, name_ar: profile.name_ar, email: profile.email, mobile: profile.mobile };

      const refused = await vendor.put(PROFILE, { ...values, active: false });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'You cannot change this on your own account (Active); ask support if it must change.',
      );
      expect(refused.json().errors).toEqual({ active: refused.json().message });
      const arabic = await vendor.inLocale('ar').put(PROFILE, { ...values, active: false });
      expect(arabic.statusCode).toBe(409);
      expect(arabic.json().message).toMatch(/^لا يمكنك تغيير هذا في حسابك الخاص/);
      expect((await vendor.get(PROFILE)).json().active).toBe(true);

      // Sent back as read, or left out, the flag stays as it is.
      expect((await vendor.put(PROFILE, { ...values, active: true })).statusCode).toBe(200);
      const without = await vendor.put(PROFILE, values);
      expect(without.statusCode).toBe(200);
      expect(without.json().active).toBe(true);
    });

    it('takes a logo as multipart, checked like any image field', async () => {
      const record = JSON.stringify({
        name: 'Gulf Souq',
        name_ar: 'سوق الخليج',
        email: 'a@gulfsouq.com.kw',
        mobile: '22456789',
      });
      const { body, contentType } = multipart({
        record,
        logo: { filename: 'logo.png', contentType: 'image/png', bytes: PNG },
      });
      const response = await vendor.put(PROFILE, body, { headers: { 'content-type': contentType } });
      expect(response.statusCode).toBe(200);
      expect(response.json().logo).toMatch(/^\/v1\/files\/.+\.png$/);
    });

    it('is behind the same gate as the merchant entity', async () => {
      expect((await staff.get(PROFILE)).statusCode).toBe(403);
      expect((await staff.put(PROFILE, {})).statusCode).toBe(403);
      expect((await new Client(server.app).get(PROFILE)).statusCode).toBe(401);
    });

    it('is in the API document', async () => {
      const { paths } = (await merchant.get('/v1/openapi.json')).json();
      expect(Object.keys(paths['/v1/profile/merchant'])).toEqual(expect.arrayContaining(['get', 'put']));
      expect(Object.keys(paths['/v1/push-notification/settings'])).toEqual(expect.arrayContaining(['get', 'put']));
    });
  });

  describe('notification settings', () => {
    it('are created once with their defaults, however many first reads arrive together', async () => {
      const reads = await Promise.all([vendor.get(SETTINGS), vendor.get(SETTINGS), vendor.get(SETTINGS)]);
      for (const read of reads) expect(read.statusCode).toBe(200);
      expect(reads[0].json()).toMatchObject({
        push_enabled: true,
        push_sub_users: false,
        notify_on_refund: true,
        created_at: expect.any(String),
      });
      expect(new Set(reads.map((read) => read.json().created_at)).size).toBe(1);
      const [{ count }] = await server.app.bawaba.db.query<{ count: number }>(
        `select count(*)::integer as count from settings where key like 'own:notification_setting:%'`,
      );
      expect(count).toBe(2);
    });

    it('need a webhook URL (SPEC §5), in English and Arabic', async () => {
      const values = { push_enabled: true, push_sub_users: true };
      const english = await vendor.put(SETTINGS, values);
      expect(english.statusCode).toBe(400);
      expect(english.json().errors).toEqual({ webhook_url: 'A webhook URL must be entered' });
      const arabic = await vendor.put(SETTINGS, values, { locale: 'ar' });
      expect(arabic.json().errors).toEqual({ webhook_url: 'يجب إدخال رابط Webhook' });
      const saved = await vendor.put(SETTINGS, { ...values, webhook_url: 'https://hooks.gulfsouq.com.kw/pay' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ push_sub_users: true, webhook_url: 'https://hooks.gulfsouq.com.kw/pay' });
    });

    it('let the demo merchant enable push notifications for sub-users', async () => {
      expect((await merchant.get(SETTINGS)).json()).toMatchObject({
        push_sub_users: true,
        webhook_url: expect.any(String),
      });
    });
  });

  describe('multi-vendor', () => {
    it('creates a sub-merchant with its generated reference and refuses server-made fields', async () => {
      const values = {
        name: 'Fahaheel Branch',
        name_ar: 'فرع الفحيحيل',
        email: 'fahaheel@alnoor.com.kw',
        mobile: '99001122',
      };
      const created = await merchant.post('/v1/multi-vendor/merchants', values);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ ...values, active: true, country: 'KW' });
      expect(created.json().reference_number).toMatch(/^MER-/);
      const refused = await merchant.post('/v1/multi-vendor/merchants', {
        ...values,
        access_code: 'MINE',
        mobile: '+96599001122',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        access_code: 'This field is not allowed',
        mobile: 'Enter the 8-digit mobile number without the country code',
      });
    });

    it("lists the merchant's own services and its sub-merchants'; payment and service type must be selected", async () => {
      const list = await merchant.list('/v1/multi-vendor/services', { range: [0, 49] });
      // Four of the merchant's own (no sub-merchant: SMS invoices, open invoices, subscriptions, the online
      // checkout), five of its sub-merchants.
      expect(totalOf(list)).toBe(9);
      const services: { sub_merchant_id?: number; service_type: string }[] = list.json();
      expect(
        services
          .filter((service) => (service.sub_merchant_id ?? null) === null)
          .map((s) => s.service_type)
          .sort(),
      ).toEqual(['open_invoice', 'payment_gateway', 'quick_invoice', 'subscription']);
      const first = services.find((service) => (service.sub_merchant_id ?? null) !== null) as {
        sub_merchant_id: number;
      };
      const refused = await merchant.post('/v1/multi-vendor/services', { sub_merchant_id: first.sub_merchant_id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        payment_type: 'Payment type must be selected',
        service_type: 'Service type must be selected',
      });
      const template = await merchant.post('/v1/multi-vendor/services', {
        sub_merchant_id: first.sub_merchant_id,
        payment_type: 'knet',
        service_type: 'open_invoice',
        sms_template: 'Pay {amount} for {order}',
      });
      expect(template.json().errors).toEqual({
        sms_template: 'Only the placeholders {name}, {refno} and {amount} may be used',
      });
    });

    it("keeps each merchant's sub-merchants apart", async () => {
      const names = (await vendor.list('/v1/multi-vendor/merchants')).json().map((row: { name: string }) => row.name);
      expect(names.sort()).toEqual(['Gulf Coffee Roasters', 'Mubarakiya Sweets']);
    });
  });

  describe('compliance', () => {
    it('has records in every approval status, three signatories and six documents', async () => {
      const records = (await merchant.list('/v1/compliance', { range: [0, 49] })).json();
      expect(new Set(records.map((row: { approval_status: string }) => row.approval_status))).toEqual(
        new Set(['pending', 'approved', 'rejected', 'delete_pending', 'delete_approved']),
      );
      expect(totalOf(await merchant.list('/v1/compliance/signatories'))).toBe(3);
      const documents = await merchant.list('/v1/compliance/documents', {
        filter: { expiry_date_lte: monthsAhead(1) },
      });
      expect(totalOf(documents)).toBe(1);
      expect(totalOf(await merchant.list('/v1/compliance/documents'))).toBe(6);
    });

    it('needs a signatory mobile of at least 11 digits', async () => {
      const response = await merchant.post('/v1/compliance/signatories', {
        name: 'Test',
        civil_id: '285031201234',
        civil_id_expiry: monthsAhead(12),
        designation: 'other',
        mobile: '99881234',
      });
      expect(response.json().errors).toEqual({
        mobile: 'Mobile number must have at least 11 digits including the country code',
      });
    });

    it('accepts PDF, text and Word documents by their content, and nothing else', async () => {
      const record = JSON.stringify({ name: 'Licence', type: 'commercial_license', expiry_date: monthsAhead(8) });
      const upload = (filename: string, contentType: string, bytes: Buffer) => {
        const { body, contentType: type } = multipart({ record, file: { filename, contentType, bytes } });
        return merchant.post('/v1/compliance/documents', body, { headers: { 'content-type': type } });
      };
      const text = await upload('notes.txt', 'text/plain', Buffer.from('Licence no. 384512\nرخصة تجارية\n'));
      expect(text.statusCode).toBe(201);
      expect(text.json().file).toMatch(/\.txt$/);
      const word = await upload('letter.doc', 'application/msword', WORD);
      expect(word.statusCode).toBe(201);
      expect(word.json().file).toMatch(/\.doc$/);
      const pdf = await upload('licence.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n1 0 obj\n'));
      expect(pdf.statusCode).toBe(201);
      const binary = await upload('tool.doc', 'application/msword', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]));
      expect(binary.statusCode).toBe(400);
      expect(binary.json().errors).toEqual({ file: 'Incorrect file format' });
    });
  });

  describe('notifications, FAQ and demo guides', () => {
    it('lists twelve notifications, five unread, and marks one read', async () => {
      const unread = await merchant.list('/v1/notifications', { filter: { read: false } });
      expect(totalOf(unread)).toBe(5);
      expect(totalOf(await merchant.list('/v1/notifications'))).toBe(12);
      const [latest] = unread.json();
      expect(latest).toMatchObject({ title: expect.any(String), title_ar: expect.any(String), read: false });
      const marked = await staff.put(`/v1/notifications/${latest.id}`, { read: true });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ id: latest.id, title: latest.title, read: true });
      // A read-only field sent back with the replace is ignored, never written.
      const forged = await staff.put(`/v1/notifications/${latest.id}`, { read: true, title: 'x' });
      expect(forged.statusCode).toBe(200);
      expect(forged.json().title).toBe(latest.title);
      expect((await merchant.post('/v1/notifications', { read: true })).statusCode).toBe(405);
    });

    it('marks all notifications read at once, for its own merchant only', async () => {
      const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
      const vendorUnread = totalOf(await vendor.list('/v1/notifications', { filter: { read: false } }));
      const before = totalOf(await merchant.list('/v1/notifications', { filter: { read: false } }));
      expect(before).toBeGreaterThan(0);
      const marked = await staff.post('/v1/notifications/read-all', {});
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ marked: before });
      expect(totalOf(await merchant.list('/v1/notifications', { filter: { read: false } }))).toBe(0);
      expect((await merchant.post('/v1/notifications/read-all', {})).json()).toEqual({ marked: 0 });
      expect(totalOf(await vendor.list('/v1/notifications', { filter: { read: false } }))).toBe(vendorUnread);
    });

    it('serves the FAQ in order and the demo guides, read-only', async () => {
      const faq = await staff.list('/v1/faq', { range: [0, 49] });
      expect(totalOf(faq)).toBe(10);
      expect(faq.json().map((row: { order: number }) => row.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(totalOf(await staff.list('/v1/demo-guides'))).toBe(4);
      expect((await merchant.post('/v1/faq', {})).statusCode).toBe(405);
      expect((await merchant.delete(`/v1/faq/${faq.json()[0].id}`)).statusCode).toBe(405);
    });
  });
});
