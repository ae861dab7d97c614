import type { PayMethod } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { assertSet, type TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { completePayment, webhookOf } from './completion';
import { kuwaitToday } from './kuwait-time';
import { enquire, type SandboxStatus } from './sandbox-ledger';
import { stateOf } from './states';
import { findTarget } from './targets';
import { feesOfStatus } from './fee-rules';
import { announce, filsOf, moneyColumns } from './transactions';

/**
 * Settling a card or wallet payment the processor did not answer at once (SPEC §9): the sweep
 * retries pending and incomplete ones, the transaction enquiry asks about any. Both ask the
 * sandbox processor (`enquire`) and, when it has settled the payment, write the same thing: a
 * success with its money columns that marks what it paid exactly as a direct success does
 * (`completePayment`), or a failure; each announced to the webhook in the same transaction.
 *
 * The link is never paid twice. When the payer paid it again meanwhile (another card, another
 * attempt after "continue"), the late success still is a success — the money was taken — but it
 * is kept apart with the result code `CAPTURED_DUPLICATE` and marks nothing paid: the merchant
 * refunds it (README "Incomplete payments").
 */

/** Result code of a late success whose link had meanwhile been paid (or cancelled): to refund. */
export const DUPLICATE_RESULT = 'CAPTURED_DUPLICATE';

/** Statuses the processor may still change: the transaction waits for its answer. */
const UNSETTLED = new Set(['pending', 'incomplete']);

export interface Settlement {
  /** The status stored before the processor was asked. */
  before: string;
  /** The status stored now. */
  status: string;
  /** What the processor says; null when it never saw the payment (cash, or no payment id). */
  processor: SandboxStatus | null;
}

/**
 * Asks the processor about `transaction` (read locked by the caller) and settles it when the
 * processor has: success or failed. With `giveUpPending`, a payment it still calls pending
 * becomes `incomplete` (the sweep, after 10 minutes). Runs in the caller's database transaction.
 */
export async function settleFromProcessor(
  ctx: ServerContext,
  q: Queryable,
  transaction: TableRow<'transaction'>,
  now: Date,
  giveUpPending = false,
): Promise<Settlement> {
  const before = String(transaction.status);
  const payment = transaction.payment_id
    ? await enquire(q, transaction.merchant_id, transaction.payment_id, now)
    : null;
  const processor = payment?.status ?? null;
  if (!UNSETTLED.has(before)) return { before, status: before, processor };
  if (processor === 'success' || processor === 'failed') {
    await settle(ctx, q, transaction, processor, now);
    return { before, status: processor, processor };
  }
  if (giveUpPending && before === 'pending' && transaction.payment_method !== 'cash') {
    await storeOf(ctx, 'transaction').update(
      q,
      transaction.merchant_id,
      transaction.id,
      { status: 'incomplete', updated_at: now.toISOString() },
      'patch',
    );
    return { before, status: 'incomplete', processor };
  }
  return { before, status: before, processor };
}

/** Writes the processor's final answer on the transaction and, for a success, marks the link paid. */
async function settle(
  ctx: ServerContext,
  q: Queryable,
  transaction: TableRow<'transaction'>,
  status: 'success' | 'failed',
  now: Date,
): Promise<void> {
  const amount = filsOf(transaction.amount);
  const method = transaction.payment_method as PayMethod;
  const reference = transaction.invoice_reference;
  const target = reference ? await findTarget(ctx, q, reference, true) : null;
  const payable = target !== null && !['paid', 'cancelled'].includes(stateOf(target, kuwaitToday(now)));
  const fees = await feesOfStatus(q, ctx, transaction.merchant_id, status, amount, method, now, reference);
  const resultCode = status === 'failed' ? 'DECLINED' : payable || !target ? 'CAPTURED' : DUPLICATE_RESULT;
  const row = await storeOf(ctx, 'transaction').update(
    q,
    transaction.merchant_id,
    transaction.id,
    { status, result_code: resultCode, ...moneyColumns(status, amount, fees), updated_at: now.toISOString() },
    'patch',
  );
  // The transaction was read locked in the caller's transaction: it is there.
  if (!row) throw new Error(`Transaction ${transaction.id} is gone`);
  assertSet(row, ['reference_no', 'status'], 'A payment attempt');
  if (status === 'success' && target && payable) {
    const customer = { name: transaction.customer_name ?? null, mobile: transaction.customer_mobile ?? null };
    const charge = { cardLast4: transaction.card_last4 ?? null, cardExpiry: null };
    await completePayment(ctx, q, target, { transactionReference: row.reference_no, charge, amount, customer }, now);
  }
  await announce(q, ctx, transaction.merchant_id, row, target ? webhookOf(target) : null);
}
