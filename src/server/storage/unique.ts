import { uniqueOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { columnsOf, ident, placeholder, type Column } from './columns';
import { RecordRefused } from './errors';

/**
 * `x-unique: "merchant"` and `{ "within": "<property>" }`: no two records of a merchant (sharing
 * the `within` value) hold the same text, compared trimmed and case-insensitively. The check runs
 * in the write's transaction behind a lock per merchant and column, so two writes at once cannot
 * both pass it. (`"login"` is the sign-in identities' own rule, see `login-identities.ts`.)
 */

export const DEFAULT_UNIQUE_MESSAGE = 'validation.unique';

interface UniqueColumn {
  column: Column;
  within?: Column;
}

export function uniqueColumns(entity: EntitySchema): UniqueColumn[] {
  const columns = columnsOf(entity);
  return columns.flatMap((column) => {
    const unique = uniqueOf(column.property);
    if (unique === 'merchant') return [{ column }];
    if (typeof unique === 'object') return [{ column, within: columns.find(({ name }) => name === unique.within) }];
    return [];
  });
}

/** The expression index each check uses (not unique: existing rows are never refused at start). */
export function uniqueIndexes(entity: EntitySchema): string[] {
  const table = entity['x-resource'].table;
  return uniqueColumns(entity).map(
    ({ column, within }) =>
      `create index if not exists ${ident(`${table}_${column.name}_unique_idx`)} on ${ident(table)} (merchant_id, ${
        within ? `${ident(within.name)}, ` : ''
      }lower(btrim(${ident(column.name)})))`,
  );
}

/**
 * Refuses `record` (merged with the stored row on update) when another record of the merchant
 * already holds one of its unique values: 409 with the field's `x-messages["x-unique"]`.
 */
export async function checkUnique(
  q: Queryable,
  entity: EntitySchema,
  merchantId: number,
  record: Row,
  id?: number,
): Promise<void> {
  const table = entity['x-resource'].table;
  for (const { column, within } of uniqueColumns(entity)) {
    const value = record[column.name];
    if (typeof value !== 'string' || value.trim() === '') continue;
    await q.query(`select pg_advisory_xact_lock(hashtext($1::text))`, [`${table}.${column.name}:${merchantId}`]);
    const params: unknown[] = [merchantId, value];
    let sql = `select id from ${ident(table)} where merchant_id = $1::integer and lower(btrim(${ident(column.name)})) = lower(btrim($2::text))`;
    if (within) {
      params.push(record[within.name] ?? null);
      sql += ` and ${ident(within.name)} is not distinct from ${placeholder(within.kind, params.length)}`;
    }
    if (id !== undefined) {
      params.push(id);
      sql += ` and id <> $${params.length}::integer`;
    }
    const [clash] = await q.query(`${sql} limit 1`, params);
    if (clash) {
      const key = column.property['x-messages']?.['x-unique'] ?? DEFAULT_UNIQUE_MESSAGE;
      throw new RecordRefused(409, key, column.name);
    }
  }
}
