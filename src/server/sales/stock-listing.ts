import type { StockLevel, StockRow, StockSort } from '../../shared/stock-listing';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ident } from '../storage/columns';
import { storeOf } from '../storage/entity-stores';
import { whereOf, type SortOrder } from '../storage/list-query';

/**
 * The merchant's stock listing: each product's units left (its `stock`, which an order takes when
 * it is placed), the units of unpaid orders whose hold still runs (`reserved_until` after now: the
 * scheduler gives an expired hold back) and the units of paid orders that were not rejected
 * (`sold`). The counts are summed from the orders' lines by the database on every call, never kept.
 * A product is `out` with nothing left, `low` at or below its `low_stock_at`, else `ok`.
 */

export interface StockQuery {
  /** The product list's own filter (`product.filter`: its search, category, bar code). */
  filter: Record<string, unknown>;
  /** Only products at these levels; every level when left out. */
  levels?: readonly StockLevel[];
  sort: [StockSort, SortOrder];
  /** Inclusive row positions, react-admin style. */
  range: [number, number];
}

const STOCK = 'greatest(coalesce(p.stock, 0), 0)';
/** `$2` is the schema's default threshold, for a row written before the column had one. */
const THRESHOLD = 'coalesce(p.low_stock_at, $2::integer)';
const LEVEL = `case when ${STOCK} = 0 then 'out' when ${STOCK} <= ${THRESHOLD} then 'low' else 'ok' end`;

/**
 * The merchant's products the query's filter and levels match, as `p` with their stock, threshold
 * and level (`$1` the merchant, `$2` the default threshold, the filter's values from `$3`), and
 * the parameters.
 */
function matchingProducts(ctx: ServerContext, merchantId: number, query: StockQuery) {
  const products = storeOf(ctx, 'product');
  const threshold = products.entity.properties.low_stock_at?.default;
  const where = whereOf(products.entity, query.filter, 3);
  const params: unknown[] = [merchantId, Number.isInteger(threshold) ? threshold : 0, ...where.params];
  const conditions = ['p.merchant_id = $1::integer', ...where.sql];
  if (query.levels?.length)
    conditions.push(`${LEVEL} in (${query.levels.map((level) => `$${params.push(level)}::text`).join(', ')})`);
  const columns = `p.id, p.title, p.title_ar, p.image, ${STOCK}::integer as stock, ${THRESHOLD}::integer as low_stock_at`;
  const from = `(select ${columns}, ${LEVEL} as level from ${products.table} p where ${conditions.join(' and ')}) p`;
  return { from, params };
}

/** A page of the listing in the query's order, and how many products match it. */
export async function stockListing(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  query: StockQuery,
  now: Date,
): Promise<{ rows: StockRow[]; total: number }> {
  const { from, params } = matchingProducts(ctx, merchantId, query);
  const [start, end] = query.range;
  const [field, order] = query.sort;
  const direction = order === 'DESC' ? 'desc' : 'asc';
  const nowParam = `$${params.length + 1}::timestamptz`;
  const rows = await q.query<StockRow & { image: string | null }>(
    `with lines as (
       select (line ->> 'product_id')::integer as product_id, (line ->> 'qty')::integer as qty,
              o.payment_status = 'paid' as paid
         from ${storeOf(ctx, 'sale_order').table} o
        cross join lateral jsonb_array_elements(coalesce(o.items, '[]'::jsonb)) as line
        where o.merchant_id = $1::integer
          and ((o.payment_status = 'paid' and o.status is distinct from 'rejected')
            or (o.payment_status = 'unpaid' and o.reserved_until > ${nowParam}))),
     counts as (
       select product_id,
              (coalesce(sum(qty) filter (where not paid), 0))::integer as reserved,
              (coalesce(sum(qty) filter (where paid), 0))::integer as sold
         from lines group by product_id),
     listed as (
       select p.*, coalesce(c.reserved, 0) as reserved, coalesce(c.sold, 0) as sold
         from ${from}
         left join counts c on c.product_id = p.id)
     select id, title, title_ar, image, stock, low_stock_at, reserved, sold, level from listed
      order by ${ident(field)} ${direction} nulls last, id ${direction}
      limit ${end - start + 1} offset ${start}`,
    [...params, now.toISOString()],
  );
  const [count] = await q.query<{ total: number }>(`select count(*)::integer as total from ${from}`, params);
  return {
    rows: rows.map(({ image, ...row }) => (image ? { ...row, image } : row)),
    total: count.total,
  };
}
