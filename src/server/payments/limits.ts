import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { kuwaitToday } from './kuwait-time';
import type { Target } from './targets';
import { filsOf } from './transactions';

/**
 * The merchant's own terms for a payment (SPEC §9): how many payments a day, how much one payment
 * and the payments of a day or a month may come to, how long an SMS link stays payable, and how
 * many declined attempts one invoice allows. They are the settings of the merchant's own service
 * (the `merchant_service` row without a sub-merchant) of the paid thing's kind, else of its
 * payment-gateway service; a merchant with neither has no limits. Zero means unlimited.
 */

export interface PaymentTerms {
  /** Payments a Kuwait day; 0 = unlimited. */
  maxPerDay: number;
  /** Fils; 0 = unlimited. */
  maxAmount: bigint;
  dailyTotal: bigint;
  monthlyTotal: bigint;
  /** Minutes an SMS invoice's link stays payable after its SMS went out; 0 = always. */
  smsActiveMinutes: number;
  /** Declined attempts one invoice or part allows; null = unlimited. */
  maxAttempts: number | null;
}

export const NO_TERMS: PaymentTerms = {
  maxPerDay: 0,
  maxAmount: 0n,
  dailyTotal: 0n,
  monthlyTotal: 0n,
  smsActiveMinutes: 0,
  maxAttempts: null,
};

type TermsRow = Pick<
  TableRow<'merchant_service'>,
  | 'service_type'
  | 'max_transactions_per_day'
  | 'max_transaction_amount'
  | 'daily_total'
  | 'monthly_total'
  | 'sms_active_minutes'
  | 'invoice_transaction_settings'
>;

/** The services whose settings apply to `target`, first choice first. */
export function serviceTypesOf(target: Target): string[] {
  switch (target.kind) {
    case 'invoice':
    case 'parts':
    case 'part':
      return [target.invoice.kind === 'delivery' ? 'delivery_invoice' : 'quick_invoice', 'payment_gateway'];
    case 'open':
      return ['open_invoice', 'payment_gateway'];
    case 'subscription':
      return ['subscription', 'payment_gateway'];
  }
}

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);

function termsOf(row: TermsRow): PaymentTerms {
  const attempts = row.invoice_transaction_settings?.max_attempts;
  return {
    maxPerDay: count(row.max_transactions_per_day),
    maxAmount: filsOf(row.max_transaction_amount ?? '0'),
    dailyTotal: filsOf(row.daily_total ?? '0'),
    monthlyTotal: filsOf(row.monthly_total ?? '0'),
    smsActiveMinutes: count(row.sms_active_minutes),
    maxAttempts: count(attempts) || null,
  };
}

/** The terms a payment of `target` is held to. */
export async function paymentTerms(q: Queryable, ctx: ServerContext, target: Target): Promise<PaymentTerms> {
  const types = serviceTypesOf(target);
  const rows = await q.query<TermsRow>(
    `select service_type, max_transactions_per_day, max_transaction_amount::text as max_transaction_amount,
       daily_total::text as daily_total, monthly_total::text as monthly_total, sms_active_minutes,
       invoice_transaction_settings
     from ${storeOf(ctx, 'merchant_service').table}
     where merchant_id = $1::integer and sub_merchant_id is null
       and service_type in (select jsonb_array_elements_text($2::text::jsonb))
     order by id desc`,
    [target.merchantId, types],
  );
  const row = types.map((type) => rows.find((candidate) => candidate.service_type === type)).find(Boolean);
  return row ? termsOf(row) : NO_TERMS;
}

/** The start of a Kuwait calendar date (`YYYY-MM-DD`) as an instant. */
const kuwaitMidnight = (date: string) => new Date(`${date}T00:00:00+03:00`);

/** The Kuwait day and month `now` falls in, as half-open ranges of instants. */
export function kuwaitPeriods(now: Date): { dayStart: Date; dayEnd: Date; monthStart: Date; monthEnd: Date } {
  const today = kuwaitToday(now);
  const dayStart = kuwaitMidnight(today);
  const [year, month] = today.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return {
    dayStart,
    dayEnd: new Date(dayStart.getTime() + 86_400_000),
    monthStart: kuwaitMidnight(`${today.slice(0, 7)}-01`),
    monthEnd: kuwaitMidnight(`${next}-01`),
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
  if (terms.maxAmount > 0n && amount > terms.maxAmount)
    return new ApiError(409, 'app.message.pay_limit_amount', {}, { limit: fromFils(terms.maxAmount) });
  if (terms.maxPerDay === 0 && terms.dailyTotal === 0n && terms.monthlyTotal === 0n) return null;
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
  if (terms.maxPerDay > 0 && taken.day_count + 1 > terms.maxPerDay)
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
