import {
  shareOf,
  USAGE_CHANNELS,
  type LimitShares,
  type MethodPayments,
  type ServiceLimits,
  type UsageChannel,
  type UsageMonth,
} from '../../shared/merchant-usage';
import { fromFils, toFils } from '../../shared/money';
import type { PayMethod } from '../../shared/pay';
import type { DayMethodPayments } from '../ledger/payments-by-method';

/**
 * The months of the merchant usage report put together from the counts read: messages and
 * invoices per month and key, payments per Kuwait day and method. Money is added in fils.
 */

/** A count of one month (`YYYY-MM`) and key (a channel, an invoice kind). */
export interface CountRow extends Record<string, unknown> {
  month: string;
  key: string;
  count: number;
}

const filsOf = (kwd: string) => toFils(kwd) ?? 0n;

/** How much of `limits` a month used, given its figures in fils. */
function sharesOf(
  limits: ServiceLimits,
  used: { monthAmount: bigint; dayAmount: bigint; dayCount: number; largest: bigint },
): LimitShares {
  return {
    service_type: limits.service_type,
    monthly_total: shareOf(used.monthAmount, filsOf(limits.monthly_total)),
    daily_total: shareOf(used.dayAmount, filsOf(limits.daily_total)),
    transactions_per_day: shareOf(BigInt(used.dayCount), BigInt(limits.max_transactions_per_day)),
    transaction_amount: shareOf(used.largest, filsOf(limits.max_transaction_amount)),
  };
}

/** One entry per month of `months`, empty ones included. */
export function usageMonths(
  months: readonly string[],
  messages: readonly CountRow[],
  invoices: readonly CountRow[],
  payments: readonly DayMethodPayments[],
  limits: readonly ServiceLimits[],
): UsageMonth[] {
  return months.map((month) => {
    const sent = Object.fromEntries(USAGE_CHANNELS.map((channel) => [channel, 0])) as Record<UsageChannel, number>;
    for (const row of messages) if (row.month === month) sent[row.key as UsageChannel] = row.count;
    const kinds: Record<string, number> = {};
    for (const row of invoices) if (row.month === month) kinds[row.key] = row.count;

    const ofMonth = payments.filter((row) => row.day.startsWith(`${month}-`));
    const byMethod = new Map<string, { count: number; amount: bigint }>();
    const byDay = new Map<string, { count: number; amount: bigint }>();
    let largest = 0n;
    for (const row of ofMonth) {
      for (const [map, key] of [
        [byMethod, row.payment_method],
        [byDay, row.day],
      ] as const) {
        const sum = map.get(key) ?? { count: 0, amount: 0n };
        map.set(key, { count: sum.count + row.count, amount: sum.amount + row.amount });
      }
      if (row.largest > largest) largest = row.largest;
    }
    const methodPayments: MethodPayments[] = [...byMethod.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([method, sum]) => ({
        payment_method: method as PayMethod,
        count: sum.count,
        amount: fromFils(sum.amount),
      }));
    const total = [...byMethod.values()].reduce(
      (all, sum) => ({ count: all.count + sum.count, amount: all.amount + sum.amount }),
      {
        count: 0,
        amount: 0n,
      },
    );
    const days = [...byDay.values()];
    const dayAmount = days.reduce((most, day) => (day.amount > most ? day.amount : most), 0n);
    const dayCount = days.reduce((most, day) => Math.max(most, day.count), 0);
    return {
      month,
      messages: sent,
      invoices: kinds,
      payments: methodPayments,
      payments_total: { count: total.count, amount: fromFils(total.amount) },
      busiest_day: { count: dayCount, amount: fromFils(dayAmount) },
      largest_payment: fromFils(largest),
      limits_used: limits.map((service) =>
        sharesOf(service, { monthAmount: total.amount, dayAmount, dayCount, largest }),
      ),
    };
  });
}
