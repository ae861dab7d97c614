import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { chargeStoredCard, type Charge } from './processor';
import type { SubscriptionRow } from './targets';
import { filsOf, recordTransaction } from './transactions';

/**
 * Recurring subscriptions: the payer's first payment keeps the card (its last four digits and
 * expiry), later charges are made by the scheduler on that card, one per period, until the number
 * of periods is reached.
 */

const HOUR = 3_600_000;

/** Whole calendar months later, the day clamped to the end of a shorter month (31 Jan → 28/29 Feb). */
function addMonthsTo(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target;
}

const PERIODS: Record<string, (at: Date) => Date> = {
  hourly: (at) => new Date(at.getTime() + HOUR),
  daily: (at) => new Date(at.getTime() + 24 * HOUR),
  weekly: (at) => new Date(at.getTime() + 7 * 24 * HOUR),
  monthly: (at) => addMonthsTo(at, 1),
  quarterly: (at) => addMonthsTo(at, 3),
  half_yearly: (at) => addMonthsTo(at, 6),
  yearly: (at) => addMonthsTo(at, 12),
};

/** The charge one period after `at`; null for on-demand subscriptions, which are charged only when asked. */
export function nextChargeAfter(frequency: string | null, at: Date): Date | null {
  return (frequency === null ? undefined : PERIODS[frequency]?.(at)) ?? null;
}

/** Whether the subscription has had all its charges after `recurrences` of them. */
const finished = (subscription: Pick<TableRow<'subscription'>, 'number_of_periods'>, recurrences: number) =>
  subscription.number_of_periods !== null && recurrences >= subscription.number_of_periods;

/**
 * Applies a successful first payment: the card is kept, the amount collected, one recurrence made
 * and the next charge planned one period from now (or the subscription completed).
 */
export async function applyFirstCharge(
  ctx: ServerContext,
  q: Queryable,
  subscription: SubscriptionRow,
  charge: Pick<Charge, 'cardLast4' | 'cardExpiry'>,
  now: Date,
): Promise<void> {
  const done = finished(subscription, 1);
  await storeOf(ctx, 'subscription').update(
    q,
    subscription.merchant_id,
    subscription.id,
    {
      card_last4: charge.cardLast4,
      card_expiry: charge.cardExpiry,
      collected_amount: fromFils(filsOf(subscription.amount)),
      number_of_recurrences: 1,
      next_charge_at: done ? null : (nextChargeAfter(subscription.frequency, now)?.toISOString() ?? null),
      ...(done ? { status: 'completed' } : {}),
    },
    'patch',
  );
}

/** Charges one due subscription, locked, in its own transaction; false when it was no longer due. */
async function chargeOne(ctx: ServerContext, id: number, now: Date): Promise<boolean> {
  const store = storeOf(ctx, 'subscription');
  return ctx.db.transaction(async (tx) => {
    const [subscription] = await tx.query<TableRow<'subscription'>>(
      `select * from ${store.table} where id = $1::integer and status = 'active'
         and next_charge_at is not null and next_charge_at <= $2::timestamptz
       for update skip locked`,
      [id, now.toISOString()],
    );
    if (!subscription) return false;
    const amount = filsOf(subscription.amount);
    const charge = chargeStoredCard(subscription.card_last4);
    await recordTransaction(tx, ctx, {
      merchantId: subscription.merchant_id,
      invoiceReference: subscription.reference_no,
      channel: 'online',
      method: 'card',
      amount,
      customerName: subscription.customer_name,
      customerMobile: subscription.mobile,
      charge,
      now,
      webhookUrl: subscription.webhook_url,
    });
    const recurrences = (subscription.number_of_recurrences ?? 0) + 1;
    const done = finished(subscription, recurrences);
    // The next charge keeps to the schedule; after a long pause it is one period from now, not a catch-up burst.
    let next = nextChargeAfter(subscription.frequency, new Date(String(subscription.next_charge_at)));
    if (next && next <= now) next = nextChargeAfter(subscription.frequency, now);
    await store.update(
      tx,
      subscription.merchant_id,
      subscription.id,
      {
        collected_amount: fromFils(filsOf(subscription.collected_amount) + amount),
        number_of_recurrences: recurrences,
        next_charge_at: done || !next ? null : next.toISOString(),
        ...(done ? { status: 'completed' } : {}),
      },
      'patch',
    );
    return true;
  });
}

/**
 * Charges every active subscription whose next charge is due at `now`, each in its own database
 * transaction (a transaction row with channel `online`, the next charge planned, the subscription
 * completed after its last period). Returns how many were charged. Safe to run from several
 * processes: a subscription being charged elsewhere is skipped.
 */
export async function chargeDueSubscriptions(ctx: ServerContext, now: Date): Promise<number> {
  const table = storeOf(ctx, 'subscription').table;
  const due = await ctx.db.query<{ id: number }>(
    `select id from ${table} where status = 'active' and next_charge_at is not null and next_charge_at <= $1::timestamptz
     order by next_charge_at, id`,
    [now.toISOString()],
  );
  let charged = 0;
  for (const { id } of due) if (await chargeOne(ctx, id, now)) charged++;
  return charged;
}
