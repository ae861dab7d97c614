import { now as clockNow } from '../../schema/calendar';
import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { EffectScope } from '../effects';
import { ApiError } from '../kernel/api-error';
import { t } from '../kernel/language';
import { voidTransaction } from '../payments/authorizations';
import { lockRefunds, unsettledBalance } from '../payments/balance';
import { checkPaymentRefundable, requestRefund } from '../payments/refund-request';
import { filsOf, type TransactionRecord } from '../payments/transactions';
import type { RecordOf } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { expireOrder } from './order-stock';

/**
 * What the merchant's rejection of an order does besides its status, in the action's transaction.
 * An unpaid order gives its stock back and can no longer be paid (`expireOrder`; a rejected order's
 * link answers as cancelled). A paid order gives the customer's money back: an authorised card
 * payment is voided, and its stock goes back as an unpaid order's does; a payment taken is refunded
 * in full through the refund flow — a `refund` request as `POST /v1/refund` makes it, with its
 * effects (the amount taken from the transaction, the 20 minutes of a same-day refund, an
 * employee's large refund waiting for the admin), processed by the scheduler's refund step. A refund
 * the gateway can never make, or one the merchant's unsettled balance does not cover, refuses the
 * rejection with a 409 saying why: the action's transaction is rolled back and nothing changes.
 */

type Order = RecordOf<'sale_order'>;

/** The refunds of the merchant already waiting to be paid out of its balance, in fils. */
async function waitingRefunds(ctx: ServerContext, q: Queryable, merchantId: number): Promise<bigint> {
  const [row] = await q.query<{ total: string }>(
    `select coalesce(sum(refund_amount), 0)::text as total from ${storeOf(ctx, 'refund').table}
     where merchant_id = $1::integer and status in ('pending', 'awaiting_approval')`,
    [merchantId],
  );
  return filsOf(row?.total);
}

/**
 * Refuses with 409, before the refund is asked for, one the gateway cannot make (a KNET wallet
 * payment) or that the balance left for refunds does not cover: what the merchant's unsettled
 * balance holds less the refunds already waiting for it, judged under the merchant's refund lock
 * (so two rejections at once are judged one after the other).
 */
async function checkCovered(ctx: ServerContext, scope: EffectScope, transaction: TransactionRecord, fils: bigint) {
  checkPaymentRefundable(transaction);
  await lockRefunds(scope.tx, scope.merchantId);
  const available =
    (await unsettledBalance(scope.tx, scope.merchantId)) - (await waitingRefunds(ctx, scope.tx, scope.merchantId));
  if (available < fils)
    throw new ApiError(
      409,
      'app.message.order_refund_balance',
      {},
      { amount: fromFils(fils), balance: fromFils(available > 0n ? available : 0n) },
    );
}

/** Asks for the refund of all that the order's payment still holds, as the merchant's refund request does. */
async function refundInFull(ctx: ServerContext, scope: EffectScope, order: Order, transaction: TransactionRecord) {
  const fils = filsOf(transaction.pending_amount);
  if (fils <= 0n) return;
  await checkCovered(ctx, scope, transaction, fils);
  const remarks = t(scope.language, 'app.message.order_refund_remarks', { order_no: order.reference_no ?? '' });
  await requestRefund(ctx, scope, transaction, fils, remarks);
}

/** The order's payment, locked until the action's transaction ends; null when it has none. */
async function paymentOf(ctx: ServerContext, q: Queryable, merchantId: number, order: Order) {
  if (!order.transaction_reference) return null;
  const transactions = storeOf(ctx, 'transaction');
  const [row] = await q.query<{ id: number }>(
    `select id from ${transactions.table} where merchant_id = $1::integer and reference_no = $2::text`,
    [merchantId, order.transaction_reference],
  );
  return row ? transactions.get(q, merchantId, row.id, { lock: true }) : null;
}

/** Gives the stock of an order that is (again) unpaid back, and closes its payment link. */
async function releaseStock(ctx: ServerContext, scope: EffectScope, order: Order, now: Date): Promise<void> {
  await expireOrder(ctx, scope.tx, { id: order.id, merchant_id: scope.merchantId, items: order.items ?? null }, now);
}

/** Undoes what a rejected order holds (see above); answers the order as it now stands. */
export async function orderRejected(ctx: ServerContext, scope: EffectScope, order: Order, now: Date): Promise<Order> {
  if (order.payment_status === 'unpaid') await releaseStock(ctx, scope, order, now);
  if (order.payment_status === 'paid') {
    const payment = await paymentOf(ctx, scope.tx, scope.merchantId, order);
    if (payment?.status === 'authorized') {
      // Voiding marks the order unpaid again; its stock then goes back like any unpaid order's.
      await voidTransaction(ctx, scope.tx, scope.merchantId, payment.id, now);
      await releaseStock(ctx, scope, order, now);
    } else if (payment?.status === 'success') await refundInFull(ctx, scope, order, payment);
  }
  return (await storeOf(ctx, 'sale_order').get(scope.tx, scope.merchantId, order.id)) ?? order;
}

/** Registers what a rejection does; call once, before the messaging effects that tell the customer. */
export function installOrderRejection(ctx: ServerContext): void {
  ctx.effects.onTransition('sale_order', async (scope, order) => {
    if (order.status === 'rejected') return orderRejected(ctx, scope, order, clockNow());
  });
}
