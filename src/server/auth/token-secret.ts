import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * The key access tokens are signed with: `TOKEN_SECRET` when configured, else one generated on the
 * first start and kept in the database, so tokens survive restarts and every process agrees.
 */
export async function loadTokenSecret(db: Database, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query(`insert into settings (key, value) values ('token_secret', $1::text) on conflict (key) do nothing`, [
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from settings where key = 'token_secret'`);
  return Buffer.from(row.value, 'base64');
}
