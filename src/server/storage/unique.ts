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
  /** The columns whose values the clashing record must share too. */
  within: Column[];
}

/**
 * The unique columns of the entity; an entity whose records are each account's own
 * (`x-resource.perUser`) keeps them unique among the account's records.
 */
export function uniqueColumns(entity: EntitySchema): UniqueColumn[] {
  const columns = columnsOf(entity);
  const owner = columns.filter(({ name }) => name === entity['x-resource'].perUser);
  return columns.flatMap((column) => {
    const unique = uniqueOf(column.property);
    if (unique === 'merchant') return [{ column, within: owner }];
    if (typeof unique === 'object')
      return [{ column, within: [...owner, ...columns.filter(({ name }) => name === unique.within)] }];
    return [];
  });
}

/** The expression index each check uses (not unique: existing rows are never refused at start). */
export function uniqueIndexes(entity: EntitySchema): string[] {
  const table = entity['x-resource'].table;
  return uniqueColumns(entity).map(
    ({ column, within }) =>
      `create index if not exists ${ident(`${table}_${column.name}_unique_idx`)} on ${ident(table)} (merchant_id, ${within
        .map((other) => `${ident(other.name)}, `)
        .join('')}lower(btrim(${ident(column.name)})))`,
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
    for (const other of within) {
      params.push(record[other.name] ?? null);
      sql += ` and ${ident(other.name)} is not distinct from ${placeholder(other.kind, params.length)}`;
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
