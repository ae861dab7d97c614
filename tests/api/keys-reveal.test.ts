import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The merchant's keys revealed on the profile page: only for the account's password typed again,
 * each reveal and each wrong password written to the activity log, wrong passwords limited per
 * address as sign-ins are.
 */

describe.each(DRIVERS)('revealing the keys (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;

  beforeAll(async () => {
    server = await startServer(driver, { rateLimits: { login: { max: 3, windowMs: 60_000 } } });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const logged = () =>
    server.app.bawaba.db.query<{ event: string; result: string; reason: string | null; actor_email: string }>(
      `select event, result, reason, actor_email from audit_events where event = 'keys_revealed' order by id`,
    );

  it('answers the keys for the right password, and logs the reveal', async () => {
    const response = await merchant.post('/v1/keys/reveal', { password: ACCOUNTS.merchant.password });
    expect(response.statusCode, response.body).toBe(200);
    const keys = (await merchant.get('/v1/keys')).json();
    expect(response.json()).toEqual(keys);
    expect(await logged()).toEqual([
      { event: 'keys_revealed', result: 'success', reason: null, actor_email: ACCOUNTS.merchant.email },
    ]);
  });

  it('refuses a wrong password with a message in the language of the request, and logs it', async () => {
    const english = await merchant.post('/v1/keys/reveal', { password: 'Wrong@1234' });
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('The current password is wrong');
    expect(english.body).not.toContain(String((await merchant.get('/v1/keys')).json().secret_key));
    const arabic = await merchant.inLocale('ar').post('/v1/keys/reveal', { password: 'Wrong@1234' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.body).toContain('كلمة المرور الحالية غير صحيحة');
    expect((await logged()).slice(1)).toEqual(
      Array(2).fill({
        event: 'keys_revealed',
        result: 'failure',
        reason: 'wrong_password',
        actor_email: ACCOUNTS.merchant.email,
      }),
    );
  });

  it('limits wrong passwords from one address as sign-in does (429)', async () => {
    expect((await merchant.post('/v1/keys/reveal', { password: 'Wrong@1234' })).statusCode).toBe(400);
    const limited = await merchant.post('/v1/keys/reveal', { password: ACCOUNTS.merchant.password });
    expect(limited.statusCode).toBe(429);
  });

  it('is for a signed-in account only, and needs a password', async () => {
    expect((await new Client(server.app).post('/v1/keys/reveal', { password: 'x' })).statusCode).toBe(401);
    expect((await merchant.post('/v1/keys/reveal', {})).statusCode).toBe(400);
  });
});
