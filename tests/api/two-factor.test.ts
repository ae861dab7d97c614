import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp, totpStep } from '../../src/server/auth/totp';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { noPermissions } from '../../src/server/merchants/permissions';

/**
 * Optional TOTP two-factor: enrolling, signing in with a code in two steps, wrong codes counting
 * toward the lock, no code working twice, turning it off, and a merchant requiring it of its
 * employees (who then enrol while signing in).
 */

type Account = { email: string; password: string };
const none = noPermissions();
/** The code of a given 30-second step: tests choose steps so that no code is spent twice by accident. */
const codeAt = (secret: string, step: number) => totp(secret, step * 30_000);
const nowStep = () => totpStep(Date.now());

describe.each(DRIVERS)('two-factor authentication (%s)', (driver) => {
  let server: TestServer;
  let anonymous: Client;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver, { rateLimits: { login: { max: 500, windowMs: 60_000 } } });
    anonymous = new Client(server.app);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const newEmployee = async (
    admin: Client,
    email: string,
    password = 'Staff@2468',
  ): Promise<Account & { id: number }> => {
    const record = { name: 'Two Factor', email, password, permissions: { ...none, general: ['invoices'] } };
    const response = await admin.post('/v1/employees', { data: await admin.encrypt(record) });
    expect(response.statusCode).toBe(201);
    return { email, password, id: (response.json() as { id: number }).id };
  };
  const login = (account: Account, locale: 'en' | 'ar' = 'en') =>
    anonymous.post('/v1/login', { email: account.email, password: account.password }, { locale });
  const secondStep = (challenge: string, code: string, locale: 'en' | 'ar' = 'en') =>
    anonymous.post('/v1/login/two-factor', { challenge, code }, { locale });
  /** Enrols the signed-in `client` and answers its secret and the step of the code that confirmed it. */
  const enrol = async (client: Client) => {
    const started = await client.post('/v1/two-factor/enrol');
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };
    const step = nowStep();
    const confirmed = await client.post('/v1/two-factor/confirm', { code: codeAt(secret, step) });
    expect(confirmed.statusCode).toBe(200);
    return { secret, step };
  };

  it('enrols an admin: a secret and an otpauth address, on only once confirmed with a right code', async () => {
    const admin = await newEmployee(merchant, 'unused@demo.test'); // keeps ids apart from the demo data
    expect(admin.id).toBeGreaterThan(0);
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    expect((await vendor.get('/v1/two-factor')).json()).toEqual({
      enabled: false,
      required: false,
      require_employee_two_factor: false,
    });
    const started = await vendor.post('/v1/two-factor/enrol');
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Bawaba%3Avendor%40demo.test?secret=${secret}&issuer=Bawaba&algorithm=SHA1&digits=6&period=30`,
    );
    // Stored sealed: the secret itself is nowhere in the table.
    const rows = await server.app.bawaba.db.query<{ pending_secret: string }>(
      `select pending_secret from two_factor where source = 'merchant' and record_id = $1::integer`,
      [await merchantIdOf(server, ACCOUNTS.vendor.email)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].pending_secret).not.toContain(secret);

    const wrong = await vendor.post(
      '/v1/two-factor/confirm',
      { code: codeAt(secret, nowStep() + 5) },
      { locale: 'ar' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'الرمز غير صحيح أو انتهت صلاحيته',
      errors: { code: 'الرمز غير صحيح أو انتهت صلاحيته' },
    });
    expect((await vendor.get('/v1/two-factor')).json()).toMatchObject({ enabled: false });
    expect((await login(ACCOUNTS.vendor)).json()).toHaveProperty('access_token');

    const step = nowStep();
    const confirmed = await vendor.post('/v1/two-factor/confirm', { code: codeAt(secret, step) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ enabled: true });
    // The secret is never shown again: a new enrolment is refused while two-factor is on.
    expect((await vendor.post('/v1/two-factor/enrol')).statusCode).toBe(409);
    expect(JSON.stringify((await vendor.get('/v1/two-factor')).json())).not.toContain(secret);

    // Signing in now takes two steps: the password answers a challenge and no tokens.
    const first = await login(ACCOUNTS.vendor);
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toEqual({ two_factor_required: true, enrolment_required: false, challenge: expect.any(String) });
    // A challenge is no access token.
    expect((await new Client(server.app, answer.challenge).get('/v1/profile')).statusCode).toBe(401);

    const badCode = await secondStep(answer.challenge, codeAt(secret, step + 7));
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toEqual({ code: 'The code is wrong or has expired' });
    // The confirming code was spent: it does not sign in.
    expect((await secondStep(answer.challenge, codeAt(secret, step))).statusCode).toBe(400);

    const next = codeAt(secret, step + 1);
    const tokens = await secondStep(answer.challenge, next);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect((await new Client(server.app, tokens.json().access_token).get('/v1/profile')).statusCode).toBe(200);

    // Replay: the same code, even with a fresh challenge, is refused.
    const again = (await login(ACCOUNTS.vendor)).json();
    expect((await secondStep(again.challenge, next)).statusCode).toBe(400);

    // Turning it off takes proof: a wrong password is refused, the right one works.
    const wrongProof = await vendor.post('/v1/two-factor/disable', { password: 'Wrong@1234' });
    expect(wrongProof.statusCode).toBe(400);
    expect(wrongProof.json().errors).toEqual({ password: 'The password is wrong' });
    const noProof = await vendor.post('/v1/two-factor/disable', {});
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().errors).toEqual({ code: 'Enter a code from your authenticator app or your password' });
    const off = await vendor.post('/v1/two-factor/disable', { password: ACCOUNTS.vendor.password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await login(ACCOUNTS.vendor)).json()).toHaveProperty('access_token');
  });

  it('turns off with a current code too', async () => {
    const employee = await newEmployee(merchant, 'tf.code.off@demo.test');
    const client = await Client.signIn(server.app, employee);
    const { secret, step } = await enrol(client);
    expect((await client.post('/v1/two-factor/disable', { code: codeAt(secret, step) })).statusCode).toBe(400);
    const off = await client.post('/v1/two-factor/disable', { code: codeAt(secret, step + 1) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
  });

  it('refuses forged and stale challenges', async () => {
    const forged = await secondStep('not.a.challenge', '123456', 'ar');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'استغرق تسجيل الدخول وقتًا طويلًا. يرجى تسجيل الدخول مرة أخرى.' });
    const tokens = (await login(ACCOUNTS.staff)).json();
    expect((await secondStep(tokens.access_token, '123456')).statusCode).toBe(401);
  });

  it('counts wrong codes toward the lock: the 11th wrong try locks the account', async () => {
    const employee = await newEmployee(merchant, 'tf.lock@demo.test');
    const { secret, step } = await enrol(await Client.signIn(server.app, employee));
    const { challenge } = (await login(employee)).json();
    for (let i = 0; i < 10; i++) expect((await secondStep(challenge, codeAt(secret, step + 9))).statusCode).toBe(400);
    const locked = await secondStep(challenge, codeAt(secret, step + 9));
    expect(locked.statusCode).toBe(423);
    // Locked: neither a right code nor the password gets in.
    expect((await secondStep(challenge, codeAt(secret, step + 1))).statusCode).toBe(423);
    expect((await login(employee)).statusCode).toBe(423);
  });

  it('a right password does not forget wrong codes: guessing cannot restart with each sign-in', async () => {
    const employee = await newEmployee(merchant, 'tf.restart@demo.test');
    const { secret, step } = await enrol(await Client.signIn(server.app, employee));
    for (let round = 0; round < 2; round++) {
      const { challenge } = (await login(employee)).json();
      for (let i = 0; i < 5; i++) await secondStep(challenge, codeAt(secret, step + 9));
    }
    const { challenge } = (await login(employee)).json();
    expect((await secondStep(challenge, codeAt(secret, step + 9))).statusCode).toBe(423);
  });

  describe('required for employees', () => {
    it('only an admin sets the requirement, which the merchant profile shows', async () => {
      const staff = await Client.signIn(server.app, ACCOUNTS.staff);
      const refused = await staff.put('/v1/two-factor/policy', { require_employee_two_factor: true });
      expect(refused.statusCode).toBe(403);
      const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
      const set = await vendor.put('/v1/two-factor/policy', { require_employee_two_factor: true });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ enabled: false, required: false, require_employee_two_factor: true });
      const profile = (await vendor.get('/v1/profile/merchant')).json();
      expect(profile.require_employee_two_factor).toBe(true);
      // Another merchant is not affected.
      expect((await merchant.get('/v1/two-factor')).json()).toMatchObject({ require_employee_two_factor: false });
      expect((await vendor.put('/v1/two-factor/policy', { require_employee_two_factor: false })).statusCode).toBe(200);
      expect((await vendor.get('/v1/profile/merchant')).json().require_employee_two_factor).toBe(false);
    });

    it('makes an employee without two-factor enrol while signing in, before any token', async () => {
      const employee = await newEmployee(merchant, 'tf.required@demo.test');
      const earlier = await Client.signIn(server.app, employee);
      expect((await merchant.put('/v1/two-factor/policy', { require_employee_two_factor: true })).statusCode).toBe(200);

      const first = (await login(employee)).json();
      expect(first).toEqual({ two_factor_required: true, enrolment_required: true, challenge: expect.any(String) });
      const started = await anonymous.post('/v1/login/two-factor/enrol', { challenge: first.challenge });
      expect(started.statusCode).toBe(200);
      const { secret } = started.json();
      expect((await secondStep(first.challenge, codeAt(secret, nowStep() + 5))).statusCode).toBe(400);
      const step = nowStep();
      const tokens = await secondStep(first.challenge, codeAt(secret, step));
      expect(tokens.statusCode).toBe(200);
      const client = new Client(server.app, tokens.json().access_token);
      expect((await client.get('/v1/two-factor')).json()).toEqual({
        enabled: true,
        required: true,
        require_employee_two_factor: true,
      });
      // Required: the employee cannot turn it off, and the next sign-in asks for a code (no enrolment).
      expect((await client.post('/v1/two-factor/disable', { code: codeAt(secret, step + 1) })).statusCode).toBe(409);
      const next = (await login(employee)).json();
      expect(next).toMatchObject({ two_factor_required: true, enrolment_required: false });
      expect((await anonymous.post('/v1/login/two-factor/enrol', { challenge: next.challenge })).statusCode).toBe(409);
      expect((await secondStep(next.challenge, codeAt(secret, step + 1))).statusCode).toBe(200);
      // A session opened before the requirement goes on.
      expect((await earlier.get('/v1/profile')).statusCode).toBe(200);

      // The admin sees it on the employee's record, and resets it (a lost phone): enrolment again at the next sign-in.
      const twoFactorOf = async () => (await merchant.get(`/v1/employees/${employee.id}`)).json().two_factor_enabled;
      expect(await twoFactorOf()).toBe(true);
      // Only the merchant's own employees, only by an admin.
      const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
      expect((await vendor.post('/v1/two-factor/reset', { id: employee.id })).statusCode).toBe(404);
      expect((await client.post('/v1/two-factor/reset', { id: employee.id })).statusCode).toBe(403);
      const reset = await merchant.post('/v1/two-factor/reset', { id: employee.id }, { locale: 'ar' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'تمت إعادة تعيين التحقق بخطوتين للموظف' });
      expect(await twoFactorOf()).toBe(false);
      const again = await merchant.post('/v1/two-factor/reset', { id: employee.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This employee does not use two-factor authentication' });
      expect((await login(employee)).json()).toMatchObject({ enrolment_required: true });

      // Admins are not bound by the requirement.
      expect((await login(ACCOUNTS.merchant)).json()).toHaveProperty('access_token');
      expect((await merchant.put('/v1/two-factor/policy', { require_employee_two_factor: false })).statusCode).toBe(
        200,
      );
      expect((await login(employee)).json()).toHaveProperty('access_token');
    });

    it('lets an employee enrol on their own when not required', async () => {
      const employee = await newEmployee(merchant, 'tf.self@demo.test');
      const client = await Client.signIn(server.app, employee);
      const { secret, step } = await enrol(client);
      const { challenge, enrolment_required } = (await login(employee)).json();
      expect(enrolment_required).toBe(false);
      // Enrolment at sign-in is only for accounts the merchant requires it of.
      expect((await anonymous.post('/v1/login/two-factor/enrol', { challenge })).statusCode).toBe(409);
      expect((await secondStep(challenge, codeAt(secret, step + 1))).statusCode).toBe(200);
    });
  });

  it("writes each two-factor change and each wrong code to the merchant's activity log", async () => {
    const [{ last }] = await server.app.bawaba.db.query<{ last: number }>(
      `select coalesce(max(id), 0) as last from audit_events`,
    );
    const employee = await newEmployee(merchant, 'tf.audit@demo.test');
    const client = await Client.signIn(server.app, employee);
    const { secret, step } = await enrol(client);
    const { challenge } = (await login(employee)).json();
    expect((await secondStep(challenge, codeAt(secret, step + 9))).statusCode).toBe(400);
    expect((await merchant.put('/v1/two-factor/policy', { require_employee_two_factor: true })).statusCode).toBe(200);
    expect((await merchant.put('/v1/two-factor/policy', { require_employee_two_factor: false })).statusCode).toBe(200);
    expect((await merchant.post('/v1/two-factor/reset', { id: employee.id })).statusCode).toBe(200);

    const rows = await server.app.bawaba.db.query(
      `select event, result, reason, actor_kind, actor_email, entity, record_id, field, old_value, new_value
         from audit_events
        where merchant_id = $1::integer and id > $4::integer and (actor_email = $2::text or field = 'require_employee_two_factor'
              or (entity = 'employee' and record_id = $3::integer and event like 'two_factor%'))
        order by id`,
      [await merchantIdOf(server, ACCOUNTS.merchant.email), employee.email, employee.id, last],
    );
    const mine = { actor_kind: 'employee', actor_email: employee.email };
    const admin = { actor_kind: 'admin', actor_email: ACCOUNTS.merchant.email };
    const policy = { event: 'record_changed', entity: 'merchant', field: 'require_employee_two_factor', ...admin };
    expect(rows.filter((row) => row.event !== 'sign_in' || row.result === 'failure')).toEqual([
      expect.objectContaining({ event: 'two_factor_enabled', result: 'success', ...mine }),
      expect.objectContaining({ event: 'sign_in', result: 'failure', reason: 'invalid_two_factor_code', ...mine }),
      expect.objectContaining({ ...policy, old_value: 'false', new_value: 'true' }),
      expect.objectContaining({ ...policy, old_value: 'true', new_value: 'false' }),
      expect.objectContaining({ event: 'two_factor_disabled', entity: 'employee', record_id: employee.id, ...admin }),
    ]);
    // Neither the secret nor a code is ever written.
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(codeAt(secret, step + 9));
  });

  it('the default idle time-out is 15 minutes', async () => {
    const kept = await merchant.post('/v1/session/keepalive');
    expect(kept.json()).toEqual({ idle_timeout_seconds: 900 });
  });
});
