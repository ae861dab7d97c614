import { fromFils } from '../../shared/money';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { kuwaitDayStart, kuwaitToday } from './kuwait-time';
import type { Target } from './targets';
import type { PaymentTerms } from './terms';
import { filsOf } from './transactions';

/**
 * The merchant's limits on payments (SPEC §9), from its payment terms (terms.ts): the most one
 * payment may be, how many payments and how much a Kuwait day and month may take, and how many
 * declined attempts one invoice allows. Zero means unlimited.
 */

/** The Kuwait day and month `now` falls in, as half-open ranges of instants. */
export function kuwaitPeriods(now: Date): { dayStart: Date; dayEnd: Date; monthStart: Date; monthEnd: Date } {
  const today = kuwaitToday(now);
  const dayStart = kuwaitDayStart(today);
  const [year, month] = today.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    dayStart,
    dayEnd: new Date(dayStart.getTime() + 86_400_000),
    monthStart: kuwaitDayStart(`${today.slice(0, 7)}-01`),
    monthEnd: kuwaitDayStart(`${next}-01`),
  };
}

/**
 * The 409 refusing a payment of `amount` fils at `now` that would go past one of the merchant's
 * limits, or null. Counted are the merchant's payments that took money (successful, authorised,
 * and those since refunded: a refund does not undo that the payment was made that day). While a
 * limit applies, the merchant's payments wait for each other here until their transaction ends,
 * so two payers at once cannot both slip under the same limit.
 */
export async function limitRefusal(
  q: Queryable,
  merchantId: number,
  terms: PaymentTerms,
  amount: bigint,
  now: Date,
): Promise<ApiError | null> {
  if (terms.maxTransactionAmount > 0n && amount > terms.maxTransactionAmount)
    return new ApiError(409, 'app.message.pay_limit_amount', {}, { limit: fromFils(terms.maxTransactionAmount) });
  if (terms.maxTransactionsPerDay === 0 && terms.dailyTotal === 0n && terms.monthlyTotal === 0n) return null;
  await q.query(`select pg_advisory_xact_lock(hashtext($1::text))`, [`payment-limits:${merchantId}`]);
  const { dayStart, dayEnd, monthStart, monthEnd } = kuwaitPeriods(now);
  const [taken] = await q.query<{ day_count: number; day_total: string | null; month_total: string | null }>(
    `select count(*) filter (where created_at >= $2::timestamptz and created_at < $3::timestamptz)::integer as day_count,
       (sum(amount) filter (where created_at >= $2::timestamptz and created_at < $3::timestamptz))::text as day_total,
       sum(amount)::text as month_total
     from transactions
     where merchant_id = $1::integer and status in ('success', 'authorized', 'refunded')
       and created_at >= $4::timestamptz and created_at < $5::timestamptz`,
    [merchantId, dayStart.toISOString(), dayEnd.toISOString(), monthStart.toISOString(), monthEnd.toISOString()],
  );
  if (terms.maxTransactionsPerDay > 0 && taken.day_count + 1 > terms.maxTransactionsPerDay)
    return new ApiError(409, 'app.message.pay_limit_daily_count');
  if (terms.dailyTotal > 0n && filsOf(taken.day_total ?? '0') + amount > terms.dailyTotal)
    return new ApiError(409, 'app.message.pay_limit_daily_total');
  if (terms.monthlyTotal > 0n && filsOf(taken.month_total ?? '0') + amount > terms.monthlyTotal)
    return new ApiError(409, 'app.message.pay_limit_monthly_total');
  return null;
}

/**
 * The 409 refusing another attempt on an invoice or part (`reference`) that has been declined as
 * many times as the merchant allows, or null. Open invoices (many payers) and subscriptions are not
 * held to it.
 */
export async function attemptsRefusal(q: Queryable, target: Target, terms: PaymentTerms): Promise<ApiError | null> {
  if (terms.maxAttempts === null || target.kind === 'open' || target.kind === 'subscription') return null;
  const [row] = await q.query<{ failed: number }>(
    `select count(*)::integer as failed from transactions
     where merchant_id = $1::integer and invoice_reference = $2::text and status = 'failed'`,
    [target.merchantId, target.reference],
  );
  return row.failed >= terms.maxAttempts ? new ApiError(409, 'app.message.pay_attempts_exhausted') : null;
}
