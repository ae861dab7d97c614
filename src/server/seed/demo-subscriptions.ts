import type { Subscription } from '../../generated';
import { getEntitySchema } from '../../schema/registry';
import { fromFils } from '../../shared/money';
import { pay } from '../payments/pay';
import { storeOf } from '../storage/entity-stores';
import { CUSTOMERS, payerMobile, testCard, type CardOutcome } from './demo-payers';
import type { DemoTimeline } from './demo-timeline';
import type { Demo, DemoWriter } from './demo-writer';
import type { Random } from './random';

/**
 * Demo recurring subscriptions of every frequency: created as the API creates them, their first
 * payment made by the subscriber on its link, later ones charged by the scheduler period after
 * period (`chargeDueSubscriptions`, run by the demo's timeline), some cancelled by the merchant on
 * the way. A subscriber whose card is declined leaves the subscription waiting for payment.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const isoTime = (time: number) => new Date(time).toISOString();

/**
 * Periods of each frequency a demo subscription runs, and about how many days they span (within a
 * year, as x-period demands); an on-demand plan has no period.
 */
type Frequency = NonNullable<Subscription['frequency']>;
const PLANS: Partial<Record<Frequency, { periods: number; days: number }>> = {
  hourly: { periods: 24, days: 1 },
  daily: { periods: 30, days: 30 },
  weekly: { periods: 12, days: 84 },
  monthly: { periods: 12, days: 366 },
  quarterly: { periods: 4, days: 366 },
  half_yearly: { periods: 2, days: 366 },
  yearly: { periods: 1, days: 366 },
};

/** What becomes of a demo subscription: running, run to its end, cancelled on the way, or never paid. */
type Fate = 'active' | 'completed' | 'cancelled' | 'declined';
const FATES: readonly Fate[] = ['active', 'active', 'completed', 'cancelled', 'declined'];

/**
 * Plans a subscription of every frequency the schema offers, in every fate: completed ones started
 * long enough ago to have run every period, active ones recently (or start soon).
 */
export function planSubscriptions(timeline: DemoTimeline, demo: DemoWriter, random: Random): void {
  // Every frequency the schema offers: the very enum the generated type is made of.
  const frequencies = (getEntitySchema('subscription').properties.frequency.enum ?? []) as Frequency[];
  const now = timeline.end.getTime();
  [...frequencies, 'monthly' as const, 'weekly' as const, 'quarterly' as const].forEach((frequency, i) => {
    const fate = FATES[i % FATES.length];
    const { periods, days } = PLANS[frequency] ?? { periods: undefined, days: 0 };
    const start =
      fate === 'completed'
        ? now - (days + random.int(2, 20)) * DAY
        : fate === 'active'
          ? now + random.int(-3, 10) * DAY
          : now - random.int(5, 200) * DAY;
    const created = Math.min(now, start) - random.int(1, 5) * DAY;
    const amount = BigInt(random.int(3, 120) * 1000 + random.pick([0, 500, 750]));
    const name = CUSTOMERS[(i * 7 + 3) % CUSTOMERS.length];
    const subscription: Demo<'subscription'> = {
      values: {
        customer_name: name,
        mobile: payerMobile(name),
        ...(i % 2 === 0 ? { email: `subscriber${i + 1}@example.com` } : {}),
        amount: fromFils(amount),
        frequency,
        ...(periods ? { number_of_periods: periods } : {}),
        start_date: isoDate(start),
      },
      system: { created_at: isoTime(created) },
    };
    let record: { id: number; reference_no?: string | null } | null = null;
    timeline.at(created, async () => {
      record = await demo.create('subscription', subscription, { effects: true });
    });
    // The subscriber pays on the start date's morning (Kuwait); the scheduler charges from then on.
    const firstPayment = Date.parse(`${isoDate(start)}T05:00:00Z`) + random.int(0, 10) * HOUR;
    const card: CardOutcome = fate === 'declined' ? random.pick(['declined', 'insufficientFunds']) : 'success';
    timeline.at(
      firstPayment,
      async (instant) => {
        if (!record?.reference_no) return;
        await pay(demo.ctx, record.reference_no, { method: 'card', card: testCard(card, name) }, 'en', instant);
      },
      { subscriptions: true },
    );
    if (fate === 'cancelled') {
      const cancelled = firstPayment + Math.floor(random.next() * (now - firstPayment));
      timeline.at(
        cancelled,
        async (instant) => {
          if (!record) return;
          // A plan of few periods may have run its course already: only a running one is cancelled.
          const current = await storeOf(demo.ctx, 'subscription').get(demo.tx, demo.merchantId, record.id);
          if (current?.status === 'active') await demo.transition('subscription', record.id, 'cancel', instant);
        },
        { subscriptions: true },
      );
    }
  });
}
