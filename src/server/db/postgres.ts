import postgres from 'postgres';
import { sqlState, UNIQUE_VIOLATION, type Database, type Queryable, type Row } from './database';
import { OID, parsers, prepareParams } from './values';

const text = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The shared parsers in postgres.js's shape; serialisers pass our already-textual values through. */
const types = Object.fromEntries(
  Object.entries(parsers).map(([oid, parse]) => [
    `oid${oid}`,
    {
      to: Number(oid),
      from: [Number(oid)],
      parse,
      serialize: Number(oid) === OID.json || Number(oid) === OID.jsonb ? JSON.stringify : text,
    },
  ]),
);

/**
 * A PostgreSQL server through postgres.js (connection pool).
 *
 * @param url connection string (`DATABASE_URL`)
 * @param schema optional schema to create and use as `search_path` (isolates test suites)
 */
export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create schema if not exists "${schema.replace(/"/g, '')}"`);
    } catch (error) {
      // Another server starting at the same moment created it first ("if not exists" does not see it yet).
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    } finally {
      await admin.end();
    }
  }
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    types,
    // No parallel workers: an API answers many small queries at once, and starting workers for each
    // (a count over a large list) costs the other requests more CPU than it saves this one.
    connection: { TimeZone: 'UTC', max_parallel_workers_per_gather: 0, ...(schema ? { search_path: schema } : {}) },
  });

  // postgres.js types its parameters for the tagged-template API; `unsafe` takes any value list.
  // A statement with parameters is prepared once per connection and run by name after, so the
  // server parses and plans the API's few hundred distinct statements once, not on every call;
  // one without (a migration's script of several) goes as a simple query.
  const run = async <T extends Row>(
    target: Pick<postgres.Sql<Record<string, unknown>>, 'unsafe'>,
    statement: string,
    params?: readonly unknown[],
  ) =>
    (await target.unsafe(statement, prepareParams(params) as postgres.ParameterOrJSON<never>[], {
      prepare: (params?.length ?? 0) > 0,
    })) as unknown as T[];

  await sql`select 1`;
  return {
    driver: 'postgres',
    query: (statement, params) => run(sql, statement, params),
    transaction: async (fn) =>
      (await sql.begin(async (tx) => {
        const scoped: Queryable = { query: (statement, params) => run(tx, statement, params) };
        return fn(scoped);
      })) as Awaited<ReturnType<typeof fn>>,
    close: () => sql.end({ timeout: 5 }),
  };
}
