import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sessions } from '../../src/server/auth/sessions';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { noPermissions } from '../../src/server/merchants/permissions';

/**
 * Sessions end when unused for the idle time-out (here shortened to a second and a half), and
 * when the account's password changes: by its own hand (every other session ends, this one goes
 * on) or by an admin editing an employee (all of the employee's sessions end).
 */

const IDLE_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const none = noPermissions();

describe.each(DRIVERS)('sessions: idle time-out and password changes (%s)', (driver) => {
  let server: TestServer;
  let anonymous: Client;
  beforeAll(async () => {
    server = await startServer(driver, {
      idleTimeoutMs: IDLE_MS,
      rateLimits: { login: { max: 500, windowMs: 60_000 } },
    });
    anonymous = new Client(server.app);
  });
  afterAll(() => server?.close());

  const signIn = async ({ email, password }: { email: string; password: string }) => {
    const response = await anonymous.post('/v1/login', { email, password });
    expect(response.statusCode).toBe(200);
    const pair = response.json() as { access_token: string; refresh_token: string };
    return { ...pair, client: new Client(server.app, pair.access_token) };
  };
  const refresh = (refresh_token: string) => anonymous.post('/v1/token/refresh', { refresh_token });
  // Sessions here die within seconds: the admin signs in afresh for each piece of work.
  const admin = () => Client.signIn(server.app, ACCOUNTS.merchant);
  const newEmployee = async (email: string, password: string) => {
    const merchant = await admin();
    const record = { name: 'Test Employee', email, password, permissions: { ...none, general: ['invoices'] } };
    const response = await merchant.post('/v1/employees', { data: await merchant.encrypt(record) });
    expect(response.statusCode).toBe(201);
    return { id: (response.json() as { id: number }).id, record, account: { email, password } };
  };

  describe('idle time-out', () => {
    it('ends a session unused for the idle time: its access and refresh tokens get 401', async () => {
      const session = await signIn(ACCOUNTS.staff);
      expect((await session.client.get('/v1/profile')).statusCode).toBe(200);
      await sleep(IDLE_MS + 200);
      const expired = await session.client.get('/v1/profile', { locale: 'ar' });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.' });
      const renewed = await refresh(session.refresh_token);
      expect(renewed.statusCode).toBe(401);
      expect(renewed.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    });

    it('a refresh token alone cannot revive an idle session', async () => {
      const session = await signIn(ACCOUNTS.staff);
      await sleep(IDLE_MS + 200);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      expect((await session.client.get('/v1/profile')).statusCode).toBe(401);
    });

    it('every request is a use: a session in use outlives the idle time many times over', async () => {
      const session = await signIn(ACCOUNTS.staff);
      const started = Date.now();
      while (Date.now() - started < IDLE_MS * 2.5) {
        await sleep(IDLE_MS / 3);
        expect((await session.client.get('/v1/profile')).statusCode).toBe(200);
      }
      // A refresh is a use too, and its new tokens work.
      await sleep(IDLE_MS / 2);
      const renewed = await refresh(session.refresh_token);
      expect(renewed.statusCode).toBe(200);
      await sleep(IDLE_MS / 2 + 100);
      const client = new Client(server.app, renewed.json().access_token);
      expect((await client.get('/v1/profile')).statusCode).toBe(200);
    });

    it('keepalive ("Stay Logged In") is a use, and tells how long the session may stay unused', async () => {
      const session = await signIn(ACCOUNTS.staff);
      for (let i = 0; i < 3; i++) {
        await sleep(IDLE_MS * 0.7);
        const kept = await session.client.post('/v1/session/keepalive');
        expect(kept.statusCode).toBe(200);
        expect(kept.json()).toEqual({ idle_timeout_seconds: 2 });
      }
      await sleep(IDLE_MS + 200);
      expect((await session.client.post('/v1/session/keepalive')).statusCode).toBe(401);
      expect((await anonymous.post('/v1/session/keepalive')).statusCode).toBe(401);
    });

    it('writes the last use at most once per period, and judges idleness from the database alone', async () => {
      const { db, tokens } = server.app.bawaba;
      let clock = Date.parse('2030-01-01T00:00:00Z');
      const sessions = new Sessions(db, tokens, { idleMs: 15 * 60_000, now: () => clock });
      const merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
      const owner = { source: 'merchant', recordId: merchantId, merchantId };
      const [{ password }] = await db.query<{ password: string }>(
        `select password from merchants where id = $1::integer`,
        [merchantId],
      );
      const pair = await sessions.start(owner, password);
      const sid = tokens.verify(pair.access_token)?.sid as string;
      const claims = { src: 'merchant', sub: merchantId, mid: merchantId, sid };
      const live = async (instance: Sessions) => !('refused' in (await instance.authenticate(claims)));
      const stored = async () =>
        Date.parse(
          (
            await db.query<{ at: string }>(`select last_seen_at::text as at from sessions where id = $1::text`, [sid])
          )[0].at,
        );
      const startedAt = clock;
      expect(await stored()).toBe(startedAt);

      clock += 10_000;
      expect(await live(sessions)).toBe(true);
      expect(await stored()).toBe(startedAt); // within the write period: not written
      clock += sessions.writeEveryMs;
      expect(await live(sessions)).toBe(true);
      const lastUse = clock;
      expect(await stored()).toBe(lastUse); // older than the period: written

      // Another server sharing the database sees the written use: 1 ms short of idle, the session lives.
      const other = new Sessions(db, tokens, { idleMs: 15 * 60_000, now: () => clock });
      clock = lastUse + 15 * 60_000 - 1;
      expect(await live(other)).toBe(true);
      // Idle since the use the other server wrote: ended, on this server too, and for good.
      clock = lastUse + 15 * 60_000 - 1 + 15 * 60_000;
      expect(await live(sessions)).toBe(false);
      expect(
        (await db.query(`select 1 from sessions where id = $1::text and revoked_at is not null`, [sid])).length,
      ).toBe(1);
      clock = lastUse + 15 * 60_000 - 1 + 1_000;
      expect(await live(other)).toBe(false);
    });
  });

  describe('changing the password', () => {
    it('ends every other session of the account; the one that changed it goes on', async () => {
      const { account: record } = await newEmployee('change.own@demo.test', 'Change@1234');
      const here = await signIn(record);
      const elsewhere = await signIn(record);
      const change = await here.client.post('/v1/password/change', {
        current_password: 'Change@1234',
        password: 'Change@5678',
        password_confirmation: 'Change@5678',
      });
      expect(change.statusCode).toBe(200);
      expect(change.json()).toEqual({ message: 'Your password has been changed.' });
      expect((await here.client.get('/v1/profile')).statusCode).toBe(200);
      expect((await refresh(here.refresh_token)).statusCode).toBe(200);
      expect((await elsewhere.client.get('/v1/profile')).statusCode).toBe(401);
      expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(401);
      expect((await anonymous.post('/v1/login', record)).statusCode).toBe(401);
      expect((await anonymous.post('/v1/login', { ...record, password: 'Change@5678' })).statusCode).toBe(200);
    });

    it('refuses a wrong current password or a weak or unconfirmed new one, changing nothing', async () => {
      const { account: record } = await newEmployee('change.refused@demo.test', 'Refuse@1234');
      const session = await signIn(record);
      const wrong = await session.client.post(
        '/v1/password/change',
        { current_password: 'Nope@1234', password: 'Refuse@5678', password_confirmation: 'Refuse@5678' },
        { locale: 'ar' },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'كلمة المرور الحالية غير صحيحة',
        errors: { current_password: 'كلمة المرور الحالية غير صحيحة' },
      });
      const weak = await session.client.post('/v1/password/change', {
        current_password: 'Refuse@1234',
        password: 'short',
        password_confirmation: 'other',
      });
      expect(weak.statusCode).toBe(400);
      expect(Object.keys(weak.json().errors).sort()).toEqual(['password', 'password_confirmation']);
      expect((await session.client.get('/v1/profile')).statusCode).toBe(200);
      expect((await anonymous.post('/v1/login', record)).statusCode).toBe(200);
    });

    it("a merchant admin's change ends the admin's other sessions too", async () => {
      const account = ACCOUNTS.vendor;
      const here = await signIn(account);
      const elsewhere = await signIn(account);
      const change = await here.client.post('/v1/password/change', {
        current_password: account.password,
        password: 'Vendor@5678',
        password_confirmation: 'Vendor@5678',
      });
      expect(change.statusCode).toBe(200);
      expect((await here.client.get('/v1/profile')).statusCode).toBe(200);
      expect((await elsewhere.client.get('/v1/profile')).statusCode).toBe(401);
      expect((await anonymous.post('/v1/login', { ...account, password: 'Vendor@5678' })).statusCode).toBe(200);
    });

    it("an admin setting an employee's password ends all of that employee's sessions", async () => {
      const { id, record, account } = await newEmployee('change.admin@demo.test', 'Admin@1234');
      const first = await signIn(account);
      const second = await signIn(account);
      const { password: _kept, ...rest } = record;
      const merchant = await admin();
      // An edit that keeps the password ends nothing.
      const kept = await merchant.put(`/v1/employees/${id}`, {
        data: await merchant.encrypt({ ...rest, name: 'Renamed' }),
      });
      expect(kept.statusCode).toBe(200);
      expect((await first.client.get('/v1/profile')).statusCode).toBe(200);
      const changed = await merchant.put(`/v1/employees/${id}`, {
        data: await merchant.encrypt({ ...rest, password: 'Admin@5678' }),
      });
      expect(changed.statusCode).toBe(200);
      for (const session of [first, second]) {
        expect((await session.client.get('/v1/profile')).statusCode).toBe(401);
        expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      }
      expect((await anonymous.post('/v1/login', { ...account, password: 'Admin@5678' })).statusCode).toBe(200);
    });
  });
});
