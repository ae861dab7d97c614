import type { PayMethod } from '../../shared/pay';
import { takePayment } from '../payments/take-payment';
import { OPEN_TERMS, paymentTerms } from '../payments/terms';
import type { TransactionChannel } from '../payments/transactions';
import { CUSTOMERS, payerMobile, pickCard, testCard } from './demo-payers';
import { planCapture, planRefund } from './demo-refunds';
import type { DemoTimeline } from './demo-timeline';
import type { DemoWriter } from './demo-writer';
import type { Random } from './random';

/**
 * Demo payments of the channels without a payer page in the portal (online checkout, the POS
 * terminal, a vendor's marketplace), taken through the same charge and record as a payer's link:
 * over the last months, the last fifth within the last week. Some are refunded later.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

export interface ChannelPaymentsOptions {
  /** How many payments, over `days` days. */
  count: number;
  days: number;
  /** The vendors of multi-vendor payments. */
  subMerchants: string[];
}

/** Plans `count` payments, oldest first. */
export function planChannelPayments(
  timeline: DemoTimeline,
  demo: DemoWriter,
  random: Random,
  { count, days, subMerchants }: ChannelPaymentsOptions,
): void {
  const now = timeline.end.getTime();
  const recentFrom = Math.floor(count * 0.8);
  for (let i = 0; i < count; i++) {
    const recent = i >= recentFrom;
    const at = recent
      ? now - Math.floor(((count - i) / (count - recentFrom)) * 6.5 * DAY) + random.int(0, 2 * 60) * MINUTE
      : now - Math.floor((1 - i / recentFrom) * days * DAY) - 8 * DAY;
    // The last two are card payments at the online checkout of the last day: authorisations still to capture.
    const last = i >= count - 2;
    const picked = random.pick<TransactionChannel>(['online', 'online', 'pos', 'multi_vendor', 'multi_vendor']);
    const channel = last ? 'online' : picked;
    const offered: PayMethod[] =
      channel === 'pos' ? ['card', 'card', 'apple_pay'] : ['card', 'card', 'apple_pay', 'google_pay'];
    const method = last ? 'card' : random.pick<PayMethod>(offered);
    const name = CUSTOMERS[(i * 5) % CUSTOMERS.length];
    const outcome = last ? 'success' : method === 'card' ? pickCard(random, recent) : null;
    const amount = BigInt(random.int(1, 450) * 1000 + random.pick([0, 250, 500, 750, random.int(1, 999)]));
    const mobile = payerMobile(name);
    const subMerchant = channel === 'multi_vendor' ? random.pick(subMerchants) : null;
    let paid: string | null = null;
    timeline.at(at, async (instant) => {
      const { transaction } = await demo.ctx.db.transaction(async (tx) => {
        // The online checkout is held to the merchant's payment-gateway service: it may authorise first.
        const terms =
          channel === 'online' ? await paymentTerms(tx, demo.ctx, demo.merchantId, ['payment_gateway']) : OPEN_TERMS;
        return takePayment(demo.ctx, tx, {
          merchantId: demo.merchantId,
          channel,
          method,
          amount,
          card: outcome ? testCard(outcome, name) : undefined,
          customer: { name, mobile },
          subMerchant,
          authorizeOnly: terms.captureDays > 0,
          captureDays: terms.captureDays,
          now: instant,
        });
      });
      paid = transaction.reference_no;
      if (transaction.status === 'pending') timeline.sweepAfter(instant.getTime());
      if (transaction.status === 'authorized') {
        const until = new Date(String(transaction.authorized_until)).getTime();
        planCapture(timeline, demo, random, instant.getTime(), until, transaction.id);
      }
    });
    if (outcome === null || outcome === 'success') planRefund(timeline, demo, random, at, () => paid);
  }
}
