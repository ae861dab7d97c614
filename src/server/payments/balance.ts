import type { Queryable } from '../db/database';
import { filsOf } from './transactions';

/**
 * A merchant's unsettled balance: the money the gateway holds for it and has not yet paid out, out
 * of which refunds are paid. It is the net (after the gateway's fees) of the merchant's captured
 * card and wallet payments less its processed refunds, leaving out those a transferred payment
 * transfer paid out or deducted (`settlement-run.ts`). A transfer not yet paid out (or on hold) is
 * still money the gateway holds. Cash never passed through the gateway, so it is not part of the
 * balance.
 */

/** The condition that the row's `transfer_id` names no transferred transfer. */
const NOT_PAID_OUT = `(transfer_id is null or transfer_id not in
  (select id from payment_transfers where merchant_id = $1::integer and status = 'transferred'))`;

/**
 * The merchant's unsettled balance in integer fils, as defined above. Run in the transaction of
 * the refund it decides, after taking the merchant's refund lock (`lockRefunds`), so two refunds
 * processed at once are judged one after the other.
 */
export async function unsettledBalance(q: Queryable, merchantId: number): Promise<bigint> {
  const [row] = await q.query<{ paid: string | null; refunded: string | null }>(
    `select
       (select coalesce(sum(net_amount), 0) from transactions
        where merchant_id = $1::integer and payment_method <> 'cash' and captured_amount > 0
          and ${NOT_PAID_OUT})::text as paid,
       (select coalesce(sum(refund_amount), 0) from refunds
        where merchant_id = $1::integer and status = 'processed' and ${NOT_PAID_OUT})::text as refunded`,
    [merchantId],
  );
  return filsOf(row?.paid ?? '0') - filsOf(row?.refunded ?? '0');
}

/**
 * Takes the merchant's refund lock until the caller's transaction ends: refunds of one merchant
 * are processed one at a time, each seeing the balance the one before left.
 */
export async function lockRefunds(q: Queryable, merchantId: number): Promise<void> {
  await q.query(`select id from merchants where id = $1::integer for update`, [merchantId]);
}
