import type { Queryable } from '../db/database';
import { sumOf, type Posting } from './accounts';
import { writeStatementLines } from './statement-lines';

/**
 * Writes a posting: its lines as entries and, in the same transaction, their sums into the
 * merchant's daily totals and its statement lines (`statement-lines.ts`). Run inside the
 * transaction of the write that moved the money, so the entries commit or roll back with it.
 */

/** The calendar day of `at` as the reports count days (UTC, `schema/calendar`). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Posts `posting`; refuses (throws, so the write rolls back) lines that do not sum to zero. Lines
 * of zero are left out; a posting with none writes nothing.
 */
export async function post(q: Queryable, posting: Posting): Promise<void> {
  if (sumOf(posting.lines) !== 0n) {
    throw new Error(`An unbalanced ledger posting: ${posting.lines.map((l) => `${l.account} ${l.amount}`).join(', ')}`);
  }
  const lines = posting.lines.filter((line) => line.amount !== 0n);
  if (lines.length === 0) return;
  const day = dayOf(posting.at);
  await q.query(
    `insert into ledger_entries (merchant_id, at, day, event, account, amount_fils, transaction_id, transfer_id, refund_id, capture_id)
     select $1::integer, $2::timestamptz, $3::date, e.event, e.account, e.amount, $5::integer, $6::integer, $7::integer, $8::integer
     from jsonb_to_recordset($4::text::jsonb) as e(event text, account text, amount bigint)`,
    [
      posting.merchantId,
      posting.at.toISOString(),
      day,
      lines.map((line) => ({ event: line.event, account: line.account, amount: line.amount.toString() })),
      posting.transactionId ?? null,
      posting.transferId ?? null,
      posting.refundId ?? null,
      posting.captureId ?? null,
    ],
  );
  // One row per account and event, in one order: two postings of a merchant at once lock its daily rows alike.
  const sums = new Map<string, { event: string; account: string; amount: bigint; entries: number }>();
  for (const line of lines) {
    const key = `${line.account}\u0000${line.event}`;
    const sum = sums.get(key) ?? { event: line.event, account: line.account, amount: 0n, entries: 0 };
    sum.amount += line.amount;
    sum.entries += 1;
    sums.set(key, sum);
  }
  const rows = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, sum]) => sum);
  await q.query(
    `insert into ledger_daily (merchant_id, day, account, event, amount_fils, entries)
     select $1::integer, $2::date, d.account, d.event, d.amount, d.entries
     from jsonb_to_recordset($3::text::jsonb) as d(n integer, account text, event text, amount bigint, entries integer)
     order by d.n
     on conflict (merchant_id, day, account, event) do update
       set amount_fils = ledger_daily.amount_fils + excluded.amount_fils, entries = ledger_daily.entries + excluded.entries`,
    [posting.merchantId, day, rows.map((row, n) => ({ ...row, n, amount: row.amount.toString() }))],
  );
  await writeStatementLines(q, posting, lines);
}
