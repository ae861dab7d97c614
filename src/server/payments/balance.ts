import type { Queryable } from '../db/database';
import { accountBalance } from '../ledger/balances';

/**
 * A merchant's unsettled balance: the money the gateway holds for it and has not yet paid out, out
 * of which refunds are paid. From the ledger: the merchant's captured card and wallet payments,
 * less the gateway's fees and commission, less the refunds processed (`merchant_balance`), plus
 * what sits in payment transfers not yet paid out, waiting or on hold (`settlement-run.ts`): that
 * money is still the gateway's to pay from. Cash never passed through the gateway, so it is not
 * part of the balance.
 */

/**
 * The merchant's unsettled balance in integer fils, as defined above. Run in the transaction of
 * the refund it decides, after taking the merchant's refund lock (`lockRefunds`), so two refunds
 * processed at once are judged one after the other.
 */
export async function unsettledBalance(q: Queryable, merchantId: number): Promise<bigint> {
  const held = await Promise.all(
    (['merchant_balance', 'transfers_pending', 'transfers_on_hold'] as const).map((account) =>
      accountBalance(q, merchantId, account),
    ),
  );
  return held.reduce((total, amount) => total + amount, 0n);
}

/**
 * Takes the merchant's refund lock until the caller's transaction ends: refunds of one merchant
 * are processed one at a time, each seeing the balance the one before left.
 */
export async function lockRefunds(q: Queryable, merchantId: number): Promise<void> {
  await q.query(`select id from merchants where id = $1::integer for update`, [merchantId]);
}
