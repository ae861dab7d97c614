import { getEntitySchema } from '../../schema/registry';
import type { Queryable } from '../db/database';
import { TAKEN } from './daily';

/**
 * Payments per Kuwait day and payment method, from the ledger's entries: the lines that say a
 * payment was taken (as `daily.ts` counts them, one per payment), joined to their transaction for
 * its method. Read through the entries' (merchant, day) index over the UTC days that hold the range.
 */

export interface DayMethodPayments {
  /** The Kuwait date, `YYYY-MM-DD`. */
  day: string;
  payment_method: string;
  count: number;
  /** Fils. */
  amount: bigint;
  /** The largest single payment, in fils. */
  largest: bigint;
}

const DAY_MS = 86_400_000;

/** The merchant's payments taken from `start` (included) to `end` (excluded), per Kuwait day and method. */
export async function paymentsByDayAndMethod(
  q: Queryable,
  merchantId: number,
  start: Date,
  end: Date,
): Promise<DayMethodPayments[]> {
  const table = getEntitySchema('transaction')['x-resource'].table;
  const rows = await q.query<{ day: string; payment_method: string; count: number; amount: string; largest: string }>(
    `select to_char((e.at at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD') as day, t.payment_method,
            count(*)::integer as count, sum(e.amount_fils)::text as amount, max(e.amount_fils)::text as largest
       from ledger_entries e join ${table} t on t.id = e.transaction_id and t.merchant_id = e.merchant_id
      where e.merchant_id = $1::integer and e.day between $2::date and $3::date
        and e.at >= $4::timestamptz and e.at < $5::timestamptz
        and e.event in (select jsonb_array_elements_text($6::text::jsonb))
        and e.account in (select jsonb_array_elements_text($7::text::jsonb))
      group by 1, 2 order by 1, 2`,
    [
      merchantId,
      start.toISOString().slice(0, 10),
      new Date(end.getTime() + DAY_MS).toISOString().slice(0, 10),
      start.toISOString(),
      end.toISOString(),
      TAKEN.events,
      TAKEN.accounts,
    ],
  );
  return rows.map((row) => ({
    day: row.day,
    payment_method: row.payment_method,
    count: row.count,
    amount: BigInt(row.amount),
    largest: BigInt(row.largest),
  }));
}
