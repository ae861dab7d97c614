import { fromFils } from '../../shared/money';
import { filsOf } from '../payments/transactions';
import { storeOf } from '../storage/entity-stores';
import type { DemoTimeline } from './demo-timeline';
import { voidExpiredAuthorizations } from '../payments/authorizations';
import { processDueRefunds } from '../payments/refunds';
import type { DemoWriter } from './demo-writer';
import type { Random } from './random';

/**
 * Refund and capture requests of demo payments, made as `POST /v1/refund` and `POST /v1/capture`
 * make them: the generic create with its effects (the amount taken from what the transaction still
 * holds, a capture processed at once). A refund request is processed by the scheduler's refund
 * step when its time comes (20 minutes after a same-day request, else at the next pass), played on
 * the timeline; some are cancelled by the merchant within their 20 minutes.
 */

/** The scheduler's pass after a refund falls due (it ticks every 30 seconds). */
const NEXT_PASS_MS = 30_000;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The reference of the paid transaction a planned request is about, once its payment has been played. */
export type PaidTransaction = () => string | null;

/** How a refund request is asked: all that is left, or a share (in percent) of it, with remarks. */
export interface RefundAsk {
  /** Percent of what the payment still holds; 100 asks for all of it. */
  share: number;
  remarks?: string;
  /** Milliseconds after which the merchant cancels it, if it still can be (a same-day request). */
  cancelAfter?: number | null;
}

/**
 * The merchant's refund request at `at` of the payment `reference` (`POST /v1/refund`), processed
 * by the scheduler's refund step when due. Nothing when the payment is no longer a success, holds
 * nothing, or is one the gateway cannot refund (cash, a wallet payment of the local debit network).
 */
export async function requestRefund(
  timeline: DemoTimeline,
  demo: DemoWriter,
  at: Date,
  reference: string,
  { share, remarks, cancelAfter = null }: RefundAsk,
): Promise<void> {
  const [paid] = await demo.tx.query<{ id: number; status: string; amount: string; pending_amount: string }>(
    `select id, status, amount::text as amount, pending_amount::text as pending_amount
     from ${storeOf(demo.ctx, 'transaction').table}
     where merchant_id = $1::integer and reference_no = $2::text
       -- What the gateway can refund: not cash, not a wallet payment of the local debit network.
       and payment_method <> 'cash' and not (network = 'knet' and payment_method <> 'card')`,
    [demo.merchantId, reference],
  );
  if (paid?.status !== 'success') return;
  const pending = filsOf(paid.pending_amount);
  if (pending <= 0n) return;
  const amount = share >= 100 ? pending : (pending * BigInt(share)) / 100n || 1n;
  const refund = await demo.create(
    'refund',
    {
      values: {
        transaction_id: paid.id,
        method: amount === filsOf(paid.amount) ? 'full' : 'partial',
        total_amount: fromFils(filsOf(paid.amount)),
        pending_amount: fromFils(pending),
        refund_amount: fromFils(amount),
        ...(remarks ? { remarks } : {}),
      },
      system: { created_at: at.toISOString() },
    },
    { effects: true },
  );
  const due = refund.process_after ? new Date(String(refund.process_after)).getTime() : at.getTime();
  // Only a same-day refund can still be cancelled: within its 20 minutes.
  if (cancelAfter !== null && at.getTime() + cancelAfter < due)
    timeline.at(at.getTime() + cancelAfter, (then) =>
      demo.transition('refund', refund.id, 'cancel', then).then(() => undefined),
    );
  timeline.at(due + NEXT_PASS_MS, (then) => processDueRefunds(demo.ctx, then).then(() => undefined));
}

/**
 * Now and then plans a refund request of the payment made at `paidAt` (hours or days later), full
 * or partial, sometimes cancelled minutes after. Made only while the transaction is a success.
 */
export function planRefund(
  timeline: DemoTimeline,
  demo: DemoWriter,
  random: Random,
  paidAt: number,
  transaction: PaidTransaction,
): void {
  if (random.next() >= 0.14) return;
  const planned = paidAt + random.int(1, 96) * HOUR + random.int(0, 59) * MINUTE;
  // A refund that would come after the demo's end is asked for minutes ago instead: still pending.
  const lately = timeline.end.getTime() - random.int(2, 15) * MINUTE;
  const requested = planned <= timeline.end.getTime() ? planned : Math.max(lately, paidAt + MINUTE);
  const full = random.next() < 0.5;
  const share = random.int(10, 60);
  const cancelAfter = random.next() < 0.25 ? random.int(2, 15) * MINUTE : null;
  const remarks = random.pick(['Customer returned part of the order', 'إرجاع جزء من الطلب', 'Order cancelled']);
  timeline.at(requested, async (at) => {
    const reference = transaction();
    if (reference === null) return;
    await requestRefund(
      timeline,
      demo,
      at,
      reference,
      full ? { share: 100, cancelAfter } : { share, remarks, cancelAfter },
    );
  });
}

/**
 * Plans what the merchant does with an authorisation made at `authorizedAt`: most are captured
 * hours later (in full, or three quarters of them), the rest are left to be voided by the
 * scheduler when their capture days run out.
 */
export function planCapture(
  timeline: DemoTimeline,
  demo: DemoWriter,
  random: Random,
  authorizedAt: number,
  authorizedUntil: number,
  transactionId: number,
): void {
  const choice = random.int(0, 3);
  // The last two days' authorisations are still waiting for the merchant to capture them.
  if (authorizedAt > timeline.end.getTime() - 2 * 24 * HOUR) return;
  if (choice === 3) {
    // Left alone: the scheduler's next pass after its capture deadline voids it.
    timeline.at(authorizedUntil + NEXT_PASS_MS, (then) =>
      voidExpiredAuthorizations(demo.ctx, then).then(() => undefined),
    );
    return;
  }
  timeline.at(authorizedAt + random.int(1, 30) * HOUR, async (at) => {
    const transaction = await storeOf(demo.ctx, 'transaction').get(demo.tx, demo.merchantId, transactionId);
    if (transaction?.status !== 'authorized') return;
    const pending = filsOf(transaction.pending_amount);
    const amount = choice === 2 ? (pending * 3n) / 4n || 1n : pending;
    await demo.create(
      'capture',
      {
        values: {
          transaction_id: transactionId,
          capture_type: amount === pending ? 'full' : 'partial',
          pending_amount: fromFils(pending),
          amount: fromFils(amount),
        },
        system: { created_at: at.toISOString() },
      },
      { effects: true },
    );
  });
}
