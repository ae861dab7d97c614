import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

describe.each(DRIVERS)('sign-in, tokens and password reset (%s)', (driver) => {
  let server: TestServer;
  let anonymous: Client;
  beforeAll(async () => {
    // Every test here signs in from one address: room for their wrong passwords (floods have a test of their own).
    server = await startServer(driver, { rateLimits: { login: { max: 500, windowMs: 60_000 } } });
    anonymous = new Client(server.app);
  });
  afterAll(() => server?.close());

  const codeFrom = async (email: string) => {
    const mail = (await server.deliverMail()).filter((message) => message.recipient === email);
    const last = mail.at(-1);
    return { message: last, code: /\b(\d{6})\b/.exec(last?.body ?? '')?.[1] };
  };

  describe('login', () => {
    it('answers an access and a refresh token for the demo merchant and the employee', async () => {
      for (const account of [ACCOUNTS.merchant, ACCOUNTS.staff, ACCOUNTS.vendor]) {
        const response = await anonymous.post('/v1/login', account);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
      }
    });

    it('accepts the e-mail in any case', async () => {
      const response = await anonymous.post('/v1/login', { ...ACCOUNTS.merchant, email: 'Merchant@Demo.TEST' });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a wrong password or an unknown e-mail with the same localised 401', async () => {
      const wrong = await anonymous.post('/v1/login', { email: ACCOUNTS.merchant.email, password: 'Wrong@1234' });
      const unknown = await anonymous.post('/v1/login', { email: 'nobody@demo.test', password: 'Wrong@1234' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Incorrect e-mail or password' });
      expect(unknown.json()).toEqual(wrong.json());
      const arabic = await anonymous.post(
        '/v1/login',
        { email: ACCOUNTS.merchant.email, password: 'x' },
        { locale: 'ar' },
      );
      expect(arabic.statusCode).toBe(401);
      expect(arabic.json()).toEqual({ message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' });
    });

    it('validates the body: missing fields and a malformed e-mail are field errors', async () => {
      const response = await anonymous.post('/v1/login', { email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Please fill all the required fields',
        errors: { email: 'Enter a valid e-mail address', password: 'This field is required' },
      });
    });

    it('locks an account at the 11th wrong password for 30 minutes, right password or not', async () => {
      const account = ACCOUNTS.vendor;
      const wrong = () =>
        anonymous.post('/v1/login', { email: account.email, password: 'Guess@1234' }, { locale: 'ar' });
      for (let i = 0; i < 10; i++) expect((await wrong()).statusCode).toBe(401);
      const locked = await wrong();
      expect(locked.statusCode).toBe(423);
      expect(locked.json().message).toBe(
        'محاولات تسجيل دخول فاشلة كثيرة: تم قفل هذا الحساب لمدة 30 دقيقةً. حاول مرة أخرى لاحقًا، أو أعد تعيين كلمة المرور.',
      );
      const right = await anonymous.post('/v1/login', account);
      expect(right.statusCode).toBe(423);
      expect(right.json().message).toBe(
        'Too many failed sign-ins: this account is locked for 30 minutes. Try again later, or reset your password.',
      );
      // Half an hour later the account opens again, with a fresh count.
      await server.app.bawaba.db.query(
        `update login_identities set locked_until = now() - interval '1 second' where email = $1::text`,
        [account.email],
      );
      expect((await anonymous.post('/v1/login', account)).statusCode).toBe(200);
      expect((await wrong()).statusCode).toBe(401);
    });

    it('answers an e-mail without an account the same way, so a lock reveals no account', async () => {
      const attempt = () => anonymous.post('/v1/login', { email: 'nobody-here@demo.test', password: 'Guess@1234' });
      for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
      const locked = await attempt();
      expect(locked.statusCode).toBe(423);
      expect(locked.json().message).toContain('locked for 30 minutes');
    });

    it('forgets wrong passwords after a right one, and a reset password ends a lock', async () => {
      const account = ACCOUNTS.staff;
      const wrong = () => anonymous.post('/v1/login', { email: account.email, password: 'Guess@1234' });
      for (let i = 0; i < 9; i++) expect((await wrong()).statusCode).toBe(401);
      expect((await anonymous.post('/v1/login', account)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await wrong()).statusCode).toBe(401);
      expect((await wrong()).statusCode).toBe(423);
      await anonymous.post('/v1/forgot', { email: account.email });
      const { code } = await codeFrom(account.email);
      const reset = await anonymous.post('/v1/password/reset', {
        email: account.email,
        code,
        password: account.password,
        password_confirmation: account.password,
      });
      expect(reset.statusCode).toBe(200);
      expect((await anonymous.post('/v1/login', account)).statusCode).toBe(200);
    });

    it('answers 429 to a flood of failed sign-ins from one address, whatever the e-mails', async () => {
      const flood = await startServer(driver, { rateLimits: { login: { max: 5, windowMs: 60_000 } } });
      try {
        const client = new Client(flood.app);
        for (let i = 0; i < 5; i++)
          expect(
            (await client.post('/v1/login', { email: `guess${i}@demo.test`, password: 'Guess@1234' })).statusCode,
          ).toBe(401);
        const blocked = await client.post('/v1/login', ACCOUNTS.merchant, { locale: 'ar' });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
        expect(blocked.json().message).toBe('طلبات كثيرة جدًا، يرجى الانتظار قليلًا ثم المحاولة مرة أخرى');
      } finally {
        await flood.close();
      }
    });
    it('behind one trusted load balancer, counts the address it saw, whatever X-Forwarded-For the client wrote', async () => {
      const proxied = await startServer(driver, { trustProxy: 1, rateLimits: { login: { max: 3, windowMs: 60_000 } } });
      try {
        const login = (forwarded: string, i: number) =>
          proxied.app.inject({
            method: 'POST',
            url: '/v1/login',
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-for': forwarded },
            payload: { email: `spoof${i}@demo.test`, password: 'Guess@1234' },
          });
        // The client writes a new address each time; the balancer appends the one it saw.
        for (let i = 0; i < 3; i++) expect((await login(`198.51.100.${i}, 203.0.113.5`, i)).statusCode).toBe(401);
        expect((await login('198.51.100.99, 203.0.113.5', 9)).statusCode).toBe(429);
        expect((await login('203.0.113.6', 10)).statusCode).toBe(401);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('refresh and logout', () => {
    it('rotates refresh tokens: each works once and yields a working access token', async () => {
      const first = (await anonymous.post('/v1/login', ACCOUNTS.merchant)).json();
      const second = await anonymous.post('/v1/token/refresh', { refresh_token: first.refresh_token });
      expect(second.statusCode).toBe(200);
      const pair = second.json();
      expect(pair.refresh_token).not.toBe(first.refresh_token);
      expect((await new Client(server.app, pair.access_token).get('/v1/profile')).statusCode).toBe(200);
    });

    it('treats reuse of a spent refresh token as theft and ends the whole session', async () => {
      const first = (await anonymous.post('/v1/login', ACCOUNTS.merchant)).json();
      const second = (await anonymous.post('/v1/token/refresh', { refresh_token: first.refresh_token })).json();
      const reuse = await anonymous.post('/v1/token/refresh', { refresh_token: first.refresh_token });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
      // The legitimate newer token and its access token die with the session.
      expect((await anonymous.post('/v1/token/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
      expect((await new Client(server.app, second.access_token).get('/v1/profile')).statusCode).toBe(401);
    });

    it('refuses unknown refresh tokens', async () => {
      const response = await anonymous.post('/v1/token/refresh', { refresh_token: 'made-up' }, { locale: 'ar' });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.');
    });

    it('logout ends the session: its access and refresh tokens stop working', async () => {
      const pair = (await anonymous.post('/v1/login', ACCOUNTS.staff)).json();
      const client = new Client(server.app, pair.access_token);
      const response = await client.post('/v1/logout', { refresh_token: pair.refresh_token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'You have been signed out' });
      expect((await client.get('/v1/profile')).statusCode).toBe(401);
      expect((await anonymous.post('/v1/token/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
    });

    it('logout with only the bearer token also ends the session', async () => {
      const pair = (await anonymous.post('/v1/login', ACCOUNTS.staff)).json();
      const client = new Client(server.app, pair.access_token);
      expect((await client.post('/v1/logout')).statusCode).toBe(200);
      expect((await client.get('/v1/profile')).statusCode).toBe(401);
    });
  });

  describe('forgotten password', () => {
    const email = 'faisal@demo.test';

    it('always answers 200 with the same message, and mails a code only to real accounts', async () => {
      const before = (await server.deliverMail()).length;
      const unknown = await anonymous.post('/v1/forgot', { email: 'nobody@demo.test' });
      const known = await anonymous.post('/v1/forgot', { email });
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().message).toBe('If the e-mail belongs to an account, a secret code is on its way.');
      const mail = await server.deliverMail();
      expect(mail.length).toBe(before + 1);
      expect(mail.at(-1)).toMatchObject({
        channel: 'email',
        recipient: email,
        language: 'en',
        subject: 'Your Bawaba password reset code',
      });
    });

    it('mails in the language of the request', async () => {
      await anonymous.post('/v1/forgot', { email }, { locale: 'ar' });
      const { message, code } = await codeFrom(email);
      expect(message?.language).toBe('ar');
      expect(message?.subject).toBe('رمز إعادة تعيين كلمة المرور في بوابة');
      expect(message?.body).toContain(`رمزك السري هو ${code}`);
    });

    it('resets the password with the mailed code; the old password and the code then stop working', async () => {
      await anonymous.post('/v1/forgot', { email });
      const { code } = await codeFrom(email);
      expect(code).toMatch(/^\d{6}$/);
      const reset = { email, code, password: 'New@Pass1', password_confirmation: 'New@Pass1' };
      const response = await anonymous.post('/v1/password/reset', reset);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Your password has been changed. Please sign in.' });
      expect((await anonymous.post('/v1/login', { email, password: 'New@Pass1' })).statusCode).toBe(200);
      expect((await anonymous.post('/v1/login', { email, password: 'Faisal@1234' })).statusCode).toBe(401);

      const again = await anonymous.post('/v1/password/reset', {
        ...reset,
        password: 'Other@Pass2',
        password_confirmation: 'Other@Pass2',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: 'The secret code is wrong or has expired',
        errors: { code: 'The secret code is wrong or has expired' },
      });
    });

    it('a newer code replaces the older one', async () => {
      await anonymous.post('/v1/forgot', { email });
      const { code: older } = await codeFrom(email);
      await anonymous.post('/v1/forgot', { email });
      const { code: newer } = await codeFrom(email);
      const reset = (code?: string) =>
        anonymous.post('/v1/password/reset', {
          email,
          code,
          password: 'New@Pass2',
          password_confirmation: 'New@Pass2',
        });
      if (older !== newer) expect((await reset(older)).statusCode).toBe(400);
      expect((await reset(newer)).statusCode).toBe(200);
    });

    it('refuses an expired code', async () => {
      await anonymous.post('/v1/forgot', { email });
      const { code } = await codeFrom(email);
      await server.app.bawaba.db.query(
        `update password_reset_codes set expires_at = now() - interval '1 second' where used_at is null`,
      );
      const response = await anonymous.post(
        '/v1/password/reset',
        { email, code, password: 'New@Pass3', password_confirmation: 'New@Pass3' },
        { locale: 'ar' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.code).toBe('الرمز السري غير صحيح أو منتهي الصلاحية');
    });

    it('a code dies after five wrong guesses', async () => {
      await anonymous.post('/v1/forgot', { email });
      const { code } = await codeFrom(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const reset = (guess?: string) =>
        anonymous.post('/v1/password/reset', {
          email,
          code: guess,
          password: 'New@Pass4',
          password_confirmation: 'New@Pass4',
        });
      for (let i = 0; i < 5; i++) expect((await reset(wrong)).statusCode).toBe(400);
      expect((await reset(code)).statusCode).toBe(400);
    });

    it('checks the new password like every password form, and its confirmation', async () => {
      const response = await anonymous.post('/v1/password/reset', {
        email,
        code: '123456',
        password: 'weak',
        password_confirmation: 'other',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        password:
          'Password must be at least six characters and include a symbol, a digit, an uppercase and a lowercase letter',
        password_confirmation: 'The passwords do not match',
      });
      const arabic = await anonymous.post(
        '/v1/password/reset',
        { email, code: '123456', password: 'Good@Pass1', password_confirmation: 'Good@Pass2' },
        { locale: 'ar' },
      );
      expect(arabic.json()).toEqual({
        message: 'كلمتا المرور غير متطابقتين',
        errors: { password_confirmation: 'كلمتا المرور غير متطابقتين' },
      });
    });

    it('ends every session of the account when its password changes', async () => {
      const account = { email: 'layla@demo.test', password: 'Layla@1234' };
      const client = await Client.signIn(server.app, account);
      await anonymous.post('/v1/forgot', { email: account.email });
      const { code } = await codeFrom(account.email);
      await anonymous.post('/v1/password/reset', {
        email: account.email,
        code,
        password: 'Layla@5678',
        password_confirmation: 'Layla@5678',
      });
      expect((await client.get('/v1/profile')).statusCode).toBe(401);
    });
  });
});
