import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from './columns';
import { orderOf, whereOf } from './list-query';

/**
 * One kind's part of the app bar's search: the merchant's records whose `x-list.search` text holds
 * the query (the list's own `q` condition, which the list's trigram index covers) or whose figure
 * is the amount the query may be (the figure's index, `searchIndexes`), in the list's order.
 *
 * Its cost stays bounded whatever the query. A table the planner counts small is searched in one
 * statement. In a large one the planner counts the matches first: a few (a mobile, a rare name)
 * are read through the trigram index and sorted (up to `widest`, in case the count was low); many
 * are read from the top of the list in its order, where a common term ("Mutairi") is found at once.
 * When the newest `window` records hold fewer than asked (digits that many old references share,
 * none of them recent), the answer stops there and says it is not complete rather than read every
 * match.
 */

export interface SearchColumns {
  /** Properties read besides the searched ones: the title, the status, the figure. */
  shown: readonly string[];
  /** The `x-resource.figure` property matched against an amount, if any. */
  figure?: string;
}

export interface SearchBounds {
  /** Newest records read in the list's order when many match. */
  window: number;
  /** Most matches the planner may expect for them all to be read and sorted. */
  widest: number;
  /** Most rows the planner may count in a table searched in one statement (-1: one never counted). */
  small: number;
}

/** Each bound a few milliseconds of reading on PostgreSQL. */
export const SEARCH_BOUNDS: SearchBounds = { window: 2000, widest: 1000, small: 1000 };

export interface SearchFound {
  /** The newest matches, at most the limit asked. */
  rows: Row[];
  /** False when older matches were not read (too many to sort): more may exist than `rows`. */
  complete: boolean;
}

/** The planner's count of the rows a statement answers (`explain`'s first node). */
async function plannedRows(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await q.query(`explain (format json) ${sql}`, params);
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'];
}

/** The planner's counts of tables' rows (`pg_class.reltuples`, -1 when unknown), kept a minute. */
const tableSizes = new WeakMap<Queryable, Map<string, { rows: number; until: number }>>();

async function plannedTableRows(q: Queryable, table: string): Promise<number> {
  let sizes = tableSizes.get(q);
  if (!sizes) {
    sizes = new Map();
    tableSizes.set(q, sizes);
  }
  const known = sizes.get(table);
  if (known && known.until > Date.now()) return known.rows;
  const [row] = await q.query<{ rows: number | null }>(
    'select reltuples::float8 as rows from pg_class where oid = to_regclass($1::text)',
    [table],
  );
  const rows = row?.rows === null || row?.rows === undefined ? -1 : Number(row.rows);
  sizes.set(table, { rows, until: Date.now() + 60_000 });
  return rows;
}

/**
 * At most `limit` records of `entity` of the merchant matching `text` (or, with `amount`, whose
 * figure is that amount), with the id, the `shown` and the searched properties, newest first.
 */
export async function searchRecords(
  q: Queryable,
  entity: EntitySchema,
  merchantId: number,
  text: string,
  amount: string | null,
  columns: SearchColumns,
  limit: number,
  bounds: SearchBounds = SEARCH_BOUNDS,
): Promise<SearchFound> {
  const where = whereOf(entity, { q: text }, 2);
  const params: unknown[] = [merchantId, ...where.params];
  let condition = where.sql.join(' and ');
  if (amount !== null && columns.figure) {
    params.push(amount);
    condition = `(${condition} or ${ident(columns.figure)} = $${params.length}::numeric)`;
  }
  const table = ident(entity['x-resource'].table);
  const order = orderOf(entity, entity['x-list'].sort);
  const names = ['id', ...new Set([...columns.shown, ...(entity['x-list'].search ?? [])])];
  const read = names.map(ident).join(', ');

  // A small table (refunds, tenants) is searched in one statement, whatever plan it gets; so is one
  // never counted (-1), which has not grown enough since it was made to be analysed.
  if ((await plannedTableRows(q, entity['x-resource'].table)) <= bounds.small) {
    const rows = await q.query(
      `select ${read} from ${table} where merchant_id = $1::integer and ${condition} order by ${order} limit ${limit}`,
      params,
    );
    return { rows, complete: true };
  }

  const matching = `select id from ${table} where merchant_id = $1::integer and ${condition}`;
  if ((await plannedRows(q, matching, params)) <= bounds.widest) {
    // Materialised, the matches are found through the index rather than by walking the list's order;
    // more of them than the planner said (its count is an estimate) are not all read.
    const rows = await q.query(
      `with matching as materialized (${matching} limit ${bounds.widest + 1})
       select ${read}, count(*) over ()::integer as matched from ${table}
       where id in (select id from matching) order by ${order} limit ${limit}`,
      params,
    );
    if (rows.length === 0 || Number(rows[0].matched) <= bounds.widest)
      return { rows: rows.map(({ matched: _matched, ...row }) => row), complete: true };
  }
  // Many matches: the newest are near the top of the list, which is read until enough are found.
  const sorted = entity['x-list'].sort[0];
  const windowed = [...new Set([...names, ...(sorted === 'id' ? [] : [sorted])])].map(ident).join(', ');
  const rows = await q.query(
    `select ${read} from (
       select ${windowed} from ${table} where merchant_id = $1::integer order by ${order} limit ${bounds.window}
     ) newest
     where ${condition} order by ${order} limit ${limit}`,
    params,
  );
  if (rows.length >= limit) return { rows, complete: true };
  const [{ records }] = await q.query<{ records: number }>(
    `select count(*)::integer as records from (
       select 1 from ${table} where merchant_id = $1::integer limit ${bounds.window + 1}
     ) counted`,
    [merchantId],
  );
  return { rows, complete: records <= bounds.window };
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
