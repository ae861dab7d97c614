import { fromFils } from '../../shared/money';
import { filsOf } from '../payments/transactions';
import { storeOf } from '../storage/entity-stores';
import type { DemoTimeline } from './demo-timeline';
import { atInstant } from './flow-context';
import type { DemoWriter } from './demo-writer';
import type { Random } from './random';

/**
 * Refund and capture requests of demo payments, made as `POST /v1/refund` and `POST /v1/capture`
 * make them: the generic create with its effects (the amount taken from what the transaction still
 * holds; a full refund makes it `refunded`). A refund request stays `pending` until the refund
 * processing handles it; some are cancelled by the merchant within minutes.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The reference of the paid transaction a planned request is about, once its payment has been played. */
export type PaidTransaction = () => string | null;

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
  const requested = paidAt + random.int(1, 96) * HOUR + random.int(0, 59) * MINUTE;
  const full = random.next() < 0.5;
  const share = BigInt(random.int(10, 60));
  const cancelAfter = random.next() < 0.25 ? random.int(2, 15) * MINUTE : null;
  const remarks = random.pick(['Customer returned part of the order', 'إرجاع جزء من الطلب', 'Order cancelled']);
  timeline.at(requested, async (at) => {
    const reference = transaction();
    if (reference === null) return;
    const [paid] = await demo.tx.query<{ id: number; status: string; amount: string; pending_amount: string }>(
      `select id, status, amount::text as amount, pending_amount::text as pending_amount
       from ${storeOf(demo.ctx, 'transaction').table} where merchant_id = $1::integer and reference_no = $2::text`,
      [demo.merchantId, reference],
    );
    if (paid?.status !== 'success') return;
    const pending = filsOf(paid.pending_amount);
    const amount = full ? pending : (pending * share) / 100n || 1n;
    if (pending <= 0n) return;
    const refund = await demo.create(
      'refund',
      {
        values: {
          transaction_id: paid.id,
          method: amount === filsOf(paid.amount) ? 'full' : 'partial',
          total_amount: fromFils(filsOf(paid.amount)),
          pending_amount: fromFils(pending),
          refund_amount: fromFils(amount),
          ...(full ? {} : { remarks }),
        },
        system: { created_at: at.toISOString() },
      },
      { effects: true },
    );
    if (cancelAfter !== null)
      timeline.at(at.getTime() + cancelAfter, (then) =>
        demo.transition('refund', refund.id, 'cancel', then).then(() => undefined),
      );
  });
}

/**
 * Capture requests of the merchant's transactions that are `authorized` (an authorisation the
 * processor holds), one each, in full or for three quarters, made minutes to hours after. Card
 * payments are captured at once by the sandbox today, so there may be none.
 */
export async function seedDemoCaptures(demo: DemoWriter, random: Random): Promise<number> {
  const table = storeOf(demo.ctx, 'transaction').table;
  const authorized = await demo.tx.query<{
    id: number;
    amount: string;
    pending_amount: string;
    created_at: string | Date;
  }>(
    `select id, amount::text as amount, pending_amount::text as pending_amount, created_at from ${table}
     where merchant_id = $1::integer and status = 'authorized' order by created_at, id`,
    [demo.merchantId],
  );
  for (const [i, transaction] of authorized.entries()) {
    const pending = filsOf(transaction.pending_amount);
    const amount = i % 2 === 1 ? (pending * 3n) / 4n || 1n : pending;
    const at = Math.min(Date.now(), new Date(transaction.created_at).getTime() + random.int(10, 600) * MINUTE);
    await atInstant(new Date(at), () =>
      demo.create(
        'capture',
        {
          values: {
            transaction_id: transaction.id,
            capture_type: amount === pending ? 'full' : 'partial',
            pending_amount: fromFils(pending),
            amount: fromFils(amount),
          },
          system: { created_at: new Date(at).toISOString() },
        },
        { effects: true },
      ),
    );
  }
  return authorized.length;
}
