import type { SaleListState, StoreCategory, StoreList, StoreProduct } from '../../shared/storefront';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { payMerchant } from '../payments/payable';
import { kuwaitDayStart, kuwaitToday } from '../payments/kuwait-time';

/**
 * A merchant's sale list as its customers see it (`GET /v1/storefront/lists/:reference`): whether
 * it takes orders now, its charges and its products with what each has left. The same reading,
 * with the rows locked, is what an order is checked against (`orders.ts`).
 */

export type SaleListRow = TableRow<'sale_list'>;
export type ProductRow = TableRow<'product'>;

/**
 * The sale list of `reference`, or null; with `lock`, locked until the transaction ends: shared
 * (the list cannot be switched off meanwhile, other orders go on), or alone (`update`).
 */
export async function saleListBy(
  ctx: ServerContext,
  q: Queryable,
  reference: string,
  lock?: 'share' | 'update',
): Promise<SaleListRow | null> {
  const [row] = await q.query<SaleListRow>(
    `select * from ${storeOf(ctx, 'sale_list').table} where reference_no = $1::text${lock ? ` for ${lock}` : ''}`,
    [reference],
  );
  return row ?? null;
}

/** The day after the Kuwait date `day`. */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Orders of the list placed today in Kuwait that still count: paid ones and those still holding stock. */
async function ordersToday(ctx: ServerContext, q: Queryable, list: SaleListRow, now: Date): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    `select count(*)::integer as count from ${storeOf(ctx, 'sale_order').table}
     where merchant_id = $1::integer and sale_list_id = $2::integer
       and created_at >= $3::timestamptz and payment_status <> 'expired'`,
    [list.merchant_id, list.id, kuwaitDayStart(kuwaitToday(now)).toISOString()],
  );
  return row?.count ?? 0;
}

/** Whether the list takes orders at `now`, and the Kuwait date it opens again when that is known. */
export async function saleListState(
  ctx: ServerContext,
  q: Queryable,
  list: SaleListRow,
  now: Date,
): Promise<{ state: SaleListState; opensOn: string | null }> {
  const today = kuwaitToday(now);
  if (list.status === 'expired') return { state: 'ended', opensOn: null };
  if (list.status !== 'active') return { state: 'inactive', opensOn: null };
  if (list.start_date && today < list.start_date) return { state: 'not_started', opensOn: list.start_date };
  if (list.end_date && today > list.end_date) return { state: 'ended', opensOn: null };
  const most = list.max_orders_per_day ?? 0;
  if (most > 0 && (await ordersToday(ctx, q, list, now)) >= most) {
    const tomorrow = nextDay(today);
    return { state: 'full_today', opensOn: list.end_date && tomorrow > list.end_date ? null : tomorrow };
  }
  return { state: 'open', opensOn: null };
}

/**
 * The list's products the merchant still has, in the list's order; only those of `only` when
 * given, and then locked in id order.
 */
export async function listProducts(
  ctx: ServerContext,
  q: Queryable,
  list: SaleListRow,
  only?: readonly number[],
): Promise<ProductRow[]> {
  const listed = Array.isArray(list.product_ids) ? list.product_ids.filter(Number.isInteger) : [];
  const ids = only ? listed.filter((id) => only.includes(id)) : listed;
  const lock = only !== undefined;
  if (ids.length === 0) return [];
  // Locks are taken in id order, so that two orders of the same products wait for each other
  // instead of deadlocking.
  const rows = await q.query<ProductRow>(
    `select * from ${storeOf(ctx, 'product').table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by id${lock ? ' for update' : ''}`,
    [list.merchant_id, ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
}

/** The categories `products` belong to, by name, for the storefront's category filter. */
async function categoriesOf(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  products: ProductRow[],
): Promise<StoreCategory[]> {
  const ids = [...new Set(products.map((product) => product.category_id).filter(Number.isInteger))];
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: number; name: string | null; name_ar: string | null }>(
    `select id, name, name_ar from ${storeOf(ctx, 'category').table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by name, id`,
    [merchantId, ids],
  );
  return rows.map((row) => ({ id: row.id, name: row.name ?? '', name_ar: text(row.name_ar) }));
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The price a customer pays for `product` now: its sale price when it has one, else its price. */
export function priceOf(product: ProductRow): string {
  const price = text(product.sale_price) ?? text(product.price);
  if (price === null) throw new Error(`Product ${product.id} has no price`);
  return price;
}

export function storeProduct(product: ProductRow): StoreProduct {
  return {
    id: product.id,
    title: product.title ?? '',
    title_ar: text(product.title_ar),
    tagline: text(product.tagline),
    image: text(product.image),
    category_id: product.category_id ?? null,
    price: text(product.price) ?? priceOf(product),
    sale_price: text(product.sale_price),
    available: Math.max(0, product.stock ?? 0),
    max_qty_per_order: product.max_qty_per_order ?? null,
  };
}

/** The sale list of `reference` as its customers see it at `now`, or null when there is none. */
export async function storeListOf(
  ctx: ServerContext,
  q: Queryable,
  reference: string,
  now: Date,
): Promise<StoreList | null> {
  const list = await saleListBy(ctx, q, reference);
  if (!list) return null;
  const { state, opensOn } = await saleListState(ctx, q, list, now);
  const products = await listProducts(ctx, q, list);
  return {
    reference_no: list.reference_no ?? reference,
    name: list.name ?? '',
    type: list.type ?? 'store',
    state,
    opens_on: opensOn,
    discount_type: list.discount_type ?? 'fixed',
    discount_value: text(list.discount_value),
    service_charge_type: list.service_charge_type ?? 'fixed',
    service_charge_value: text(list.service_charge_value),
    start_date: list.start_date ?? '',
    end_date: list.end_date ?? '',
    merchant: await payMerchant(q, list.merchant_id),
    categories: await categoriesOf(ctx, q, list.merchant_id, products),
    products: products.map(storeProduct),
  };
}
