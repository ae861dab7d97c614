/**
 * The one storage interface the server talks to. Both drivers speak the PostgreSQL dialect with
 * `$1` parameters and hand back values normalised the same way (see `values.ts`), so no code above
 * this folder knows which one is running.
 */

export type Row = Record<string, unknown>;

/** Anything that runs a statement: the database itself or an open transaction. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Inside
   * `fn` use only `tx`; the embedded driver has one connection, so a query on the database itself
   * would wait for the transaction that is waiting for it.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The whole embedded database as one archive (embedded driver only), to start another from. */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique constraint violation. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE carried by a driver error, if any (both drivers expose it as `code`). */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * Holds, until the transaction `tx` ends, the lock of this database schema that servers starting at
 * the same time on it take in turn (migrating, seeding): the second waits for the first, then
 * finds its work done. Schemas of their own (test suites on one server) do not wait for each other.
 */
export async function holdStartupLock(tx: Queryable): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('bawaba:startup:' || current_schema()))`);
}
