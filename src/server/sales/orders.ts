import { formatKwd, toFils } from '../../shared/money';
import { saleTotals, saleTotalsText } from '../../shared/sale-totals';
import {
  ORDER_HOLD_MINUTES,
  type OrderLineProblem,
  type OrderRequest,
  type SaleListState,
  type StoreOrder,
} from '../../shared/storefront';
import type { Language } from '../../shared/i18n';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, type FieldError } from '../kernel/api-error';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { keyedTransaction, type IdempotencyClaim, type Keyed } from '../storage/idempotency-keys';
import { payMerchant } from '../payments/payable';
import { expireOrder } from './order-stock';
import { orderSteps } from './order-steps';
import { listProducts, priceOf, saleListBy, saleListState, type ProductRow, type SaleListRow } from './storefront';

/**
 * Placing an order from a cart (`POST /v1/storefront/lists/:reference/orders`), all in one
 * transaction: the sale list is locked (alone when its orders of the day are counted against a
 * most, shared otherwise, so that orders of one list go on side by side), the cart's products are
 * locked in id order, every line is checked against what the product has now (in the
 * list, in stock, within its most per order, at the price the customer saw), the totals are the
 * shared `saleTotals`, the stock is taken and the order stored unpaid, holding that stock for
 * `ORDER_HOLD_MINUTES` (`releaseExpiredOrders` gives it back when the order is not paid by then).
 * Two customers after the last unit: the second waits for the first's lock and finds it gone.
 */

export type SaleOrderRow = TableRow<'sale_order'>;

const CLOSED: Record<Exclude<SaleListState, 'open'>, string> = {
  not_started: 'app.message.sale_list_not_started',
  ended: 'app.message.sale_list_ended',
  inactive: 'app.message.sale_list_inactive',
  full_today: 'app.message.sale_list_full_today',
};

/** Why the list takes no order now, as a 409. */
function closedError(state: Exclude<SaleListState, 'open'>, opensOn: string | null): ApiError {
  return new ApiError(409, CLOSED[state], {}, { date: opensOn ?? '' });
}

/** How many of each product the cart asks for: the same product on two lines counts once, with both quantities. */
function quantitiesOf(request: OrderRequest): Map<number, number> {
  const asked = new Map<number, number>();
  for (const line of request.items) asked.set(line.product_id, (asked.get(line.product_id) ?? 0) + line.qty);
  return asked;
}

/** What is wrong with each line of the cart, checked against the locked products; empty when nothing. */
export function lineProblems(request: OrderRequest, products: ProductRow[]): (OrderLineProblem | null)[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const asked = quantitiesOf(request);
  return request.items.map((line) => {
    const product = byId.get(line.product_id);
    if (!product) return { product_id: line.product_id, problem: 'not_in_list', available: 0, price: null };
    const available = Math.max(0, product.stock ?? 0);
    const price = priceOf(product);
    const wanted = asked.get(line.product_id) ?? line.qty;
    const base = { product_id: line.product_id, available, price };
    if (available === 0) return { ...base, problem: 'sold_out' };
    if (wanted > available) return { ...base, problem: 'not_enough' };
    const most = product.max_qty_per_order;
    if (most && wanted > most) return { ...base, problem: 'over_limit' };
    if (line.price !== undefined && line.price !== '' && toFils(line.price) !== toFils(price))
      return { ...base, problem: 'price_changed' };
    return null;
  });
}

/** A line's problem as a field message of the request's language. */
function problemMessage(problem: OrderLineProblem, product: ProductRow | undefined, language: Language): FieldError {
  switch (problem.problem) {
    case 'not_in_list':
      return { key: 'validation.order_not_in_list' };
    case 'sold_out':
      return { key: 'validation.order_sold_out' };
    case 'not_enough':
      return { key: 'validation.order_not_enough', params: { available: problem.available } };
    case 'over_limit':
      return { key: 'validation.order_over_limit', params: { limit: product?.max_qty_per_order ?? 0 } };
    case 'price_changed':
      return { key: 'validation.order_price_changed', params: { price: formatKwd(problem.price, language) } };
  }
}

/** Takes `qty` units of each product from its stock (the rows are locked by the caller). */
async function takeStock(ctx: ServerContext, q: Queryable, merchantId: number, lines: Map<number, number>) {
  for (const [productId, qty] of lines) {
    await q.query(
      `update ${storeOf(ctx, 'product').table} set stock = stock - $3::integer
       where merchant_id = $1::integer and id = $2::integer`,
      [merchantId, productId, qty],
    );
  }
}

/** The customer's first name and the mobile's last four digits. */
function maskedCustomer(order: SaleOrderRow): StoreOrder['customer'] {
  const first = (order.customer_name ?? '').trim().split(/\s+/)[0] ?? '';
  const mobile = (order.customer_mobile ?? '').replace(/\D/g, '');
  return { first_name: first, mobile_end: mobile.slice(-4) };
}

/** The order as its customer sees it. */
export async function storeOrderOf(
  ctx: ServerContext,
  q: Queryable,
  order: SaleOrderRow,
  list?: SaleListRow | null,
): Promise<StoreOrder> {
  const saleList =
    list ??
    (
      await q.query<SaleListRow>(`select * from ${storeOf(ctx, 'sale_list').table} where id = $1::integer`, [
        order.sale_list_id,
      ])
    )[0];
  const time = (value: unknown) => (value instanceof Date ? value.toISOString() : value ? String(value) : null);
  return {
    reference_no: order.reference_no ?? '',
    sale_list: { reference_no: saleList?.reference_no ?? '', name: saleList?.name ?? '' },
    merchant: await payMerchant(q, order.merchant_id),
    customer: maskedCustomer(order),
    language: order.customer_language ?? 'en',
    items: (order.items ?? []).map(({ product_id, product, product_ar, qty, price }) => ({
      product_id,
      product,
      product_ar: product_ar ?? null,
      qty,
      price,
    })),
    sub_total: String(order.sub_total ?? '0.000'),
    discount: String(order.discount ?? '0.000'),
    service_charge: String(order.service_charge ?? '0.000'),
    grand_total: String(order.grand_total ?? '0.000'),
    status: order.status ?? 'waiting',
    steps: await orderSteps(ctx, q, order),
    rejection_reason: order.status === 'rejected' ? order.rejection_reason || null : null,
    payment_status: order.payment_status ?? 'unpaid',
    reserved_until: time(order.reserved_until),
    created_at: time(order.created_at) ?? '',
  };
}

/** The order of `reference`, or null. */
export async function orderBy(ctx: ServerContext, q: Queryable, reference: string): Promise<SaleOrderRow | null> {
  const [row] = await q.query<SaleOrderRow>(
    `select * from ${storeOf(ctx, 'sale_order').table} where reference_no = $1::text`,
    [reference],
  );
  return row ?? null;
}

/**
 * Places the order `request` on the sale list `reference` at `now`; answers in `language`. With
 * `claim` (the request's idempotency key) a repeat answers the stored order as `replay`.
 */
export async function placeOrder(
  ctx: ServerContext,
  reference: string,
  request: OrderRequest,
  language: Language,
  now: Date,
  claim: IdempotencyClaim | null = null,
): Promise<Keyed<StoreOrder>> {
  return keyedTransaction(
    ctx.db,
    claim,
    async (tx): Promise<StoreOrder> => {
      const seen = await saleListBy(ctx, tx, reference);
      if (!seen) throw new ApiError(404, 'app.message.sale_list_unknown');
      const list = await saleListBy(ctx, tx, reference, (seen.max_orders_per_day ?? 0) > 0 ? 'update' : 'share');
      if (!list) throw new ApiError(404, 'app.message.sale_list_unknown');
      const { state, opensOn } = await saleListState(ctx, tx, list, now);
      if (state !== 'open') throw closedError(state, opensOn);
      const products = await listProducts(
        ctx,
        tx,
        list,
        request.items.map((line) => line.product_id),
      );
      const byId = new Map(products.map((product) => [product.id, product]));
      const problems = lineProblems(request, products);
      if (problems.some((problem) => problem !== null)) {
        const fields: Record<string, FieldError> = {};
        problems.forEach((problem, index) => {
          if (problem) fields[`items.${index}`] = problemMessage(problem, byId.get(problem.product_id), language);
        });
        throw new ApiError(409, 'app.message.order_changed', fields);
      }
      const wanted = quantitiesOf(request);
      const items = [...wanted].map(([productId, qty]) => {
        const product = byId.get(productId);
        if (!product) throw new Error(`Product ${productId} was checked and is gone`);
        const arabic = product.title_ar?.trim();
        return {
          product_id: productId,
          product: product.title ?? '',
          ...(arabic ? { product_ar: arabic } : {}),
          qty,
          price: priceOf(product),
        };
      });
      const totals = saleTotalsText(saleTotals(items, list));
      await takeStock(ctx, tx, list.merchant_id, wanted);
      const email = request.customer.email?.trim();
      const created = await storeOf(ctx, 'sale_order').create(
        tx,
        list.merchant_id,
        {},
        {
          sale_list_id: list.id,
          customer_name: request.customer.name.trim(),
          customer_mobile: request.customer.mobile,
          ...(email ? { customer_email: email } : {}),
          customer_language: request.language ?? language,
          items,
          ...totals,
          status: 'waiting',
          payment_status: 'unpaid',
          reserved_until: new Date(now.getTime() + ORDER_HOLD_MINUTES * 60_000).toISOString(),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        },
        'storefront',
      );
      const order = await orderBy(ctx, tx, String(created.reference_no));
      if (!order) throw new Error('An order was written in this transaction and is gone');
      return storeOrderOf(ctx, tx, order, list);
    },
    (order) => ({ status: 201, body: order }),
  );
}

/**
 * Gives back the stock of unpaid orders whose hold ran out by `now`, and marks them expired:
 * each claimed once (`for update skip locked`), so two servers never give the same stock back twice.
 */
export async function releaseExpiredOrders(ctx: ServerContext, now: Date): Promise<number> {
  const orders = storeOf(ctx, 'sale_order').table;
  return ctx.db.transaction(async (tx) => {
    const expired = await tx.query<{ id: number; merchant_id: number; items: SaleOrderRow['items'] }>(
      `select id, merchant_id, items from ${orders}
       where payment_status = 'unpaid' and reserved_until <= $1::timestamptz
       order by id limit 500 for update skip locked`,
      [now.toISOString()],
    );
    for (const order of expired) await expireOrder(ctx, tx, order, now);
    return expired.length;
  });
}
