import type { Queryable } from '../db/database';
import { kuwaitToday } from '../payments/kuwait-time';
import type { Account, LedgerEvent, Line, Posting } from './accounts';

/**
 * The merchant statement's lines, kept as the ledger posts. A line is what one posting moved of
 * the merchant's balance (the accounts of `STATEMENT_ACCOUNTS`) under one event: a payment and the
 * fee and commission taken from it are three lines; a transfer made moves money between two of
 * those accounts and is a line of no effect. Each line is written with its posting, and its Kuwait
 * day's count and sums with it, so a statement page reads a page of lines and a month's totals
 * from a few rows however many payments the month had. Both are reproduced from the entries by
 * `STATEMENT_LINES_FROM_ENTRIES` (and checked against them by the ledger's invariant test).
 */

/** The accounts of what the gateway owes the merchant. */
export const STATEMENT_ACCOUNTS: readonly Account[] = ['merchant_balance', 'transfers_pending', 'transfers_on_hold'];

export const STATEMENT_ACCOUNTS_SQL = STATEMENT_ACCOUNTS.map((account) => `'${account}'`).join(', ');

/** One event's share of a posting in the balance: its net effect and what it moved in (fils). */
export interface StatementLineSums {
  event: LedgerEvent;
  effect: bigint;
  moved: bigint;
}

/** The statement lines of a posting's lines, in the order their events first appear. */
export function statementLinesOf(lines: readonly Line[]): StatementLineSums[] {
  const byEvent = new Map<LedgerEvent, StatementLineSums>();
  for (const line of lines) {
    if (!STATEMENT_ACCOUNTS.includes(line.account)) continue;
    const sums = byEvent.get(line.event) ?? { event: line.event, effect: 0n, moved: 0n };
    sums.effect += line.amount;
    if (line.amount > 0n) sums.moved += line.amount;
    byEvent.set(line.event, sums);
  }
  return [...byEvent.values()];
}

/** Writes the posting's statement lines and adds them to their Kuwait day's count and sums. */
export async function writeStatementLines(q: Queryable, posting: Posting, lines: readonly Line[]): Promise<void> {
  const sums = statementLinesOf(lines);
  if (sums.length === 0) return;
  const day = kuwaitToday(posting.at);
  await q.query(
    `insert into ledger_statement_lines
       (merchant_id, at, day, event, effect_fils, moved_fils, transaction_id, transfer_id, refund_id, capture_id)
     select $1::integer, $2::timestamptz, $3::date, l.event, l.effect, l.moved, $5::integer, $6::integer, $7::integer, $8::integer
     from jsonb_to_recordset($4::text::jsonb) as l(n integer, event text, effect bigint, moved bigint)
     order by l.n`,
    [
      posting.merchantId,
      posting.at.toISOString(),
      day,
      sums.map((line, n) => ({ n, event: line.event, effect: line.effect.toString(), moved: line.moved.toString() })),
      posting.transactionId ?? null,
      posting.transferId ?? null,
      posting.refundId ?? null,
      posting.captureId ?? null,
    ],
  );
  const moneyIn = sums.reduce((total, line) => total + (line.effect > 0n ? line.effect : 0n), 0n);
  const moneyOut = sums.reduce((total, line) => total + (line.effect < 0n ? -line.effect : 0n), 0n);
  await q.query(
    `insert into ledger_statement_daily (merchant_id, day, lines, money_in_fils, money_out_fils)
     values ($1::integer, $2::date, $3::integer, $4::bigint, $5::bigint)
     on conflict (merchant_id, day) do update
       set lines = ledger_statement_daily.lines + excluded.lines,
           money_in_fils = ledger_statement_daily.money_in_fils + excluded.money_in_fils,
           money_out_fils = ledger_statement_daily.money_out_fils + excluded.money_out_fils`,
    [posting.merchantId, day, sums.length, moneyIn.toString(), moneyOut.toString()],
  );
}

/** The Kuwait date of a `timestamptz` column, in SQL. */
const kuwaitDateOf = (column: string) => `((${column} at time zone 'UTC') + interval '3 hours')::date`;

/**
 * The statement lines the entries `where` picks make, one per posting (entries written together
 * share their instant, references and `created_at`) and event: what the tables of lines hold.
 */
export const statementLinesFromEntries = (where = 'true') => `
  select merchant_id, at, ${kuwaitDateOf('at')} as day, event, sum(amount_fils) as effect_fils,
         sum(greatest(amount_fils, 0)) as moved_fils, transaction_id, transfer_id, refund_id, capture_id,
         min(id) as first_entry
    from ledger_entries
   where account in (${STATEMENT_ACCOUNTS_SQL}) and (${where})
   group by merchant_id, at, event, transaction_id, transfer_id, refund_id, capture_id, created_at`;

/** Writes the lines the entries `where` picks make (`$1` onwards its parameters), in the entries' order. */
export const insertStatementLinesOf = (where: string, onlyIntoEmpty = false) => `
  insert into ledger_statement_lines
    (merchant_id, at, day, event, effect_fils, moved_fils, transaction_id, transfer_id, refund_id, capture_id)
  select merchant_id, at, day, event, effect_fils, moved_fils, transaction_id, transfer_id, refund_id, capture_id
    from (${statementLinesFromEntries(where)}) lines
   ${onlyIntoEmpty ? 'where not exists (select 1 from ledger_statement_lines)' : ''}
   order by first_entry`;

/** Adds the lines `where` picks to their days' count and sums. */
export const addStatementDaysOf = (where: string, onlyIntoEmpty = false) => `
  insert into ledger_statement_daily (merchant_id, day, lines, money_in_fils, money_out_fils)
  select merchant_id, day, count(*), sum(greatest(effect_fils, 0)), sum(greatest(-effect_fils, 0))
    from ledger_statement_lines
   where (${where}) ${onlyIntoEmpty ? 'and not exists (select 1 from ledger_statement_daily)' : ''}
   group by merchant_id, day
  on conflict (merchant_id, day) do update
    set lines = ledger_statement_daily.lines + excluded.lines,
        money_in_fils = ledger_statement_daily.money_in_fils + excluded.money_in_fils,
        money_out_fils = ledger_statement_daily.money_out_fils + excluded.money_out_fils`;

/**
 * Startup statements that fill the tables of lines from the entries of a database whose ledger
 * began before them; once any line is there they do nothing.
 */
export const STATEMENT_LINES_BACKFILL = [insertStatementLinesOf('true', true), addStatementDaysOf('true', true)];

/**
 * The merchant's Kuwait days whose statement lines or day rows disagree with its entries (what
 * each line moved in and its net effect) or with each other (count and sums): none when they agree.
 */
export async function statementLineMismatches(q: Queryable, merchantId: number): Promise<string[]> {
  const rows = await q.query<{ day: string }>(
    `with entries as (
       select ${kuwaitDateOf('at')} as day, sum(amount_fils) as effect, sum(greatest(amount_fils, 0)) as moved
         from ledger_entries where merchant_id = $1::integer and account in (${STATEMENT_ACCOUNTS_SQL})
        group by 1),
     lines as (
       select day, count(*) as lines, sum(effect_fils) as effect, sum(moved_fils) as moved,
              sum(greatest(effect_fils, 0)) as money_in, sum(greatest(-effect_fils, 0)) as money_out
         from ledger_statement_lines where merchant_id = $1::integer group by day),
     days as (
       select day, lines, money_in_fils as money_in, money_out_fils as money_out
         from ledger_statement_daily where merchant_id = $1::integer)
     select coalesce(e.day, l.day, d.day)::text as day
       from entries e
       full join lines l on l.day = e.day
       full join days d on d.day = coalesce(e.day, l.day)
      where e.effect is distinct from l.effect or e.moved is distinct from l.moved
         or l.lines is distinct from d.lines or l.money_in is distinct from d.money_in
         or l.money_out is distinct from d.money_out
      order by 1`,
    [merchantId],
  );
  return rows.map((row) => row.day);
}
