import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';
import { noPermissions } from '../../src/server/merchants/permissions';

const none = noPermissions();
const DISABLED = {
  en: 'This account is disabled. Ask your administrator.',
  ar: 'هذا الحساب معطّل. يرجى التواصل مع المسؤول.',
};

describe.each(DRIVERS)('a disabled employee (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const write = async (method: 'POST' | 'PUT', url: string, record: unknown) =>
    merchant.request(method, url, { body: { data: await merchant.encrypt(record) } });
  const signIn = (email: string, password: string, locale: 'en' | 'ar' = 'en') =>
    server.app.inject({ method: 'POST', url: '/v1/login', headers: { locale }, payload: { email, password } });

  let serial = 0;
  /** A new employee of merchant A who may see invoices, and its first session. */
  async function hire() {
    serial += 1;
    const account = { email: `disabled-${serial}@demo.test`, password: 'Hala@1234' };
    const body = {
      name: `Hala ${serial}`,
      ...account,
      designation: 'Cashier',
      permissions: { ...none, general: ['invoices'] },
    };
    const created = await write('POST', '/v1/employees', body);
    expect(created.statusCode).toBe(201);
    const session = (await signIn(account.email, account.password)).json();
    const { password: _password, ...kept } = body;
    return { record: created.json(), body: kept, account, session };
  }

  it('is active when created, and the seeded employees are active too', async () => {
    const { record } = await hire();
    expect(record.active).toBe(true);
    const listed = await merchant.get('/v1/employees', {
      query: { data: await merchant.encrypt({ filter: { active: true }, range: [0, 49] }) },
    });
    const emails = listed.json().map((employee: { email: string }) => employee.email);
    expect(emails).toContain(ACCOUNTS.staff.email);
    expect(emails).toContain(record.email);
  });

  it('counts a row stored before the column existed (no value) as active', async () => {
    const { record, account } = await hire();
    await server.app.bawaba.db.query(`update employees set active = null where id = $1::integer`, [record.id]);
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
  });

  it('may not sign in once disabled, with a clear message in the request language', async () => {
    const { record, body, account } = await hire();
    const disabled = await write('PUT', `/v1/employees/${record.id}`, { ...body, active: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().active).toBe(false);
    for (const locale of ['en', 'ar'] as const) {
      const refused = await signIn(account.email, account.password, locale);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: DISABLED[locale] });
    }
    // A wrong password says nothing about the account being disabled.
    const wrong = await signIn(account.email, 'Wrong@1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect e-mail or password' });

    // The merchant's activity log has each refusal, for what it was.
    const logged = await server.app.bawaba.db.query<{ reason: string }>(
      `select reason from audit_events where event = 'sign_in' and result = 'failure' and actor_email = $1::text order by id`,
      [account.email],
    );
    expect(logged.map((row) => row.reason)).toEqual(['account_disabled', 'account_disabled', 'wrong_password']);
  });

  it('loses its open sessions at once: access token and refresh token alike', async () => {
    const { record, body, session } = await hire();
    const employee = new Client(server.app, session.access_token);
    expect((await employee.list('/v1/invoice', { range: [0, 0] })).statusCode).toBe(200);
    await write('PUT', `/v1/employees/${record.id}`, { ...body, active: false });
    // Disabling ended the session itself.
    const refused = await employee.list('/v1/invoice', { range: [0, 0] }, { locale: 'ar' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.' });
    expect((await employee.get('/v1/profile')).statusCode).toBe(401);
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/v1/token/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('is refused even when disabled behind the API, on its next request', async () => {
    const { record, session } = await hire();
    const employee = new Client(server.app, session.access_token);
    await server.app.bawaba.db.query(`update employees set active = false where id = $1::integer`, [record.id]);
    for (const locale of ['en', 'ar'] as const) {
      const refused = await employee.list('/v1/invoice', { range: [0, 0] }, { locale });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: DISABLED[locale] });
    }
  });

  it('signs in again once enabled, but its old sessions stay ended', async () => {
    const { record, body, account, session } = await hire();
    await write('PUT', `/v1/employees/${record.id}`, { ...body, active: false });
    const enabled = await write('PUT', `/v1/employees/${record.id}`, { ...body, active: true });
    expect(enabled.json().active).toBe(true);
    expect((await new Client(server.app, session.access_token).get('/v1/profile')).statusCode).toBe(401);
    const again = await Client.signIn(server.app, account);
    expect((await again.list('/v1/invoice', { range: [0, 0] })).statusCode).toBe(200);
  });

  it('changes no session of anyone else', async () => {
    const other = await hire();
    const { record, body } = await hire();
    await write('PUT', `/v1/employees/${record.id}`, { ...body, active: false });
    expect((await new Client(server.app, other.session.access_token).get('/v1/profile')).statusCode).toBe(200);
    expect((await merchant.get('/v1/profile')).statusCode).toBe(200);
  });
});
