import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../src/server/app';
import { memoryTransport } from '../../../src/server/outbox/console-transport';
import type { StoredMessage } from '../../../src/server/outbox/outbox';
import { seededPostgresDatabase, type SuiteDatabase } from './postgres-template';
import { seededSnapshot, TEST_PUBLIC_URL } from './snapshot';

/**
 * A seeded server per suite: the embedded database in memory, and — when TEST_DATABASE_URL is set —
 * the same suite again on PostgreSQL, in a database of its own that is dropped afterwards.
 */

export type Driver = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;
export const DRIVERS: Driver[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  driver: Driver;
  /** Messages the outbox delivered (after `deliverMail()`). */
  mail: StoredMessage[];
  /** Delivers pending outbox messages and returns everything delivered so far. */
  deliverMail(): Promise<StoredMessage[]>;
  close(): Promise<void>;
}

export async function startServer(driver: Driver, options: BuildOptions = {}): Promise<TestServer> {
  const transport = memoryTransport();
  const own: SuiteDatabase | undefined =
    driver === 'postgres' && postgresUrl ? await seededPostgresDatabase(postgresUrl) : undefined;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      database: own ? { url: own.url } : { dataDir: null, snapshot: await seededSnapshot() },
      publicUrl: TEST_PUBLIC_URL,
      transport,
      outboxIntervalMs: 0,
      ...options,
    });
    await app.ready();
  } catch (error) {
    await own?.drop();
    throw error;
  }
  return {
    app,
    driver,
    mail: transport.messages,
    async deliverMail() {
      await app.bawaba.outbox.flush();
      return transport.messages;
    },
    async close() {
      await app.close();
      await own?.drop();
    },
  };
}

/** The id of the merchant whose admin signs in with `email`. */
export async function merchantIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.app.bawaba.db.query<{ id: number }>(`select id from merchants where email = $1::text`, [
    email,
  ]);
  if (!row) throw new Error(`No merchant signs in with ${email}`);
  return row.id;
}

/** The merchant's oldest successful transaction, as stored. */
export async function firstSuccessfulTransaction(
  server: TestServer,
  merchantId: number,
): Promise<Record<string, unknown> & { id: number }> {
  const [row] = await server.app.bawaba.db.query<Record<string, unknown> & { id: number }>(
    `select * from transactions where merchant_id = $1::integer and status = 'success' order by id limit 1`,
    [merchantId],
  );
  if (!row) throw new Error(`Merchant ${merchantId} has no successful transaction`);
  return row;
}
