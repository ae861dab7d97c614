import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/** Bugs the schema-driven fuzzing found, each pinned by the smallest request that showed it. */
describe.each(DRIVERS)('inputs the fuzzing found (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  test('a NUL character in a payment reference is a bad request, in the caller’s language, not a 500', async () => {
    for (const url of ['/v1/pay/%00', '/v1/pay/receipt/%00', '/v1/pay/INV%00']) {
      const english = await server.app.inject({ method: 'GET', url });
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toBe('Invalid value');
      const arabic = await server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
      expect(arabic.statusCode).toBe(400);
      expect(arabic.json().message).toMatch(/[\u0600-\u06ff]/);
    }
  });

  test('a reference id beyond the integer range is a bad request that writes nothing, not a 500', async () => {
    const count = async () =>
      (await server.app.bawaba.db.query<{ n: number }>('select count(*)::int as n from terminal_subscriptions'))[0].n;
    const before = await count();
    for (const terminal_id of [2 ** 53, -(2 ** 31) - 1]) {
      const body = {
        terminal_id,
        plan: 'basic',
        monthly_charge: '10.000',
        start_date: '2027-01-10',
        end_date: '2027-01-20',
      };
      const response = await merchant.post('/v1/pos/subscriptions', body, { locale: 'ar' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[\u0600-\u06ff]/);
    }
    expect(await count()).toBe(before);
  });

  test('a NUL character in a list search is refused and writes nothing', async () => {
    const response = await merchant.list('/v1/customers', { filter: { q: 'ab\u0000c' } });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/ at |node_modules|invalid byte sequence/);
  });
});
