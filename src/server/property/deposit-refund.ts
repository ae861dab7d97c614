import type { EntityRecord } from '../../generated/entities';
import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { EffectScope } from '../effects';
import { ApiError } from '../kernel/api-error';
import { t } from '../kernel/language';
import { checkPaymentRefundable, requestRefund } from '../payments/refund-request';
import { filsOf, type TransactionRecord } from '../payments/transactions';
import { storeOf } from '../storage/entity-stores';
import { itemPaymentsSql } from './item-payments';
import type { Writer } from './writer';

/**
 * A deposit paid by card is given back at the end of the contract through the product's refunds
 * (`payments/refunds.ts`). Once none of the tenant's contracts runs or is to come, a deposit its
 * card payment paid is `refundable` (when the contract ends, or when it is paid after that); its
 * `refund` action then asks for a refund of its amount from that payment, as a merchant's refund
 * request does (same-day payments wait 20 minutes, an employee's large refund waits for the admin,
 * the balance must cover it), and the deposit is `refunding` until the refund ends: `refunded`
 * once processed, `refundable` again when it fails, is cancelled or is rejected. A deposit paid in
 * cash is given back by hand: it stays `paid`.
 */

type Deposit = EntityRecord<'deposit'>;

/** What the refunds' outcomes make of a refunding deposit. */
const OUTCOMES: Record<string, 'refunded' | 'refundable'> = {
  processed: 'refunded',
  failed: 'refundable',
  cancelled: 'refundable',
  rejected: 'refundable',
};

const refused = (key: string, params?: Record<string, unknown>) => new ApiError(409, key, {}, params);

/** The successful card payment that paid the deposit, locked; null when it has none. */
async function paymentOf(ctx: ServerContext, q: Queryable, merchantId: number, deposit: Deposit) {
  const transactions = storeOf(ctx, 'transaction');
  const [row] = await q.query<{ transaction_id: number }>(
    `select transaction_id from (${itemPaymentsSql('deposit', storeOf(ctx, 'deposit').table, transactions.table)}) paid
      where record_id = $2::integer and status = 'success'
      order by transaction_id desc limit 1`,
    [merchantId, deposit.id],
  );
  return row ? transactions.get(q, merchantId, row.transaction_id, { lock: true }) : null;
}

/** Whether one of the tenant's contracts has not ended (a draft to come, one running). */
async function contractRunning(ctx: ServerContext, q: Queryable, merchantId: number, tenantId: number | undefined) {
  const [running] = await q.query(
    `select 1 from ${storeOf(ctx, 'contract').table}
      where merchant_id = $1::integer and tenant_id = $2::integer and status in ('draft', 'active') limit 1`,
    [merchantId, tenantId],
  );
  return running !== undefined;
}

/**
 * Makes the tenant's paid card deposits `refundable` once no contract of theirs runs or is to come,
 * those a card payment paid (one marked paid by hand has no payment to refund).
 */
export async function markRefundable(ctx: ServerContext, writer: Writer, tenantId: number | undefined) {
  if (tenantId === undefined || (await contractRunning(ctx, writer.tx, writer.merchantId, tenantId))) return;
  const deposits = storeOf(ctx, 'deposit');
  const paid = await writer.tx.query<{ id: number }>(
    `select d.id from ${deposits.table} d
      where d.merchant_id = $1::integer and d.tenant_id = $2::integer and d.status = 'paid'
        and coalesce(d.payment_method, 'card') = 'card'
        and exists (select 1 from (${itemPaymentsSql('deposit', deposits.table, storeOf(ctx, 'transaction').table)}) p
                     where p.record_id = d.id and p.status = 'success')
      order by d.id for update of d`,
    [writer.merchantId, tenantId],
  );
  for (const { id } of paid)
    await deposits.update(writer.tx, writer.merchantId, id, { status: 'refundable' }, 'patch', writer.actor);
}

/** Asks for the refund of a paid deposit (its `refund` action); answers the deposit as it now stands. */
export async function refundDeposit(ctx: ServerContext, scope: EffectScope, deposit: Deposit): Promise<Deposit> {
  if (deposit.payment_method === 'cash') throw refused('app.message.refund_cash');
  if (await contractRunning(ctx, scope.tx, scope.merchantId, deposit.tenant_id))
    throw refused('app.message.deposit_contract_running');
  const payment: TransactionRecord | null = await paymentOf(ctx, scope.tx, scope.merchantId, deposit);
  if (!payment) throw refused('app.message.deposit_no_card_payment');
  checkPaymentRefundable(payment);
  const amount = filsOf(deposit.amount);
  const pending = filsOf(payment.pending_amount);
  if (amount > pending)
    throw refused('app.message.deposit_refund_above_pending', { amount: fromFils(amount), pending: fromFils(pending) });
  const remarks = t(scope.language, 'app.message.deposit_refund_remarks', { reference: deposit.reference_no ?? '' });
  const refund = await requestRefund(ctx, scope, payment, amount, remarks);
  const deposits = storeOf(ctx, 'deposit');
  return (
    (await deposits.update(scope.tx, scope.merchantId, deposit.id, { refund_id: refund.id }, 'patch', scope.actor)) ??
    deposit
  );
}

/**
 * Follows a refund's outcome on the deposit it gives back, and a deposit paid after its tenant's
 * contracts ended: listened to on every refund and deposit write, in the write's transaction,
 * whichever flow made it (the scheduler, a cancel, a rejection, the tenant's payment).
 */
export function followDepositRefunds(ctx: ServerContext): void {
  ctx.events.listen(async (event) => {
    if (event.entity.$id === 'deposit' && event.kind === 'changed') {
      if (event.record.status === 'paid' && event.previous.status !== 'paid')
        await markRefundable(ctx, { tx: event.q, merchantId: event.merchantId }, Number(event.record.tenant_id));
      return;
    }
    if (event.entity.$id !== 'refund' || event.kind !== 'changed') return;
    const to = OUTCOMES[String(event.record.status)];
    if (!to || event.previous.status === event.record.status) return;
    const deposits = storeOf(ctx, 'deposit');
    const rows = await event.q.query<{ id: number }>(
      `select id from ${deposits.table}
        where merchant_id = $1::integer and refund_id = $2::integer and status = 'refunding' for update`,
      [event.merchantId, event.record.id],
    );
    for (const { id } of rows) await deposits.update(event.q, event.merchantId, id, { status: to }, 'patch');
  });
}
