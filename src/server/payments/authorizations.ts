import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { invoiceProgress, partsOf, partsSummary } from './parts';
import { webhookOf } from './completion';
import { voidAuthorization } from './sandbox-ledger';
import { findTarget, type Target } from './targets';
import { queueWebhook } from '../messaging/webhooks';
import { filsOf, type TransactionRecord } from './transactions';

/**
 * Authorisations that were never captured: once their capture deadline (`authorized_until`) has
 * passed, the processor lets the payer's money go (void), the transaction becomes `voided` with
 * nothing left to capture, and what the payment had paid is unpaid again, exactly as the payment
 * had marked it (README "Authorise first, capture later"): the invoice (or its part) unpaid with
 * its paid amount taken back, an open invoice's collected amount and count taken back. The
 * payer's link is then payable again (an invoice past its expiry date is expired by the sweep).
 */

const BATCH = 100;

/** Takes back what `transaction`'s payment marked paid on `target` (see `applySuccess` in pay.ts). */
async function unpay(ctx: ServerContext, q: Queryable, target: Target, transaction: TransactionRecord): Promise<void> {
  const invoices = storeOf(ctx, 'invoice');
  switch (target.kind) {
    case 'invoice':
    case 'parts': {
      if (target.invoice.status !== 'paid') return;
      const parts = await partsOf(q, target.merchantId, target.invoice.id);
      const progress = invoiceProgress(parts);
      await invoices.update(
        q,
        target.merchantId,
        target.invoice.id,
        { status: progress.status, paid_amount: fromFils(progress.paid) },
        'patch',
      );
      return;
    }
    case 'part': {
      await q.query(
        `update invoice_parts set status = 'unpaid', transaction_reference = null, paid_at = null
         where id = $1::integer and transaction_reference = $2::text`,
        [target.part.id, transaction.reference_no],
      );
      const parts = await partsOf(q, target.merchantId, target.invoice.id);
      const progress = invoiceProgress(parts);
      await invoices.update(
        q,
        target.merchantId,
        target.invoice.id,
        { status: progress.status, paid_amount: fromFils(progress.paid), parts: partsSummary(parts) },
        'patch',
      );
      return;
    }
    case 'open': {
      const collected = filsOf(target.open.collected_amount ?? '0') - filsOf(transaction.amount);
      await storeOf(ctx, 'open_invoice').update(
        q,
        target.merchantId,
        target.open.id,
        {
          payments_count: Math.max(0, Number(target.open.payments_count ?? 0) - 1),
          collected_amount: fromFils(collected > 0n ? collected : 0n),
        },
        'patch',
      );
      return;
    }
    case 'subscription':
    case 'tenant':
      // A subscription's payments and a tenant's are always charged at once: never an authorisation.
      return;
    case 'order':
      // The order is unpaid again; its stock is still its own, held until the merchant rejects it.
      await storeOf(ctx, 'sale_order').update(
        q,
        target.merchantId,
        target.order.id,
        { payment_status: 'unpaid', transaction_reference: null },
        'patch',
      );
      return;
  }
}

/**
 * Voids the authorisation `transactionId` (locked here, or already by the caller) at `now`: the
 * processor releases it, the transaction is `voided` with nothing pending, what it paid is unpaid
 * again and the merchant's webhook hears `payment.voided`. Returns the voided transaction, or null
 * when it is no longer an authorisation (voided or captured meanwhile), so a second void changes nothing.
 */
export async function voidTransaction(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  transactionId: number,
  now: Date,
): Promise<TransactionRecord | null> {
  const store = storeOf(ctx, 'transaction');
  const transaction = await store.get(q, merchantId, transactionId, { lock: true });
  if (!transaction || transaction.status !== 'authorized') return null;
  // A processor that no longer holds the authorisation has nothing to release: the gateway's side is voided all the same.
  if (transaction.payment_id) await voidAuthorization(q, merchantId, transaction.payment_id, now);
  const voided = await store.update(
    q,
    merchantId,
    transactionId,
    { status: 'voided', pending_amount: fromFils(0n), updated_at: now.toISOString() },
    'patch',
  );
  if (!voided) return null;
  const target = transaction.invoice_reference ? await findTarget(ctx, q, transaction.invoice_reference, true) : null;
  if (target && target.merchantId === merchantId) await unpay(ctx, q, target, transaction);
  await queueWebhook(q, ctx, merchantId, {
    transaction: voided,
    webhookUrl: target ? webhookOf(target) : null,
    event: 'payment.voided',
    extra: { void: { amount: fromFils(filsOf(transaction.pending_amount)), status: 'voided' } },
  });
  return voided;
}

/**
 * The scheduler's step: voids every authorisation whose capture deadline is at or before `now`.
 * Rows are claimed `for update skip locked`, so two servers ticking at once void each one once.
 * Returns how many were voided.
 */
export async function voidExpiredAuthorizations(ctx: ServerContext, now: Date): Promise<number> {
  const table = storeOf(ctx, 'transaction').table;
  let voided = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const due = await tx.query<{ id: number; merchant_id: number }>(
        `select id, merchant_id from ${table}
         where status = 'authorized' and authorized_until <= $1::timestamptz
         order by authorized_until, id limit ${BATCH} for update skip locked`,
        [now.toISOString()],
      );
      let done = 0;
      for (const row of due) if (await voidTransaction(ctx, tx, row.merchant_id, row.id, now)) done += 1;
      return { due: due.length, done };
    });
    voided += claimed.done;
    if (claimed.due < BATCH) return voided;
  }
}
