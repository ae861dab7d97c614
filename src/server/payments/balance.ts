import type { Queryable } from '../db/database';
import { accountBalance } from '../ledger/balances';

/**
 * A merchant's unsettled balance: the money the gateway holds for it and has not yet put in a
 * payment transfer, out of which refunds are paid. It is the ledger's `merchant_balance`: the
 * merchant's captured card and wallet payments, less the gateway's fees and commission, less the
 * refunds processed, less what payment transfers took out. Cash never passed through the gateway,
 * so it is not part of the balance.
 */

/**
 * The merchant's unsettled balance in integer fils, as defined above. Run in the transaction of
 * the refund it decides, after taking the merchant's refund lock (`lockRefunds`), so two refunds
 * processed at once are judged one after the other.
 */
export function unsettledBalance(q: Queryable, merchantId: number): Promise<bigint> {
  return accountBalance(q, merchantId, 'merchant_balance');
}

/**
 * Takes the merchant's refund lock until the caller's transaction ends: refunds of one merchant
 * are processed one at a time, each seeing the balance the one before left.
 */
export async function lockRefunds(q: Queryable, merchantId: number): Promise<void> {
  await q.query(`select id from merchants where id = $1::integer for update`, [merchantId]);
}
