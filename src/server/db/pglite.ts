import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, Row } from './database';
import { parsers, prepareParams } from './values';

/**
 * Embedded PostgreSQL (WASM). One connection: PGlite itself queues queries behind an open
 * transaction, which is exactly the serialisation this single connection needs.
 *
 * @param dataDir folder of the database files, or `null` for an in-memory database (tests)
 * @param snapshot archive from `snapshot()` to start from instead of an empty cluster
 */
export async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  const pg = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    parsers,
    // Trigram indexes make free-text search (`%…%`) an index lookup; the migration creates the extension.
    extensions: { pg_trgm },
  });
  await pg.waitReady;
  await pg.query(`set time zone 'UTC'`);

  const run = async <T extends Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await target.query<T>(sql, prepareParams(params))).rows;

  return {
    driver: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    transaction: (fn) =>
      pg.transaction(async (tx) => {
        const scoped: Queryable = { query: (sql, params) => run(tx, sql, params) };
        return fn(scoped);
      }),
    snapshot: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  };
}
