import type { EntitySchema } from '../../schema/types';
import type { Queryable } from '../db/database';
import { ident, kindOf, placeholder, type ColumnKind } from '../storage/columns';
import { orderOf, whereOf, type ListQuery } from '../storage/list-query';

/**
 * Every row of a list, in the list's order, read in batches of a fixed size with keyset paging:
 * each batch asks for the rows after the last one it saw (`sort < last or (sort = last and id <
 * last id)` for a descending sort), never for an offset, so each batch costs the same however deep
 * into the list it is, and no batch holds anything open between two reads (the embedded database
 * has one connection; other requests run between the batches).
 *
 * The list sorts empty values last: the rows with a value in the sort column are read first, then
 * those without one, by id. Each batch is its own statement: a row written during an export may
 * or may not be in it, as may one whose sort value changes meanwhile.
 */

export interface KeysetSource {
  entity: EntitySchema;
  merchantId: number;
  query: ListQuery;
  /** SQL expressions of the values to read, in order (see `ExportColumn.select`). */
  values: readonly string[];
  batchSize: number;
}

/** Where the last batch ended: its sort value as text (`null` for an empty one) and its id. */
interface Position {
  key: string | null;
  id: number;
}

/**
 * Each batch's rows, every row the values of `source.values` in order.
 *
 * A batch travels as one JSON value (an array of rows, each an array of values), built by the
 * database: a driver turns a result into objects field by field, which for wide rows costs more
 * than the query, while one JSON text is parsed in one go.
 */
export async function* keysetBatches(db: Queryable, source: KeysetSource): AsyncGenerator<unknown[][]> {
  const { entity, merchantId, query, batchSize } = source;
  const table = ident(entity['x-resource'].table);
  const [field, order] = query.sort;
  const byId = field === 'id';
  const column = ident(field);
  const kind: ColumnKind = byId ? 'integer' : kindOf(entity.properties[field]);
  const after = order === 'DESC' ? '<' : '>';
  const direction = order === 'DESC' ? 'desc' : 'asc';
  // The rows with a value are ordered as the list's index holds them, so that each batch walks
  // that index rather than sorting every row left: the index keeps the default sort, empty values
  // last (`orderOf`), and read backwards gives the other direction, empty values first. Empty
  // values are read apart anyway, so where they would go changes no row's place.
  const [defaultField, defaultOrder] = entity['x-list'].sort;
  const valuesOrder =
    byId || field !== defaultField || order === defaultOrder
      ? orderOf(entity, query.sort)
      : `${column} ${direction} nulls first, id ${direction}`;
  const where = whereOf(entity, query.filter, 2);
  const scope = ['merchant_id = $1::integer', ...where.sql];
  const params: unknown[] = [merchantId, ...where.params];
  const first = params.length + 1;
  // Each row: its values, then its id and its sort value as text (exact, whatever the type).
  const row = `json_build_array(${[...source.values, 'id', byId ? 'null' : `${column}::text`].join(', ')})`;
  const width = source.values.length;

  /** The next batch after `from`: among the rows with a sort value, or (`empty`) among those without. */
  const batch = async (from: Position | null, empty: boolean): Promise<unknown[][]> => {
    const conditions = [...scope];
    const values = [...params];
    if (empty || byId) {
      if (empty) conditions.push(`${column} is null`);
      if (from) conditions.push(`id ${after} ${placeholder('integer', first)}`);
      if (from) values.push(from.id);
    } else {
      conditions.push(`${column} is not null`);
      if (from) {
        const key = placeholder(kind, first);
        const id = placeholder('integer', first + 1);
        // The first condition alone bounds an index scan on the sort column; the second breaks ties.
        conditions.push(`${column} ${after}= ${key}`, `(${column} ${after} ${key} or id ${after} ${id})`);
        values.push(from.key, from.id);
      }
    }
    // The aggregate keeps the batch's order explicitly (`k`, `i`: sort value and id).
    const [result] = await db.query<{ batch: unknown[][] }>(
      `select coalesce(json_agg(r order by ${empty || byId ? '' : `k ${direction}, `}i ${direction}), '[]') as batch
       from (select ${row} as r, ${column} as k, id as i from ${table} where ${conditions.join(' and ')}
             order by ${empty ? `id ${direction}` : valuesOrder} limit ${batchSize}) as page`,
      values,
    );
    return result.batch;
  };

  for (const empty of byId ? [false] : [false, true]) {
    let from: Position | null = null;
    for (;;) {
      const rows = await batch(from, empty);
      if (rows.length === 0) break;
      const last = rows[rows.length - 1];
      from = { key: last[width + 1] as string | null, id: last[width] as number };
      for (const values of rows) values.length = width;
      yield rows;
      if (rows.length < batchSize) break;
    }
  }
}
