import { now as clockNow } from '../../schema/calendar';
import { fromFils } from '../../shared/money';
import type { EntityRecord } from '../../generated/entities';
import { queueWebhook } from '../messaging/webhooks';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { voidTransaction } from './authorizations';
import { feesFor } from './fee-rules';
import { webhookOf } from './completion';
import { capture as captureAtProcessor } from './sandbox-ledger';
import { findTarget } from './targets';
import { paymentTerms, serviceTypesOf } from './terms';
import { filsOf } from './transactions';
import type { PayMethod } from '../../shared/pay';

/**
 * A capture request is processed the moment it is made, in the transaction that stores it: the
 * route has locked its transaction and checked it is an authorisation holding at least the amount
 * (`x-references.refuse`, `x-from`, `x-atMost`), so requests made at once are processed one after
 * the other and never capture more than was authorised. Outcomes (README "Authorise first,
 * capture later"):
 * - captured: the processor took the amount; the transaction is a `success` carrying the captured
 *   amount, its fees and, pending, what may now be refunded; the merchant's webhook hears
 *   `payment.captured`. A part captured lets the rest of the authorisation go.
 * - rejected (stored, 201, with `rejection_reason`): the capture deadline had passed (the
 *   authorisation is voided there and then, as the scheduler would), a part was asked of an
 *   authorisation whose merchant service captures only in full (`capture_type: full`; the
 *   authorisation stays, to be captured whole), or the processor refused.
 */

type Capture = EntityRecord<'capture'>;
type Outcome = Pick<Capture, 'status' | 'capture_type' | 'rejection_reason'>;

/** What capturing `capture` at `now` came to; writes the transaction's side. */
async function process(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  capture: Capture,
  now: Date,
): Promise<Outcome> {
  const transactions = storeOf(ctx, 'transaction');
  const transaction =
    capture.transaction_id === undefined
      ? null
      : await transactions.get(q, merchantId, capture.transaction_id, { lock: true });
  const amount = filsOf(capture.amount);
  const authorized = filsOf(transaction?.pending_amount);
  const kind = amount === authorized ? 'full' : 'partial';
  // The route refused anything but an authorisation; reaching here otherwise would be a bug.
  if (!transaction || transaction.status !== 'authorized')
    throw new Error(`Transaction ${capture.transaction_id} is not an authorisation`);
  const deadline = transaction.authorized_until ? new Date(transaction.authorized_until) : null;
  if (deadline && deadline.getTime() <= now.getTime()) {
    await voidTransaction(ctx, q, merchantId, transaction.id, now);
    return { status: 'rejected', capture_type: kind, rejection_reason: 'expired' };
  }

  const target = transaction.invoice_reference ? await findTarget(ctx, q, transaction.invoice_reference, false) : null;
  const terms = await paymentTerms(q, ctx, merchantId, target ? serviceTypesOf(target) : ['payment_gateway']);
  if (kind === 'partial' && terms.captureType === 'full')
    return { status: 'rejected', capture_type: kind, rejection_reason: 'partial_not_allowed' };

  const answer = transaction.payment_id
    ? await captureAtProcessor(q, merchantId, transaction.payment_id, amount, now)
    : null;
  if (!answer?.ok) return { status: 'rejected', capture_type: kind, rejection_reason: 'processor_refused' };

  const fees = await feesFor(
    q,
    ctx,
    merchantId,
    amount,
    transaction.payment_method as PayMethod,
    now,
    transaction.invoice_reference,
  );
  const captured = await transactions.update(
    q,
    merchantId,
    transaction.id,
    {
      status: 'success',
      result_code: 'CAPTURED',
      captured_amount: fromFils(amount),
      pending_amount: fromFils(amount),
      admin_charge: fromFils(fees.adminCharge),
      commission: fromFils(fees.commission),
      net_amount: fromFils(fees.net),
      updated_at: now.toISOString(),
    },
    'patch',
  );
  if (captured)
    await queueWebhook(q, ctx, merchantId, {
      transaction: captured,
      webhookUrl: target ? webhookOf(target) : null,
      event: 'payment.captured',
      extra: { capture: { document_no: capture.document_no ?? null, amount: fromFils(amount), status: 'captured' } },
    });
  return { status: 'captured', capture_type: kind };
}

/**
 * The effect of a new capture request: processes it (above) and stores its outcome on it. A
 * `payment.captured` webhook is queued for a capture; the request's own `capture_type` is set to
 * what was captured (`full`: the whole authorisation).
 */
export async function captureRequested(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  capture: Capture,
  actor?: string,
): Promise<Capture | void> {
  const outcome = await process(ctx, q, merchantId, capture, clockNow());
  const updated = await storeOf(ctx, 'capture').update(q, merchantId, capture.id, outcome, 'patch', actor);
  return updated ?? undefined;
}
