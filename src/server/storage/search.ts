import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from './columns';
import { orderOf, whereOf } from './list-query';

/**
 * One kind's part of the app bar's search: the merchant's records whose `x-list.search` text holds
 * the query (the list's own `q` condition, which the list's trigram index covers) or whose figure
 * is the amount the query may be (the figure's index, `searchIndexes`), in the list's order.
 */

export interface SearchColumns {
  /** Properties read besides the searched ones: the title, the status, the figure. */
  shown: readonly string[];
  /** The `x-resource.figure` property matched against an amount, if any. */
  figure?: string;
}

/**
 * At most `limit` records of `entity` of the merchant matching `text` (or, with `amount`, whose
 * figure is that amount), with the id, the `shown` and the searched properties.
 */
export async function searchRecords(
  q: Queryable,
  entity: EntitySchema,
  merchantId: number,
  text: string,
  amount: string | null,
  columns: SearchColumns,
  limit: number,
): Promise<Row[]> {
  const where = whereOf(entity, { q: text }, 2);
  const params: unknown[] = [merchantId, ...where.params];
  let condition = where.sql.join(' and ');
  if (amount !== null && columns.figure) {
    params.push(amount);
    condition = `(${condition} or ${ident(columns.figure)} = $${params.length}::numeric)`;
  }
  const names = [...new Set([...columns.shown, ...(entity['x-list'].search ?? [])])];
  return q.query(
    `select id, ${names.map(ident).join(', ')} from ${ident(entity['x-resource'].table)}
     where merchant_id = $1::integer and ${condition}
     order by ${orderOf(entity, entity['x-list'].sort)} limit ${limit}`,
    params,
  );
}

/**
 * Indexes the search needs besides the list's: its figure with the merchant, so an amount is found
 * without reading the merchant's every record. Only for entities searched everywhere.
 */
export function searchIndexes(entity: EntitySchema): string[] {
  const figure = entity['x-resource'].figure;
  if (!entity['x-list'].everywhere || !figure) return [];
  const table = entity['x-resource'].table;
  return [
    `create index if not exists ${ident(`${table}_search_${figure}_idx`)} on ${ident(table)} (merchant_id, ${ident(figure)})`,
  ];
}
