import type { Queryable } from '../db/database';
import type { Account, LedgerEvent } from './accounts';

/**
 * Payments per day, from the ledger's daily sums: what payers paid the merchant each day (a
 * payment taken at once, an authorisation captured, cash received), counted once per payment and
 * summed in fils. A payment refunded later still was paid that day; its refund is an event of its own.
 */

/** The lines that say a payment was taken: one per payment, into the account that received it. */
export const TAKEN: { events: LedgerEvent[]; accounts: Account[] } = {
  events: ['payment', 'capture'],
  accounts: ['merchant_balance', 'cash_received'],
};

export interface DayOfPayments {
  /** `YYYY-MM-DD`, the calendar day the reports count. */
  day: string;
  count: number;
  /** Fils. */
  amount: bigint;
}

/** The merchant's payments of each day from `from` to `to` (inclusive) that had any. */
export async function paymentsPerDay(
  q: Queryable,
  merchantId: number,
  from: string,
  to: string,
): Promise<DayOfPayments[]> {
  const rows = await q.query<{ day: string; count: number; amount: string }>(
    `select day::text as day, sum(entries)::integer as count, sum(amount_fils)::text as amount
     from ledger_daily
     where merchant_id = $1::integer and day between $2::date and $3::date
       and event in (select jsonb_array_elements_text($4::text::jsonb))
       and account in (select jsonb_array_elements_text($5::text::jsonb))
     group by day`,
    [merchantId, from, to, TAKEN.events, TAKEN.accounts],
  );
  return rows.map((row) => ({ day: row.day, count: row.count, amount: BigInt(row.amount) }));
}
