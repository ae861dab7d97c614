import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { queueThankYouSms } from '../messaging/thank-you-sms';
import { storeOf } from '../storage/entity-stores';
import { invoiceProgress, markPartPaid, partsOf, partsSummary } from './parts';
import type { Charge } from './processor';
import { applyFirstCharge } from './subscriptions';
import type { Target } from './targets';
import { markTenantPaid } from './tenant-payments';
import { filsOf } from './transactions';

/**
 * What a successful payment does to what it paid, shared by a payment answered at once
 * (`pay.ts`) and one the processor settles later (`settlement.ts`), so both mark a link paid the
 * same way: the invoice, part, open invoice, subscription, order or a tenant's rent invoices and
 * deposits are updated and the payer thanked.
 */

/** The webhook the paid record asks for (the invoice's for a part); null leaves it to the merchant's own. */
export function webhookOf(target: Target): string | null {
  const url =
    target.kind === 'subscription'
      ? target.subscription.webhook_url
      : target.kind === 'open' || target.kind === 'order' || target.kind === 'tenant'
        ? null
        : target.invoice.webhook_url;
  return typeof url === 'string' && url !== '' ? url : null;
}

/** Marks what a successful payment paid. */
async function applySuccess(
  ctx: ServerContext,
  q: Queryable,
  target: Target,
  transactionReference: string,
  charge: Pick<Charge, 'cardLast4' | 'cardExpiry'>,
  amount: bigint,
  now: Date,
): Promise<void> {
  switch (target.kind) {
    case 'invoice':
    case 'parts':
      await storeOf(ctx, 'invoice').update(
        q,
        target.merchantId,
        target.invoice.id,
        { status: 'paid', paid_amount: fromFils(amount) },
        'patch',
      );
      return;
    case 'part': {
      await markPartPaid(q, target.part, transactionReference, now);
      const parts = await partsOf(q, target.merchantId, target.invoice.id);
      const progress = invoiceProgress(parts);
      await storeOf(ctx, 'invoice').update(
        q,
        target.merchantId,
        target.invoice.id,
        { status: progress.status, paid_amount: fromFils(progress.paid), parts: partsSummary(parts) },
        'patch',
      );
      return;
    }
    case 'open':
      await storeOf(ctx, 'open_invoice').update(
        q,
        target.merchantId,
        target.open.id,
        {
          payments_count: Number(target.open.payments_count ?? 0) + 1,
          collected_amount: fromFils(filsOf(target.open.collected_amount ?? '0') + amount),
        },
        'patch',
      );
      return;
    case 'subscription':
      await applyFirstCharge(ctx, q, target.subscription, charge, now);
      return;
    case 'order':
      await storeOf(ctx, 'sale_order').update(
        q,
        target.merchantId,
        target.order.id,
        { payment_status: 'paid', transaction_reference: transactionReference, updated_at: now.toISOString() },
        'patch',
      );
      return;
    case 'tenant':
      await markTenantPaid(ctx, q, target, transactionReference, now);
      return;
  }
}

export interface CompletedPayment {
  /** The transaction's reference. */
  transactionReference: string;
  charge: Pick<Charge, 'cardLast4' | 'cardExpiry'>;
  /** Integer fils. */
  amount: bigint;
  customer: { name: string | null; mobile: string | null };
}

/**
 * Marks `target` paid by a successful (or authorised) payment and queues the payer's thank-you
 * SMS, in the caller's database transaction (the target read locked by it).
 */
export async function completePayment(
  ctx: ServerContext,
  q: Queryable,
  target: Target,
  payment: CompletedPayment,
  now: Date,
): Promise<void> {
  await applySuccess(ctx, q, target, payment.transactionReference, payment.charge, payment.amount, now);
  await queueThankYouSms(q, ctx, target.merchantId, target.reference, {
    amount: fromFils(payment.amount),
    name: payment.customer.name,
    mobile: payment.customer.mobile,
  });
}
