import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';

/**
 * What an unpaid order's hold on its products' stock comes to when it runs out: its units go back
 * to the stock and the order is expired. The scheduler does it (`releaseExpiredOrders`), and so
 * does a payment that finds the hold over before the scheduler came by.
 */

/** Gives `order`'s units back to its products' stock and marks it expired (the row locked by the caller). */
export async function expireOrder(
  ctx: ServerContext,
  q: Queryable,
  order: Pick<TableRow<'sale_order'>, 'id' | 'merchant_id' | 'items'>,
  now: Date,
): Promise<void> {
  for (const item of order.items ?? []) {
    await q.query(
      `update ${storeOf(ctx, 'product').table} set stock = stock + $3::integer
       where merchant_id = $1::integer and id = $2::integer`,
      [order.merchant_id, item.product_id, item.qty],
    );
  }
  await q.query(
    `update ${storeOf(ctx, 'sale_order').table} set payment_status = 'expired', updated_at = $2::timestamptz
     where id = $1::integer`,
    [order.id, now.toISOString()],
  );
}
