import type { PayMethod } from './pay';

/**
 * The merchant usage report as the API answers it (`GET /report/merchant-usage`), shared by the
 * server's route and the portal's page: per Kuwait month, the messages sent by channel, the
 * invoices created by kind and the payments taken by method, against the limits of the merchant's
 * payment services (SPEC §9: zero means unlimited).
 */

/** The longest range the report covers, in months, the first and last included (as the other reports). */
export const USAGE_REPORT_MAX_MONTHS = 6;

/** The channels whose sent messages are counted. */
export const USAGE_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type UsageChannel = (typeof USAGE_CHANNELS)[number];

/** The services whose terms limit payments (`payments/terms.ts`), in the order the report lists them. */
export const LIMITED_SERVICES = [
  'payment_gateway',
  'quick_invoice',
  'delivery_invoice',
  'open_invoice',
  'subscription',
] as const;

/** One service's limits: KWD strings with three decimals and a count; zero is unlimited. */
export interface ServiceLimits {
  service_type: string;
  max_transaction_amount: string;
  max_transactions_per_day: number;
  daily_total: string;
  monthly_total: string;
}

/** The payments of one method in a month: how many and what they took (KWD). */
export interface MethodPayments {
  payment_method: PayMethod;
  count: number;
  amount: string;
}

/** How much of one service's limits a month used, in percent (one decimal); null where unlimited. */
export interface LimitShares {
  service_type: string;
  /** The month's payments against the monthly total. */
  monthly_total: number | null;
  /** The busiest day's payments against the daily total. */
  daily_total: number | null;
  /** The busiest day's number of payments against the most a day may have. */
  transactions_per_day: number | null;
  /** The largest payment against the most one payment may be. */
  transaction_amount: number | null;
}

export interface UsageMonth {
  /** The month in Kuwait, `YYYY-MM`. */
  month: string;
  messages: Record<UsageChannel, number>;
  /** Invoices created, by kind; kinds with none are left out. */
  invoices: Record<string, number>;
  payments: MethodPayments[];
  /** All the month's payments. */
  payments_total: { count: number; amount: string };
  /** The most money a day of the month took, and the most payments a day had (maybe another day). */
  busiest_day: { count: number; amount: string };
  largest_payment: string;
  limits_used: LimitShares[];
}

export interface MerchantUsageReport {
  from: string;
  to: string;
  limits: ServiceLimits[];
  months: UsageMonth[];
}

/** A month `count` months after `month` (both `YYYY-MM`). */
export function addToMonth(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addToMonth(month, 1)) months.push(month);
  return months;
}

/** `used` against `limit` in percent with one decimal, or null when the limit is zero (unlimited). */
export function shareOf(used: bigint, limit: bigint): number | null {
  if (limit <= 0n) return null;
  return Number((used * 1000n) / limit) / 10;
}

/** Why a range of months is refused: the end it is about, the catalogue key and its `%{count}`. */
export interface UsageRangeProblem {
  field: 'from' | 'to';
  key: string;
  params?: { smart_count: number };
}

const MONTH = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

/** What is wrong with the range `from`–`to` (months), or null: the API's rule, also checked by the portal. */
export function usageRangeProblem(
  from: string | null | undefined,
  to: string | null | undefined,
): UsageRangeProblem | null {
  if (!from || !MONTH.test(from)) return { field: 'from', key: 'validation.date_required' };
  if (!to || !MONTH.test(to)) return { field: 'to', key: 'validation.date_required' };
  if (to < from) return { field: 'to', key: 'validation.date_order' };
  if (to > addToMonth(from, USAGE_REPORT_MAX_MONTHS - 1))
    return { field: 'to', key: 'validation.date_range_months', params: { smart_count: USAGE_REPORT_MAX_MONTHS } };
  return null;
}
