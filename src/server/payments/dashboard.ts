import { addDays, addMonths } from '../../schema/calendar';
import { dayStart } from '../../schema/listDateRange';
import type { DashboardSummary, PeriodTotal } from '../../shared/dashboard';
import { fromFils } from '../../shared/money';
import type { Queryable } from '../db/database';
import { paymentsPerDay } from '../ledger/daily';
import type { EntityStore } from '../storage/records';

/**
 * The dashboard (SPEC §1: "latest transactions, monthly and weekly totals"): a merchant's latest
 * transactions and the count and KWD sum of the payments it was paid this week, this month, per
 * day of the last 7 days and per month of the last 6, read from the ledger (`ledger/daily`): a
 * payment counts on the day its money was taken (an authorisation on the day it was captured, for
 * what was captured), and stays counted when refunded later. Days are the calendar days the report
 * date ranges count (`schema/calendar`), so a total here matches the report of those days.
 */
export const LATEST = 10;
export const DAYS = 7;
export const MONTHS = 6;

/** A span of whole days, `from` to `to` inclusive. */
type Span = Pick<PeriodTotal, 'from' | 'to'>;

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The periods the dashboard totals, as of `day`. */
export function dashboardPeriods(day: string) {
  const weekday = new Date(dayStart(day)).getUTCDay();
  const thisMonth = monthStart(day);
  return {
    week: { from: addDays(day, -weekday), to: day },
    month: { from: thisMonth, to: day },
    daily: Array.from({ length: DAYS }, (_, i) => {
      const one = addDays(day, i + 1 - DAYS);
      return { from: one, to: one };
    }),
    monthly: Array.from({ length: MONTHS }, (_, i) => {
      const from = addMonths(thisMonth, i + 1 - MONTHS);
      return { from, to: i === MONTHS - 1 ? day : addDays(addMonths(from, 1), -1) };
    }),
  };
}

/**
 * Count and sum of the merchant's payments in each span, from the ledger's daily sums: the days of
 * all the spans read once, a few rows per day, and each span the sum of its days, exact in fils.
 */
async function totals(q: Queryable, merchantId: number, spans: Span[]): Promise<PeriodTotal[]> {
  const days = spans.flatMap((span) => [span.from, span.to]).sort();
  const rows = await paymentsPerDay(q, merchantId, days[0], days[days.length - 1]);
  return spans.map((span) => {
    let count = 0;
    let fils = 0n;
    for (const row of rows) {
      if (row.day < span.from || row.day > span.to) continue;
      count += row.count;
      fils += row.amount;
    }
    return { ...span, count, amount: fromFils(fils) };
  });
}

/**
 * The dashboard of a merchant as of `day`: everything `GET /dashboard` reads, apart from the request
 * (the bench times it alone, as the floor of `GET /dashboard`).
 */
export async function dashboardSummary(
  q: Queryable,
  transactions: EntityStore<'transaction'>,
  merchantId: number,
  day: string,
): Promise<DashboardSummary> {
  const periods = dashboardPeriods(day);
  const spans = [periods.week, periods.month, ...periods.daily, ...periods.monthly];
  const [sums, latest] = await Promise.all([
    totals(q, merchantId, spans),
    // The newest few only: counting every transaction of the merchant would cost more than all the rest.
    transactions.page(q, merchantId, { filter: {}, sort: ['created_at', 'DESC'], range: [0, LATEST - 1] }),
  ]);
  return {
    currency: 'KWD',
    today: day,
    week: sums[0],
    month: sums[1],
    daily: sums.slice(2, 2 + DAYS),
    monthly: sums.slice(2 + DAYS),
    latest,
  };
}
