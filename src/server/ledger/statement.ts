import { getEntitySchema } from '../../schema/registry';
import {
  STATEMENT_KINDS,
  type MerchantStatement,
  type StatementKind,
  type StatementLine,
} from '../../shared/merchant-statement';
import { fromFils } from '../../shared/money';
import type { Queryable } from '../db/database';
import { kuwaitDayStart } from '../payments/kuwait-time';
import type { LedgerEvent } from './accounts';
import { dayOf } from './post';
import { STATEMENT_ACCOUNTS, STATEMENT_ACCOUNTS_SQL as ACCOUNTS_SQL } from './statement-lines';

/**
 * The merchant statement read from the ledger (see `shared/merchant-statement` for what the
 * balance is). A line is what one posting moved of the balance under one event — a payment and
 * the fee and commission taken from it are three lines (`statement-lines.ts`). The opening balance
 * is what the lines of the days before moved, and the closing one adds the period's; `reconciles`
 * checks the closing balance against the ledger's own daily sums, which the posting keeps
 * separately, at the end of the period.
 *
 * Every query is index-backed and reads a few rows however busy the period: the opening balance,
 * the period's count and its sums add Kuwait days' rows of `ledger_statement_daily`; the ledger's
 * balance sums whole UTC days from `ledger_daily` and only the few hours of entries between a UTC
 * day's start and Kuwait's midnight; a page reads its lines from `ledger_statement_lines
 * (merchant_id, at, id)`, its running balance starting from the sum of the days before its first
 * line and that day's lines before it.
 */

const DAY_MS = 86_400_000;

const big = (value: unknown): bigint => (value === null || value === undefined ? 0n : BigInt(String(value)));
const table = (entity: string) => getEntitySchema(entity)['x-resource'].table;

/** The merchant's balance just before `instant`, from the daily sums and that UTC day's entries before it. */
export async function statementBalanceAt(q: Queryable, merchantId: number, instant: Date): Promise<bigint> {
  const day = dayOf(instant);
  const [row] = await q.query<{ days: string | null; hours: string | null }>(
    `select
       (select sum(amount_fils) from ledger_daily
         where merchant_id = $1::integer and day < $2::date and account in (${ACCOUNTS_SQL}))::text as days,
       (select sum(amount_fils) from ledger_entries
         where merchant_id = $1::integer and at >= $3::timestamptz and at < $4::timestamptz
           and account in (${ACCOUNTS_SQL}))::text as hours`,
    [merchantId, day, `${day}T00:00:00.000Z`, instant.toISOString()],
  );
  return big(row?.days) + big(row?.hours);
}

type LineRow = {
  id: string;
  at: Date | string;
  day: string;
  event: LedgerEvent;
  effect: string;
  moved: string;
  running: string;
  transaction_id: number | null;
  transaction_no: string | null;
  invoice_reference: string | null;
  transfer_id: number | null;
  transfer_no: string | null;
  refund_id: number | null;
  refund_no: string | null;
  capture_id: number | null;
  capture_no: string | null;
};

/**
 * A transfer's line is its making (inside the balance) or its payment to the bank (out of it).
 * Authorisations and voids never touch the balance's accounts, so no line has them.
 */
function kindOf(event: LedgerEvent, effect: bigint): StatementKind {
  if (event === 'transfer') return effect < 0n ? 'payout' : 'transfer';
  return (STATEMENT_KINDS as readonly string[]).includes(event) ? (event as StatementKind) : 'charge';
}

function lineOf(row: LineRow, opening: bigint): Omit<StatementLine, 'description'> {
  const effect = big(row.effect);
  const transaction =
    row.transaction_id === null
      ? null
      : { entity: 'transaction' as const, id: row.transaction_id, number: row.transaction_no };
  // A transfer's entries may also name a refund it deducted: the transfer is what the line reads as.
  const primary =
    row.transfer_id !== null
      ? { entity: 'payment_transfer' as const, id: row.transfer_id, number: row.transfer_no }
      : row.refund_id !== null
        ? { entity: 'refund' as const, id: row.refund_id, number: row.refund_no }
        : row.capture_id !== null
          ? { entity: 'capture' as const, id: row.capture_id, number: row.capture_no }
          : transaction;
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    kind: kindOf(row.event, effect),
    document: primary,
    transaction,
    invoice_reference: row.invoice_reference,
    debit: fromFils(effect < 0n ? -effect : 0n),
    credit: fromFils(effect > 0n ? effect : 0n),
    informational: effect === 0n,
    amount: fromFils(effect === 0n ? big(row.moved) : effect < 0n ? -effect : effect),
    balance: fromFils(opening + big(row.running)),
  };
}

/** What the period's lines before `line` moved: its days before `line`'s and that day's lines before it. */
async function movedBefore(tx: Queryable, merchantId: number, from: string, line: LineRow): Promise<bigint> {
  const [row] = await tx.query<{ days: string | null; same_day: string | null }>(
    `select
       (select sum(money_in_fils - money_out_fils) from ledger_statement_daily
         where merchant_id = $1::integer and day >= $2::date and day < $3::date)::text as days,
       (select sum(effect_fils) from ledger_statement_lines
         where merchant_id = $1::integer and at >= $4::timestamptz
           and (at, id) < (select at, id from ledger_statement_lines where id = $5::bigint))::text as same_day`,
    [merchantId, from, line.day, kuwaitDayStart(line.day).toISOString(), line.id],
  );
  return big(row?.days) + big(row?.same_day);
}

/** Which lines to return: from index `first` to `last` (inclusive), as a list's `range`. */
export type StatementRange = [first: number, last: number];

export type StatementFigures = Omit<MerchantStatement, 'merchant' | 'lines'> & {
  lines: Omit<StatementLine, 'description'>[];
};

/**
 * The statement of the merchant's balance over Kuwait days `from` to `to` (inclusive), with the
 * lines of `range` (every line when left out). Read in one snapshot, so a payment made meanwhile
 * lands wholly in or out of it.
 */
export async function statementOf(
  q: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  merchantId: number,
  from: string,
  to: string,
  range?: StatementRange,
): Promise<StatementFigures> {
  const start = kuwaitDayStart(from);
  const end = new Date(kuwaitDayStart(to).getTime() + DAY_MS);
  return q.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const ledger = await statementBalanceAt(tx, merchantId, end);
    const [sums] = await tx.query<{
      before: string | null;
      total: number | null;
      money_in: string | null;
      money_out: string | null;
    }>(
      `select (select sum(money_in_fils - money_out_fils) from ledger_statement_daily
                where merchant_id = $1::integer and day < $2::date)::text as before,
              sum(lines)::integer as total, sum(money_in_fils)::text as money_in, sum(money_out_fils)::text as money_out
         from ledger_statement_daily
        where merchant_id = $1::integer and day between $2::date and $3::date`,
      [merchantId, from, to],
    );
    const opening = big(sums?.before);
    const total = sums?.total ?? 0;
    const first = range ? range[0] : 0;
    const last = Math.min(range ? range[1] : total - 1, total - 1);
    const rows =
      last < first
        ? []
        : await tx.query<LineRow>(
            `select l.id::text as id, l.at, l.day::text as day, l.event, l.effect_fils::text as effect,
                    l.moved_fils::text as moved,
                    (sum(l.effect_fils) over (order by l.at, l.id rows unbounded preceding))::text as running,
                    l.transaction_id, t.reference_no as transaction_no, t.invoice_reference,
                    l.transfer_id, p.document_no as transfer_no, l.refund_id, r.document_no as refund_no,
                    l.capture_id, c.document_no as capture_no
               from (select * from ledger_statement_lines
                      where merchant_id = $1::integer and at >= $2::timestamptz and at < $3::timestamptz
                      order by at, id offset $4::integer limit $5::integer) l
               left join ${table('transaction')} t on t.id = l.transaction_id and t.merchant_id = $1::integer
               left join ${table('payment_transfer')} p on p.id = l.transfer_id and p.merchant_id = $1::integer
               left join ${table('refund')} r on r.id = l.refund_id and r.merchant_id = $1::integer
               left join ${table('capture')} c on c.id = l.capture_id and c.merchant_id = $1::integer
              order by l.at, l.id`,
            [merchantId, start.toISOString(), end.toISOString(), first, last - first + 1],
          );
    const before = first > 0 && rows.length > 0 ? await movedBefore(tx, merchantId, from, rows[0]) : 0n;
    const moneyIn = big(sums?.money_in);
    const moneyOut = big(sums?.money_out);
    const closing = opening + moneyIn - moneyOut;
    return {
      from,
      to,
      accounts: [...STATEMENT_ACCOUNTS],
      opening_balance: fromFils(opening),
      money_in: fromFils(moneyIn),
      money_out: fromFils(moneyOut),
      closing_balance: fromFils(closing),
      ledger_balance: fromFils(ledger),
      reconciles: closing === ledger,
      total,
      range: rows.length === 0 ? [first, first - 1] : [first, first + rows.length - 1],
      lines: rows.map((row) => lineOf(row, opening + before)),
    };
  });
}
