import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import type { EffectScope } from '../effects';
import type { Account, LedgerEvent } from '../ledger/accounts';
import { NO_PAYMENT, paymentLines, paymentStateOf, type PaymentState } from '../ledger/payment-projection';
import type { RecordEvent } from '../storage/events';
import type { RecordOf } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';

/**
 * A customer's `total_paid` and `invoices_count` are the ledger's for the customer's mobile: what
 * the merchant's payments by that mobile took, net of what was refunded of them, and how many
 * payments took money. Every write of a transaction is posted to the ledger by the store's
 * listener; the listener here runs after it, in the same database transaction, and moves the
 * totals of the customers with that mobile by the same lines (`paymentLines`), so whatever flow
 * changes a payment — paid at once, a pending payment settled, an authorisation captured, cash
 * confirmed, a refund processed — the customer list reads totals equal to the ledger's as plain
 * columns. A customer made (or given another mobile) after paying is counted from the ledger's
 * entries (`ledgerTotals`).
 */

/** The ledger's lines that say money was taken from or given back to a payer. */
const PAID_EVENTS: readonly LedgerEvent[] = ['payment', 'capture', 'refund'];
const RECEIVED: readonly Account[] = ['merchant_balance', 'cash_received'];

/** What a write of a transaction from `before` to `after` moves: fils and payments that took money. */
function paidBy(before: PaymentState, after: PaymentState): { fils: bigint; payments: number } {
  const fils = paymentLines(before, after)
    .filter((line) => PAID_EVENTS.includes(line.event) && RECEIVED.includes(line.account))
    .reduce((total, line) => total + line.amount, 0n);
  const took = (state: PaymentState) => (state.captured > 0n ? 1 : 0);
  return { fils, payments: took(after) - took(before) };
}

/** Moves the totals of the merchant's customers with `mobile` by `change`. */
async function moveTotals(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  mobile: unknown,
  change: { fils: bigint; payments: number },
): Promise<void> {
  if (typeof mobile !== 'string' || !mobile || (change.fils === 0n && change.payments === 0)) return;
  await q.query(
    `update ${storeOf(ctx, 'customer').table}
     set total_paid = coalesce(total_paid, 0) + $3::numeric, invoices_count = coalesce(invoices_count, 0) + $4::integer
     where merchant_id = $1::integer and mobile = $2::text`,
    [merchantId, mobile, fromFils(change.fils), change.payments],
  );
}

/** The transaction row before and after a write (null: not there). */
function sidesOf(event: RecordEvent): [Row | null, Row | null] {
  switch (event.kind) {
    case 'created':
      return [null, event.record];
    case 'changed':
    case 'replaced':
      return [event.previous, event.record];
    case 'deleted':
      return [event.previous, null];
  }
}

/** Follows every write of a transaction with the totals of its payer's customers. */
function followPayments(ctx: ServerContext): void {
  ctx.events.listen(async (event) => {
    if (event.entity['x-ledger'] !== 'payment') return;
    const [before, after] = sidesOf(event);
    const [from, to] = [paymentStateOf(before), paymentStateOf(after)];
    const [oldMobile, newMobile] = [before?.customer_mobile ?? null, after?.customer_mobile ?? null];
    if (oldMobile === newMobile) return moveTotals(event.q, ctx, event.merchantId, newMobile, paidBy(from, to));
    // Another payer now: the payment leaves the first one's totals whole and joins the other's.
    await moveTotals(event.q, ctx, event.merchantId, oldMobile, paidBy(from, NO_PAYMENT));
    await moveTotals(event.q, ctx, event.merchantId, newMobile, paidBy(NO_PAYMENT, to));
  });
}

/** What the ledger's entries say `mobile` paid the merchant: fils net of refunds, and payments that took money. */
export async function ledgerTotals(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  mobile: string,
): Promise<{ paid: bigint; payments: number }> {
  const [row] = await q.query<{ paid: string; payments: number }>(
    `select coalesce(sum(e.amount_fils), 0)::text as paid,
            count(distinct e.transaction_id) filter (where e.event <> 'refund')::integer as payments
       from ledger_entries e join ${storeOf(ctx, 'transaction').table} t on t.id = e.transaction_id
      where e.merchant_id = $1::integer and t.merchant_id = $1::integer and t.customer_mobile = $2::text
        and e.event in (select jsonb_array_elements_text($3::text::jsonb))
        and e.account in (select jsonb_array_elements_text($4::text::jsonb))`,
    [merchantId, mobile, PAID_EVENTS, RECEIVED],
  );
  return { paid: BigInt(row.paid), payments: row.payments };
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

/**
 * Registers the listener that keeps customers' totals with their payments, and the effects that
 * count a new customer, or one given another mobile, from the ledger.
 */
export function installCustomerTotals(ctx: ServerContext): void {
  followPayments(ctx);
  ctx.effects.onCreate('customer', (scope, customer) => recount(ctx, scope, customer));
  ctx.effects.onUpdate('customer', async (scope, customer, previous) => {
    if (customer.mobile !== previous.mobile) return recount(ctx, scope, customer);
  });
}
