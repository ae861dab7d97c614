import type { Queryable } from '../db/database';
import { kuwaitToday } from './kuwait-time';
import { filsOf } from './transactions';

/**
 * A merchant's unsettled balance: the money the gateway holds for it and has not yet paid out, out
 * of which refunds are paid. It is the net (after the gateway's fees) of the merchant's captured
 * card and wallet payments since its last transferred payment transfer, less the refunds processed
 * since then. "Since" is counted in Kuwait dates: a transfer covers every payment up to the end of
 * its `to_date` there. Cash never passed through the gateway, so it is not part of the balance.
 * Without any transferred transfer, everything counts.
 */

/** The first instant after the Kuwait date `date` (`YYYY-MM-DD`): midnight that follows it in Kuwait. */
function dayAfter(date: string): Date {
  const start = new Date(`${date}T00:00:00+03:00`);
  return new Date(start.getTime() + 86_400_000);
}

/** The instant from which payments and refunds count: the end of the last transferred period. */
async function countedFrom(q: Queryable, merchantId: number): Promise<Date | null> {
  const [row] = await q.query<{ to_date: string | Date | null }>(
    `select max(to_date) as to_date from payment_transfers where merchant_id = $1::integer and status = 'transferred'`,
    [merchantId],
  );
  if (!row?.to_date) return null;
  const date = row.to_date instanceof Date ? kuwaitToday(row.to_date) : String(row.to_date).slice(0, 10);
  return dayAfter(date);
}

/**
 * The merchant's unsettled balance in integer fils, as defined above. Run in the transaction of
 * the refund it decides, after taking the merchant's refund lock (`lockRefunds`), so two refunds
 * processed at once are judged one after the other.
 */
export async function unsettledBalance(q: Queryable, merchantId: number): Promise<bigint> {
  const from = (await countedFrom(q, merchantId))?.toISOString() ?? null;
  const [row] = await q.query<{ paid: string | null; refunded: string | null }>(
    `select
       (select coalesce(sum(net_amount), 0) from transactions
        where merchant_id = $1::integer and payment_method <> 'cash' and captured_amount > 0
          and ($2::timestamptz is null or created_at >= $2::timestamptz))::text as paid,
       (select coalesce(sum(refund_amount), 0) from refunds
        where merchant_id = $1::integer and status = 'processed'
          and ($2::timestamptz is null or processed_at >= $2::timestamptz))::text as refunded`,
    [merchantId, from],
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
