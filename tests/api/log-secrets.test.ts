import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, Payer } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Never a secret or a card number in any log: a server logging at debug level into a captured
 * stream serves a wrong password, a card payment, a reset code, regenerated keys and tokens, and
 * neither its log nor the activity log holds any of them.
 */

describe.each(DRIVERS)('secrets stay out of the logs (%s)', (driver) => {
  let server: TestServer;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  /** Every value that must never be logged, found as it happened. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    // `base: null` leaves out the process id and host name, which could look like a short secret.
    server = await startServer(driver, { logger: { level: 'debug', stream, base: null } });
  });
  afterAll(() => server?.close());

  /** A numeric secret as a whole number (not digits inside a longer one, such as a timestamp). */
  const pattern = (secret: string) =>
    new RegExp(/^\d+$/.test(secret) ? `(?<!\\d)${secret}(?!\\d)` : secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

  it('serves the flows that carry secrets, logging every request', async () => {
    const agent = { 'user-agent': 'SecretsTest/1.0' };
    // A wrong password for a known account.
    const wrong = 'Wr0ng!Guess-4242';
    secrets.add(wrong);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email: ACCOUNTS.merchant.email, password: wrong },
      headers: agent,
    });
    expect(refused.statusCode).toBe(401);

    // Signing in: the tokens, the bearer header and a cookie.
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: ACCOUNTS.merchant,
      headers: agent,
    });
    expect(signedIn.statusCode).toBe(200);
    const tokens = signedIn.json() as { access_token: string; refresh_token: string };
    secrets.add(ACCOUNTS.merchant.password).add(tokens.access_token).add(tokens.refresh_token);
    const merchant = new Client(server.app, tokens.access_token);
    const cookie = 'session=Cookie-Secret-9f8e7d';
    secrets.add('Cookie-Secret-9f8e7d');
    expect((await merchant.get('/v1/profile', { headers: { cookie } })).statusCode).toBe(200);

    // A card payment.
    const invoice = await merchant.post('/v1/invoice', {
      customer_name: 'Card Payer',
      mobile: '96550001234',
      amount: '4.500',
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const cvv = '8642';
    secrets.add(TEST_CARDS.success).add(cvv);
    const payer = new Payer(server);
    const paid = await payer.paid(invoice.json().reference_no, {
      method: 'card',
      card: card(TEST_CARDS.success, { cvv }),
    });
    expect(paid.status).toBe('success');

    // A reset code by e-mail (delivered to the test mailbox, not to the log).
    const anonymous = new Client(server.app);
    expect((await anonymous.post('/v1/forgot', { email: ACCOUNTS.staff.email })).statusCode).toBe(200);
    const mail = (await server.deliverMail()).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    secrets.add(code as string);

    // Regenerated keys (and the ones they replace).
    const old = (await merchant.get('/v1/keys')).json() as Record<string, string>;
    const regenerated = await merchant.post('/v1/keys/regenerate');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json() as Record<string, string>;
    for (const keys of [old, fresh]) secrets.add(keys.secret_key).add(keys.iv_key).add(keys.access_code);

    // A body with secrets logged by mistake is censored too.
    server.app.log.info(
      { body: { password: wrong, card: { number: TEST_CARDS.success, cvv } }, headers: { authorization: 'x' } },
      'a careless line',
    );
    expect(lines.join('')).toContain('[redacted]');
  });

  it('the server log holds none of them, while it logged every request', () => {
    const log = lines.join('');
    expect(log).toContain('"url":"/v1/login"');
    expect(log).toContain('/v1/keys/regenerate');
    expect(log).toMatch(/\/v1\/pay\//);
    expect(secrets.size).toBeGreaterThanOrEqual(12);
    for (const secret of secrets) expect(log, `the log shows ${secret.slice(0, 4)}…`).not.toMatch(pattern(secret));
  });

  it('the activity log holds none of them, while it logged the events', async () => {
    const rows = await server.app.bawaba.db.query(`select * from audit_events order by id`);
    const text = JSON.stringify(rows);
    expect(text).toContain('keys_regenerated');
    expect(text).toContain('password_reset_requested');
    expect(text).toContain('"reason":"wrong_password"');
    for (const secret of secrets) expect(text, `a row shows ${secret.slice(0, 4)}…`).not.toMatch(pattern(secret));
  });
});
