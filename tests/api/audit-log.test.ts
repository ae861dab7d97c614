import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { entitySchemas } from '../../src/schema/registry';
import { ACCOUNTS, Client, totalOf, writableOf } from './helpers/client';
import { paidNow } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * The activity log (`audit_event`): sign-ins and sign-outs, passwords, keys, and every change of an
 * `x-audit` field — who, what, when, from where — for the merchant's admin only, read-only.
 */

type Row = Record<string, unknown>;

const AGENT = 'AuditTest/1.0 (+https://example.test)';

describe.each(DRIVERS)('activity log (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let vendor: Client;
  let merchantId: number;
  let staffId: number;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    const [employee] = await server.app.bawaba.db.query<{ id: number }>(
      `select id from employees where email = $1::text`,
      [ACCOUNTS.staff.email],
    );
    staffId = employee.id;
  });
  afterAll(() => server?.close());

  /** The rows of the log (of every merchant) that `action` wrote, oldest first. */
  async function written(action: () => Promise<unknown>): Promise<Row[]> {
    const db = server.app.bawaba.db;
    const [{ last }] = await db.query<{ last: number }>(
      `select coalesce(max(id), 0)::integer as last from audit_events`,
    );
    await action();
    return db.query(
      `select merchant_id, event, result, reason, actor_kind, actor_id, actor_name, actor_email, entity, record_id,
              record_name, field, old_value, new_value, concealed, ip, user_agent, occurred_at
         from audit_events where id > $1::integer order by id`,
      [last],
    );
  }

  const signIn = (account: { email: string; password: string }, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: account,
      headers: { 'user-agent': AGENT, ...headers },
    });

  const asAdmin = { actor_kind: 'admin', actor_name: 'Hessa Al-Noori', actor_email: ACCOUNTS.merchant.email };

  it('starts with what people do: the demo data written at first start leaves no rows', async () => {
    const rows = await server.app.bawaba.db.query(`select event, actor_email from audit_events order by id`);
    expect(rows).toEqual(
      [ACCOUNTS.merchant, ACCOUNTS.staff, ACCOUNTS.vendor].map(({ email }) => ({
        event: 'sign_in',
        actor_email: email,
      })),
    );
  });

  describe('sign-in and sign-out', () => {
    it('logs a sign-in with the account, its address and user agent; a forwarded address is not believed', async () => {
      const rows = await written(async () => {
        const response = await signIn(ACCOUNTS.merchant, { 'x-forwarded-for': '203.0.113.9' });
        expect(response.statusCode, response.body).toBe(200);
      });
      expect(rows).toEqual([
        expect.objectContaining({
          merchant_id: merchantId,
          event: 'sign_in',
          result: 'success',
          reason: null,
          actor_kind: 'admin',
          actor_id: merchantId,
          actor_email: ACCOUNTS.merchant.email,
          ip: '127.0.0.1',
          user_agent: AGENT,
          entity: null,
          field: null,
        }),
      ]);
      expect(typeof rows[0].actor_name).toBe('string');
      expect(Date.now() - new Date(String(rows[0].occurred_at)).getTime()).toBeLessThan(60_000);
    });

    it("logs a wrong password against the account's merchant, never the password tried", async () => {
      const tried = 'Wr0ng!Secret-77';
      const rows = await written(async () => {
        const response = await signIn({ email: ACCOUNTS.staff.email, password: tried });
        expect(response.statusCode).toBe(401);
      });
      expect(rows).toEqual([
        expect.objectContaining({
          merchant_id: merchantId,
          event: 'sign_in',
          result: 'failure',
          reason: 'wrong_password',
          actor_kind: 'employee',
          actor_id: staffId,
          actor_email: ACCOUNTS.staff.email,
          ip: '127.0.0.1',
          user_agent: AGENT,
        }),
      ]);
      expect(JSON.stringify(rows)).not.toContain(tried);
    });

    it('writes nothing for an e-mail no account has', async () => {
      const rows = await written(async () => {
        const response = await signIn({ email: 'nobody@demo.test', password: 'Whatever@123' });
        expect(response.statusCode).toBe(401);
      });
      expect(rows).toEqual([]);
    });

    it('logs a sign-out once, for the session it ends', async () => {
      const client = await Client.signIn(server.app, ACCOUNTS.staff);
      const rows = await written(async () => {
        const headers = { 'user-agent': AGENT };
        expect((await client.post('/v1/logout', {}, { headers })).statusCode).toBe(200);
        expect((await client.post('/v1/logout', {}, { headers })).statusCode).toBe(200);
      });
      expect(rows).toEqual([
        expect.objectContaining({
          merchant_id: merchantId,
          event: 'sign_out',
          result: 'success',
          actor_kind: 'employee',
          actor_id: staffId,
          user_agent: AGENT,
        }),
      ]);
    });

    it('takes the address a trusted proxy forwards', async () => {
      const proxied = await startServer(driver, { trustProxy: true });
      try {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/v1/login',
          payload: ACCOUNTS.vendor,
          headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'x'.repeat(500) },
        });
        expect(response.statusCode).toBe(200);
        const [row] = await proxied.app.bawaba.db.query<Row>(
          `select ip, user_agent from audit_events where event = 'sign_in' order by id desc limit 1`,
        );
        expect(row).toEqual({ ip: '203.0.113.9', user_agent: 'x'.repeat(200) });
      } finally {
        await proxied.close();
      }
    });
  });

  describe('passwords and keys', () => {
    it('logs a reset code asked for, a wrong code and the reset, never the code', async () => {
      const anonymous = new Client(server.app);
      const headers = { 'user-agent': AGENT };
      let code = '';
      const rows = await written(async () => {
        expect((await anonymous.post('/v1/forgot', { email: ACCOUNTS.staff.email }, { headers })).statusCode).toBe(200);
        const mail = (await server.deliverMail()).at(-1);
        code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1] ?? '';
        expect(code).toMatch(/^\d{6}$/);
        const wrong = code === '000000' ? '111111' : '000000';
        const reset = { email: ACCOUNTS.staff.email, password: 'Fresh@5678', password_confirmation: 'Fresh@5678' };
        expect((await anonymous.post('/v1/password/reset', { ...reset, code: wrong }, { headers })).statusCode).toBe(
          400,
        );
        expect((await anonymous.post('/v1/password/reset', { ...reset, code }, { headers })).statusCode).toBe(200);
      });
      const account = { merchant_id: merchantId, actor_kind: 'employee', actor_id: staffId, user_agent: AGENT };
      expect(rows).toEqual([
        expect.objectContaining({ ...account, event: 'password_reset_requested', result: 'success' }),
        expect.objectContaining({ ...account, event: 'password_reset', result: 'failure', reason: 'invalid_code' }),
        expect.objectContaining({ ...account, event: 'password_reset', result: 'success', field: null }),
      ]);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(JSON.stringify(rows)).not.toContain('Fresh@5678');
      // Back to the demo password for the other tests.
      await server.app.bawaba.db.transaction(async (tx) => {
        const { setPassword } = await import('../../src/server/auth/identities');
        await setPassword(
          tx,
          server.app.bawaba.stores,
          { source: 'employee', recordId: staffId, merchantId },
          ACCOUNTS.staff.password,
        );
      });
      // A new password ends the account's sessions.
      staff = await Client.signIn(server.app, ACCOUNTS.staff);
    });

    it('logs a password change by the account itself, and a wrong current password', async () => {
      const client = await Client.signIn(server.app, ACCOUNTS.merchant);
      const rows = await written(async () => {
        const body = { password: 'Chang3d@99', password_confirmation: 'Chang3d@99' };
        const wrong = await client.post('/v1/password/change', { ...body, current_password: 'Nope@0000' });
        expect(wrong.statusCode).toBe(400);
        const right = await client.post('/v1/password/change', {
          ...body,
          current_password: ACCOUNTS.merchant.password,
        });
        expect(right.statusCode, right.body).toBe(200);
        const back = { current_password: 'Chang3d@99', password: ACCOUNTS.merchant.password };
        const restored = await client.post('/v1/password/change', { ...back, password_confirmation: back.password });
        expect(restored.statusCode, restored.body).toBe(200);
      });
      expect(rows.map((row) => [row.event, row.result, row.reason, row.actor_kind, row.actor_id])).toEqual([
        ['password_changed', 'failure', 'wrong_password', 'admin', merchantId],
        ['password_changed', 'success', null, 'admin', merchantId],
        ['password_changed', 'success', null, 'admin', merchantId],
      ]);
      expect(JSON.stringify(rows)).not.toMatch(/Chang3d@99|Nope@0000|Demo@1234/);
      merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    });

    it("logs regenerated keys without them; the admin's only, the profile and encryption follow", async () => {
      const before = (await merchant.get('/v1/keys')).json();
      let after: Row = {};
      const rows = await written(async () => {
        expect((await staff.post('/v1/keys/regenerate')).statusCode).toBe(403);
        const response = await merchant.post('/v1/keys/regenerate', undefined, { headers: { 'user-agent': AGENT } });
        expect(response.statusCode, response.body).toBe(200);
        after = response.json();
      });
      expect(after.secret_key).not.toBe(before.secret_key);
      expect(after.access_code).not.toBe(before.access_code);
      expect((await merchant.get('/v1/keys')).json()).toEqual(after);
      expect((await merchant.get('/v1/profile/merchant')).json()).toMatchObject({ access_code: after.access_code });
      expect(rows).toEqual([
        expect.objectContaining({
          ...asAdmin,
          merchant_id: merchantId,
          event: 'keys_regenerated',
          concealed: true,
          old_value: null,
          new_value: null,
          user_agent: AGENT,
        }),
      ]);
      const text = JSON.stringify(rows);
      for (const key of ['access_code', 'secret_key', 'iv_key']) {
        expect(text).not.toContain(String(before[key]));
        expect(text).not.toContain(String(after[key]));
      }
      // Payloads sealed with the new keys open; the old ones no longer do.
      const fresh = new Client(server.app, merchant.token);
      const listed = await fresh.get('/v1/employees', { query: { data: await fresh.encrypt({}) } });
      expect(listed.statusCode, listed.body).toBe(200);
    });
  });

  describe('audited fields (x-audit)', () => {
    const encrypted = async (client: Client, method: 'POST' | 'PUT', url: string, record: Row) =>
      client.request(method, url, { body: { data: await client.encrypt(record) }, headers: { 'user-agent': AGENT } });

    it("logs an employee's permissions (old and new), active flag, and password (only that it changed)", async () => {
      const created = await encrypted(merchant, 'POST', '/v1/employees', {
        name: 'Audit Person',
        email: 'audit.person@demo.test',
        password: 'Audit@1234',
        permissions: { general: ['invoices'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const employee = created.json();
      const { id } = employee;
      const writable = writableOf('employee', employee);
      const rows = await written(async () => {
        const changed = await encrypted(merchant, 'PUT', `/v1/employees/${id}`, {
          ...writable,
          permissions: { general: ['invoices', 'reports'] },
          password: 'Other@5678',
          ...('active' in entitySchemas.employee.properties ? { active: false } : {}),
        });
        expect(changed.statusCode, changed.body).toBe(200);
      });
      const common = { ...asAdmin, merchant_id: merchantId, event: 'record_changed', entity: 'employee' };
      const expected = [
        expect.objectContaining({
          ...common,
          record_id: id,
          record_name: 'Audit Person',
          field: 'password',
          concealed: true,
          old_value: null,
          new_value: null,
        }),
        ...('active' in entitySchemas.employee.properties
          ? [expect.objectContaining({ ...common, field: 'active', old_value: 'true', new_value: 'false' })]
          : []),
        expect.objectContaining({
          ...common,
          field: 'permissions',
          old_value: JSON.stringify({ general: ['invoices'] }),
          new_value: JSON.stringify({ general: ['invoices', 'reports'] }),
          concealed: false,
          user_agent: AGENT,
        }),
      ];
      expect(rows).toHaveLength(expected.length);
      expect(rows).toEqual(expect.arrayContaining(expected));
      expect(JSON.stringify(rows)).not.toMatch(/Other@5678|scrypt/);

      const removed = await written(async () => {
        expect((await merchant.delete(`/v1/employees/${id}`)).statusCode).toBe(200);
      });
      expect(removed).toEqual([
        expect.objectContaining({ ...common, event: 'record_deleted', record_id: id, record_name: 'Audit Person' }),
      ]);
    });

    it("logs the merchant's bank details and webhook URL, and nothing for an unaudited field", async () => {
      const profile = (await merchant.get('/v1/profile/merchant')).json();
      const { id: _id, ...current } = profile;
      const writable = Object.fromEntries(
        Object.entries(current).filter(([name]) => !entitySchemas.merchant.properties[name]?.readOnly),
      );
      const iban = 'KW81CBKU0000000000001234560101';
      const rows = await written(async () => {
        const response = await merchant.put('/v1/profile/merchant', {
          ...writable,
          iban,
          webhook_url: 'https://hooks.example.com/new',
          address: 'Somewhere else',
        });
        expect(response.statusCode, response.body).toBe(200);
      });
      const common = { ...asAdmin, merchant_id: merchantId, event: 'record_changed', entity: 'merchant' };
      expect(rows).toHaveLength(2);
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ ...common, field: 'iban', old_value: profile.iban, new_value: iban }),
          expect.objectContaining({
            ...common,
            field: 'webhook_url',
            old_value: profile.webhook_url,
            new_value: 'https://hooks.example.com/new',
          }),
        ]),
      );
    });

    it('logs the webhook URL of the notification settings and of a new invoice', async () => {
      const settings = (await merchant.get('/v1/push-notification/settings')).json();
      const { id: _id, created_at: _c, updated_at: _u, ...values } = settings;
      const rows = await written(async () => {
        const saved = await merchant.put('/v1/push-notification/settings', {
          ...values,
          webhook_url: 'https://hooks.example.com/settings',
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const invoice = await merchant.post('/v1/invoice', {
          customer_name: 'Webhook Customer',
          mobile: '96550001234',
          amount: '3.000',
          webhook_url: 'https://hooks.example.com/invoice',
        });
        expect(invoice.statusCode, invoice.body).toBe(201);
      });
      expect(rows.map((row) => [row.event, row.entity, row.field, row.old_value, row.new_value])).toEqual([
        [
          'record_changed',
          'notification_setting',
          'webhook_url',
          settings.webhook_url,
          'https://hooks.example.com/settings',
        ],
        ['record_created', 'invoice', 'webhook_url', null, 'https://hooks.example.com/invoice'],
      ]);
    });

    it('logs a refund requested by an employee and its cancellation', async () => {
      // A payment made now: its refund can be cancelled within its 20 minutes.
      const transaction = await paidNow(server, merchant);
      let refund: Row = {};
      const rows = await written(async () => {
        const response = await staff.post('/v1/refund', {
          transaction_id: transaction.id,
          method: 'partial',
          total_amount: transaction.amount,
          pending_amount: transaction.pending_amount,
          refund_amount: '0.250',
        });
        expect(response.statusCode, response.body).toBe(201);
        refund = response.json();
        const cancelled = await merchant.post(`/v1/refund/${String(refund.id)}/cancel`);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      });
      const by = (row: Row) => [
        row.actor_kind,
        row.event,
        row.entity,
        row.record_id,
        row.field,
        row.old_value,
        row.new_value,
      ];
      expect(rows.map(by)).toEqual([
        ['employee', 'record_created', 'refund', refund.id, 'refund_amount', null, '0.250'],
        ['employee', 'record_created', 'refund', refund.id, 'status', null, 'pending'],
        ['admin', 'record_changed', 'refund', refund.id, 'status', 'pending', 'cancelled'],
      ]);
      expect(rows.every((row) => row.record_name === refund.document_no && row.merchant_id === merchantId)).toBe(true);
    });
  });

  describe('the log through the API', () => {
    it("is the admin's: employees get 403, other merchants never see its rows", async () => {
      const listed = await merchant.list('/v1/audit-log', {
        filter: { event: 'sign_in', result: 'failure' },
        range: [0, 49],
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const rows = listed.json() as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.event === 'sign_in' && row.result === 'failure')).toBe(true);
      expect(totalOf(listed)).toBe(rows.length);

      expect((await staff.list('/v1/audit-log')).statusCode).toBe(403);
      expect((await staff.get(`/v1/audit-log/${String(rows[0].id)}`)).statusCode).toBe(403);
      expect((await staff.get('/v1/audit-log/export')).statusCode).toBe(403);

      expect((await vendor.get(`/v1/audit-log/${String(rows[0].id)}`)).statusCode).toBe(404);
      const theirs = (await vendor.list('/v1/audit-log', { range: [0, 499] })).json() as Row[];
      expect(theirs.some((row) => row.actor_email === ACCOUNTS.merchant.email)).toBe(false);
      expect(theirs.some((row) => row.actor_email === ACCOUNTS.staff.email)).toBe(false);
    });

    it('filters by actor, a date range and free text, and exports', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const filter = { actor_kind: 'employee', occurred_at_gte: today, occurred_at_lte: today, q: 'staff@demo' };
      const listed = await merchant.list('/v1/audit-log', { filter, range: [0, 99] });
      expect(listed.statusCode, listed.body).toBe(200);
      const rows = listed.json() as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.actor_kind === 'employee' && row.actor_email === ACCOUNTS.staff.email)).toBe(true);
      const exported = await merchant.get('/v1/audit-log/export', { query: { filter: JSON.stringify(filter) } });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.body).toContain(ACCOUNTS.staff.email);
    });

    it('cannot be written: no create, change or delete', async () => {
      const [first] = (await merchant.list('/v1/audit-log', { range: [0, 0] })).json() as Row[];
      const row = { event: 'sign_in', result: 'success', actor_kind: 'admin', actor_name: 'Forged' };
      expect((await merchant.post('/v1/audit-log', row)).statusCode).toBe(405);
      expect((await merchant.put(`/v1/audit-log/${String(first.id)}`, row)).statusCode).toBe(405);
      expect((await merchant.delete(`/v1/audit-log/${String(first.id)}`)).statusCode).toBe(405);
      expect((await merchant.get(`/v1/audit-log/${String(first.id)}`)).json()).toEqual(first);
    });
  });
});

describe('activity log labels', () => {
  const entity = entitySchemas.audit_event;
  const catalogues = { en, ar } as unknown as Record<string, { resources: Record<string, Row> }>;

  it.each(['en', 'ar'])('%s names the log, each field and each value', (language) => {
    const labels = catalogues[language].resources.audit_event as {
      name: string;
      fields: Record<string, string>;
      enums: Record<string, Record<string, string>>;
    };
    expect(labels.name).toMatch(language === 'ar' ? /سجل النشاط/ : /Activity log/);
    for (const [field, property] of Object.entries(entity.properties)) {
      expect(labels.fields[field], field).toBeTruthy();
      for (const value of property.enum ?? [])
        expect(labels.enums[field]?.[String(value)], `${field}.${String(value)}`).toBeTruthy();
    }
  });
});
