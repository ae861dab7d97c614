import { fromFils, toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { EffectScope } from '../effects';
import type { RecordOf } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';

/**
 * A customer's `total_paid` and `invoices_count` follow the ledger of the customer's mobile: every
 * successful payment by that mobile adds its amount and one payment, every processed refund of
 * such a payment takes its amount off. They are kept in the same database transaction as the
 * payment or refund, so the customer list reads them as plain columns; a customer made (or given
 * another mobile) after paying is counted from the ledger then. `ledgerTotals` is what the kept
 * figures always equal.
 */

const filsOf = (amount: string | null) => toFils(amount ?? '0') ?? 0n;

/** The statuses of a payment that took money (a payment refunded in full is `refunded`). */
const PAID = `('success', 'refunded')`;

/**
 * Adds a successful payment of `fils` by `mobile` to the merchant's customers with that mobile.
 * Called when a transaction is written or settled as a success; an authorisation counts once it
 * is captured (the capture calls this).
 */
export async function customerPaid(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  mobile: string | null | undefined,
  fils: bigint,
): Promise<void> {
  if (!mobile) return;
  await q.query(
    `update ${storeOf(ctx, 'customer').table}
     set total_paid = coalesce(total_paid, 0) + $3::numeric, invoices_count = coalesce(invoices_count, 0) + 1
     where merchant_id = $1::integer and mobile = $2::text`,
    [merchantId, mobile, fromFils(fils)],
  );
}

/**
 * Takes a processed refund of `fils` of a payment by `mobile` off the merchant's customers with that
 * mobile (their count of payments stays: the payment was made). Call it in the transaction that
 * marks the refund processed.
 */
export async function customerRefunded(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  mobile: string | null | undefined,
  fils: bigint,
): Promise<void> {
  if (!mobile) return;
  await q.query(
    `update ${storeOf(ctx, 'customer').table}
     set total_paid = coalesce(total_paid, 0) - $3::numeric
     where merchant_id = $1::integer and mobile = $2::text`,
    [merchantId, mobile, fromFils(fils)],
  );
}

/** What the ledger says `mobile` paid the merchant: fils net of processed refunds, and payments. */
export async function ledgerTotals(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  mobile: string,
): Promise<{ paid: bigint; payments: number }> {
  const [payments] = await q.query<{ paid: string | null; n: number }>(
    `select sum(amount)::text as paid, count(*)::integer as n from transactions
     where merchant_id = $1::integer and customer_mobile = $2::text and status in ${PAID}`,
    [merchantId, mobile],
  );
  const [refunds] = await q.query<{ refunded: string | null }>(
    `select sum(r.refund_amount)::text as refunded
     from ${storeOf(ctx, 'refund').table} r join transactions t on t.id = r.transaction_id
     where r.merchant_id = $1::integer and r.status = 'processed'
       and t.merchant_id = $1::integer and t.customer_mobile = $2::text`,
    [merchantId, mobile],
  );
  return { paid: filsOf(payments.paid) - filsOf(refunds.refunded), payments: payments.n };
}

type Customer = RecordOf<'customer'>;

/** Sets a customer's totals from the ledger of its mobile. */
async function recount(ctx: ServerContext, scope: EffectScope, customer: Customer): Promise<Customer | void> {
  if (!customer.mobile) return;
  const { paid, payments } = await ledgerTotals(scope.tx, ctx, scope.merchantId, customer.mobile);
  const updated = await storeOf(ctx, 'customer').update(
    scope.tx,
    scope.merchantId,
    customer.id,
    { total_paid: fromFils(paid), invoices_count: payments },
    'patch',
  );
  return updated ?? undefined;
}

/** Registers the effects that count a new customer, or one given another mobile, from the ledger. */
export function installCustomerTotals(ctx: ServerContext): void {
  ctx.effects.onCreate('customer', (scope, customer) => recount(ctx, scope, customer));
  ctx.effects.onUpdate('customer', async (scope, customer, previous) => {
    if (customer.mobile !== previous.mobile) return recount(ctx, scope, customer);
  });
}
