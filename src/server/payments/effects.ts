import { now as clockNow } from '../../schema/calendar';
import { fromFils } from '../../shared/money';
import type { EntityRecord } from '../../generated/entities';
import { PAYER_PAGES } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { EffectScope } from '../effects';
import { storeOf } from '../storage/entity-stores';
import { installCustomerTotals } from './customer-totals';
import { captureRequested } from './captures';
import { cashCharge } from './processor';
import { refundApproved, refundRequested } from './refunds';
import { createParts, invoiceProgress, markPartPaid, partsOf, partsSummary, type PartRow } from './parts';
import { filsOf, latestTransaction, recordTransaction, settleCash, type RecordedTransaction } from './transactions';

/**
 * What invoices do for payments besides their own write: a split, instalment or group invoice is
 * made of parts the moment it is created, and an invoice marked paid (cash received) turns its
 * waiting cash payment into a success.
 */

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

type Invoice = EntityRecord<'invoice'>;

/** Makes a new invoice's parts and points its group link at the page listing them. */
async function makeParts(ctx: ServerContext, scope: EffectScope, invoice: Invoice): Promise<Invoice | void> {
  const parts = await createParts(scope.tx, scope.merchantId, invoice, clockNow());
  if (parts.length === 0) return;
  const link = `${ctx.publicUrl.replace(/\/+$/, '')}${PAYER_PAGES.parts}${encodeURIComponent(String(invoice.reference_no))}`;
  const updated = await storeOf(ctx, 'invoice').update(
    scope.tx,
    scope.merchantId,
    invoice.id,
    { group_link: link, parts: partsSummary(parts) },
    'patch',
    scope.actor,
  );
  return updated ?? undefined;
}

/**
 * The cash payment of `reference`: the one waiting for the merchant's confirmation, now a success,
 * or, when the payer never chose cash on the link, a new successful cash payment.
 */
async function cashReceived(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  reference: string,
  amount: bigint,
  customer: { name: string | null; mobile: string | null },
  webhookUrl: string | null,
  now: Date,
): Promise<RecordedTransaction> {
  const waiting = await latestTransaction(q, merchantId, reference, 'pending', 'cash');
  if (waiting) return settleCash(q, ctx, merchantId, waiting, webhookUrl, now);
  return recordTransaction(q, ctx, {
    merchantId,
    invoiceReference: reference,
    channel: 'payment_link',
    method: 'cash',
    amount,
    customerName: customer.name,
    customerMobile: customer.mobile,
    charge: cashCharge('success'),
    now,
    webhookUrl,
  });
}

/** `mark_paid`: the invoice (every part of it, for a part kind) is paid in cash. */
async function markedPaid(ctx: ServerContext, scope: EffectScope, invoice: Invoice): Promise<Invoice | void> {
  const now = clockNow();
  const webhookUrl = text(invoice.webhook_url);
  const own = { name: text(invoice.customer_name), mobile: text(invoice.mobile) };
  const parts = await partsOf(scope.tx, scope.merchantId, invoice.id);
  const unpaid = parts.filter((part: PartRow) => part.status !== 'paid');
  for (const part of unpaid) {
    const customer = { name: part.customer_name ?? own.name, mobile: part.mobile ?? own.mobile };
    const paid = await cashReceived(
      ctx,
      scope.tx,
      scope.merchantId,
      part.reference_no,
      filsOf(part.amount),
      customer,
      webhookUrl,
      now,
    );
    await markPartPaid(scope.tx, part, paid.reference_no, now);
  }
  if (parts.length === 0) {
    await cashReceived(
      ctx,
      scope.tx,
      scope.merchantId,
      String(invoice.reference_no),
      filsOf(invoice.amount),
      own,
      webhookUrl,
      now,
    );
  }
  const settled = parts.length === 0 ? [] : await partsOf(scope.tx, scope.merchantId, invoice.id);
  const paidAmount = parts.length === 0 ? filsOf(invoice.amount) : invoiceProgress(settled).paid;
  const updated = await storeOf(ctx, 'invoice').update(
    scope.tx,
    scope.merchantId,
    invoice.id,
    { paid_amount: fromFils(paidAmount), ...(parts.length === 0 ? {} : { parts: partsSummary(settled) }) },
    'patch',
    scope.actor,
  );
  return updated ?? undefined;
}

/**
 * A change of an invoice (allowed while unpaid, `x-resource.editable`): its parts are made again
 * from the invoice as it now is (another amount, another count, another kind).
 */
async function changed(ctx: ServerContext, scope: EffectScope, invoice: Invoice): Promise<Invoice | void> {
  await scope.tx.query(`delete from invoice_parts where merchant_id = $1::integer and invoice_id = $2::integer`, [
    scope.merchantId,
    invoice.id,
  ]);
  const remade = await makeParts(ctx, scope, invoice);
  if (remade || invoice.group_link === undefined || invoice.group_link === null) return remade;
  // No longer made of parts: no page lists them.
  const updated = await storeOf(ctx, 'invoice').update(
    scope.tx,
    scope.merchantId,
    invoice.id,
    { group_link: null, parts: null },
    'patch',
    scope.actor,
  );
  return updated ?? undefined;
}

/**
 * A refund or capture request takes its amount from what its transaction still holds (its pending
 * amount), and a cancelled or rejected refund gives it back (the transaction becomes `refunded`
 * only once a refund is processed, `refunds.ts`). The
 * route has locked the transaction and checked the amount against it (`x-from`, `x-atMost`), so
 * two requests at once never take more than it holds.
 */
async function movePending(
  ctx: ServerContext,
  scope: EffectScope,
  transactionId: number | undefined,
  fils: bigint,
  kind: 'refund' | 'capture',
): Promise<void> {
  if (transactionId === undefined) return;
  const store = storeOf(ctx, 'transaction');
  // Locked: a refund made and another cancelled at once must not both start from the same amount.
  const transaction = await store.get(scope.tx, scope.merchantId, transactionId, { lock: true });
  if (!transaction) return;
  const left = filsOf(transaction.pending_amount) + fils;
  // Refused before any write by the route; reaching here would be a bug, and rolls the request back.
  if (left < 0n) throw new Error(`A ${kind} would take more than transaction ${transactionId} holds`);
  await store.update(scope.tx, scope.merchantId, transactionId, { pending_amount: fromFils(left) }, 'patch');
}

/**
 * Registers the payment effects of invoices, refunds, captures and customers' totals; call once,
 * before effects that read an invoice's parts.
 */
export function installPaymentEffects(ctx: ServerContext): void {
  installCustomerTotals(ctx);
  ctx.effects.onCreate('invoice', (scope, record) => makeParts(ctx, scope, record));
  ctx.effects.onUpdate('invoice', (scope, record) => changed(ctx, scope, record));
  ctx.effects.onTransition('invoice', async (scope, record, action) => {
    if (action === 'mark_paid') return markedPaid(ctx, scope, record);
  });
  ctx.effects.onCreate('refund', async (scope, refund) => {
    await movePending(ctx, scope, refund.transaction_id, -filsOf(refund.refund_amount), 'refund');
    return refundRequested(ctx, scope, refund, clockNow());
  });
  ctx.effects.onTransition('refund', async (scope, refund, action) => {
    if (action === 'approve') return refundApproved(ctx, scope, refund, clockNow());
    if (action === 'cancel' || action === 'reject')
      await movePending(ctx, scope, refund.transaction_id, filsOf(refund.refund_amount), 'refund');
  });
  ctx.effects.onCreate('capture', (scope, capture) =>
    captureRequested(ctx, scope.tx, scope.merchantId, capture, scope.actor),
  );
}
