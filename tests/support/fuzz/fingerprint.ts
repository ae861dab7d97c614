import type { Database } from '../../../src/server/db/database';

/**
 * A cheap picture of what the database holds: rows per table and the latest `updated_at` where a
 * table has one. Taken before and after a batch of refused requests, it shows any write they made.
 */

export type Fingerprint = Map<string, string>;

let statement: Promise<string> | undefined;

async function fingerprintQuery(db: Database): Promise<string> {
  const columns = await db.query<{ table_name: string; has_updated: boolean }>(
    `select t.table_name,
            exists (select 1 from information_schema.columns c
                    where c.table_schema = t.table_schema and c.table_name = t.table_name
                      and c.column_name = 'updated_at') as has_updated
       from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by t.table_name`,
  );
  return columns
    .map(
      ({ table_name: table, has_updated }) =>
        `select '${table}' as name, count(*)::text || '/' || ${has_updated ? "coalesce(max(updated_at)::text, '')" : "''"} as state from "${table}"`,
    )
    .join(' union all ');
}

/** The current fingerprint (the statement is built once per database). */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  statement ??= fingerprintQuery(db);
  const rows = await db.query<{ name: string; state: string }>(await statement);
  return new Map(rows.map((row) => [row.name, row.state]));
}

/**
 * The fingerprint once the server is quiet: effects of earlier requests that run after their
 * answer (webhook deliveries) have landed, two readings in a row agreeing.
 */
export async function settledFingerprint(db: Database): Promise<Fingerprint> {
  let previous = await fingerprint(db);
  for (let reading = 0; reading < 40; reading++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const current = await fingerprint(db);
    if (changedTables(previous, current, new Set()).length === 0) return current;
    previous = current;
  }
  return previous;
}

/** Forgets the statement (another database, with other tables, comes next). */
export function resetFingerprint(): void {
  statement = undefined;
}

/** Tables whose state differs, except those listed. */
export function changedTables(before: Fingerprint, after: Fingerprint, except: ReadonlySet<string>): string[] {
  return [...after.keys()].filter((table) => !except.has(table) && before.get(table) !== after.get(table));
}
