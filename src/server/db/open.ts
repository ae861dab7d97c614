import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set the embedded database is not used. */
  url?: string;
  /** Schema to create and work in (PostgreSQL only); lets test suites share one server. */
  schema?: string;
  /** Folder of the embedded database; `null` keeps it in memory. */
  dataDir?: string | null;
  /** Archive of an embedded database to start from (a fresh cluster costs seconds to create). */
  snapshot?: Blob;
}

/** Opens PostgreSQL when a URL is given, else the embedded database. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.schema);
  return openPglite(options.dataDir ?? null, options.snapshot);
}
