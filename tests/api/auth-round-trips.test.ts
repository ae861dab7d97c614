import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/server/db/database';
import { noPermissions } from '../../src/server/merchants/permissions';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Authenticating a request costs one database round trip: one statement reads the account, judges
 * its session, records its use and reads the merchant. `/v1/session/keepalive` asks nothing of the
 * database itself, so every statement it costs is the authentication's. The driver is wrapped to
 * count the statements sent (a transaction counts its statements and its begin and end).
 */

/** Counts every statement sent through `db`, from now on. */
function countStatements(db: Database): { reset(): number } {
  let sent = 0;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = ((statement: string, params?: readonly unknown[]) => {
    sent++;
    return query(statement, params);
  }) as Database['query'];
  db.transaction = (async <T>(fn: (tx: Queryable) => Promise<T>) => {
    sent += 2;
    return transaction((tx) =>
      fn({
        query: (statement, params) => {
          sent++;
          return tx.query(statement, params);
        },
      }),
    );
  }) as Database['transaction'];
  return {
    reset() {
      const counted = sent;
      sent = 0;
      return counted;
    },
  };
}

describe.each(DRIVERS)('authentication in one round trip (%s)', (driver) => {
  let server: TestServer;
  let counter: { reset(): number };
  beforeAll(async () => {
    server = await startServer(driver, { rateLimits: { login: { max: 500, windowMs: 60_000 } } });
    counter = countStatements(server.app.bawaba.db);
  });
  afterAll(() => server?.close());

  const keepalive = (client: Client) => client.post('/v1/session/keepalive');

  it('a merchant admin and an employee are each authenticated with one statement', async () => {
    for (const account of [ACCOUNTS.merchant, ACCOUNTS.staff]) {
      const client = await Client.signIn(server.app, account);
      for (let i = 0; i < 3; i++) {
        counter.reset();
        expect((await keepalive(client)).statusCode).toBe(200);
        expect(counter.reset()).toBe(1);
      }
    }
  });

  it('a refused request costs one statement too, and the refusal sticks', async () => {
    const client = await Client.signIn(server.app, ACCOUNTS.staff);
    const sid = server.app.bawaba.tokens.verify(client.token as string)?.sid as string;
    await server.app.bawaba.db.query(`update sessions set revoked_at = now() where id = $1::text`, [sid]);
    counter.reset();
    expect((await keepalive(client)).statusCode).toBe(401);
    expect(counter.reset()).toBe(1);
  });

  it('a disabled employee is refused in the same statement, with the reason', async () => {
    const merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    const account = { email: 'round.trip@demo.test', password: 'Round@1234' };
    const created = await merchant.post('/v1/employees', {
      data: await merchant.encrypt({
        name: 'Round Trip',
        ...account,
        permissions: { ...noPermissions(), general: ['invoices'] },
      }),
    });
    expect(created.statusCode).toBe(201);
    const employee = await Client.signIn(server.app, account);
    // Disabled behind the API's back, so its sessions are still open: only the account's flag refuses it.
    await server.app.bawaba.db.query(`update employees set active = false where id = $1::integer`, [created.json().id]);
    counter.reset();
    const refused = await keepalive(employee);
    expect(counter.reset()).toBe(1);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'This account is disabled. Ask your administrator.' });
  });
});
