import type { Queryable } from '../db/database';
import type { Account } from './accounts';

/**
 * What the ledger holds of a set of transactions, for the money trail: the sums of their entries
 * by transaction, request (refund, capture), event and account; their postings one by one; and
 * what each transfer holds. Read from `ledger_entries`, the merchant's only.
 */

const big = (value: unknown): bigint => (value === null || value === undefined ? 0n : BigInt(String(value)));

/** The sum of a transaction's entries of one request, event and account, in fils. */
export interface EntrySum {
  transactionId: number;
  refundId: number | null;
  captureId: number | null;
  event: string;
  account: Account;
  amount: bigint;
}

/** Ids as the one JSON array parameter the queries take (`in (select jsonb_array_elements_text(…))`). */
const idList = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);

/** The entries of the merchant's `transactionIds`, summed by transaction, request, event and account. */
export async function entrySums(
  q: Queryable,
  merchantId: number,
  transactionIds: readonly number[],
): Promise<EntrySum[]> {
  if (transactionIds.length === 0) return [];
  const rows = await q.query<{
    transaction_id: number;
    refund_id: number | null;
    capture_id: number | null;
    event: string;
    account: Account;
    amount: string;
  }>(
    `select transaction_id, refund_id, capture_id, event, account, sum(amount_fils)::text as amount
     from ledger_entries
     where merchant_id = $1::integer and transaction_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     group by transaction_id, refund_id, capture_id, event, account`,
    [merchantId, idList(transactionIds)],
  );
  return rows.map((row) => ({
    transactionId: Number(row.transaction_id),
    refundId: row.refund_id === null ? null : Number(row.refund_id),
    captureId: row.capture_id === null ? null : Number(row.capture_id),
    event: row.event,
    account: row.account,
    amount: big(row.amount),
  }));
}

/** One movement of a transaction's money: `amount` fils from one account to another. */
export interface Movement {
  transactionId: number;
  at: Date;
  event: string;
  from: Account | null;
  to: Account | null;
  amount: bigint;
  refundId: number | null;
  captureId: number | null;
}

/**
 * The postings of the merchant's `transactionIds` as movements, oldest first: the lines of one
 * posting's event pair into one movement (a posting's event moves money between two accounts).
 */
export async function movementsOf(
  q: Queryable,
  merchantId: number,
  transactionIds: readonly number[],
): Promise<Movement[]> {
  if (transactionIds.length === 0) return [];
  const rows = await q.query<{
    transaction_id: number;
    at: Date | string;
    event: string;
    refund_id: number | null;
    capture_id: number | null;
    account: Account;
    amount: string;
    first: string;
  }>(
    `select transaction_id, at, event, refund_id, capture_id, account, sum(amount_fils)::text as amount,
       min(id)::text as first
     from ledger_entries
     where merchant_id = $1::integer and transaction_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     group by transaction_id, at, event, refund_id, capture_id, account`,
    [merchantId, idList(transactionIds)],
  );
  const groups = new Map<string, { first: bigint; lines: typeof rows }>();
  for (const row of rows) {
    const key = [row.transaction_id, new Date(row.at).toISOString(), row.event, row.refund_id, row.capture_id].join(
      '|',
    );
    const group = groups.get(key) ?? { first: big(row.first), lines: [] };
    if (big(row.first) < group.first) group.first = big(row.first);
    group.lines.push(row);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))
    .flatMap(({ lines }) => {
      const [line] = lines;
      const from = lines.filter((entry) => big(entry.amount) < 0n);
      const to = lines.filter((entry) => big(entry.amount) > 0n);
      const amount = to.reduce((sum, entry) => sum + big(entry.amount), 0n);
      if (amount === 0n) return [];
      return [
        {
          transactionId: Number(line.transaction_id),
          at: new Date(line.at),
          event: line.event,
          from: from.length === 1 ? from[0].account : null,
          to: to.length === 1 ? to[0].account : null,
          amount,
          refundId: line.refund_id === null ? null : Number(line.refund_id),
          captureId: line.capture_id === null ? null : Number(line.capture_id),
        },
      ];
    });
}

/** Where a transfer's money sits: pending, on hold or in the merchant's bank. */
const TRANSFER_ACCOUNTS: readonly Account[] = ['transfers_pending', 'transfers_on_hold', 'merchant_bank'];

/** What each of the merchant's `transferIds` holds by the ledger, in fils. */
export async function transferAmounts(
  q: Queryable,
  merchantId: number,
  transferIds: readonly number[],
): Promise<Map<number, bigint>> {
  const amounts = new Map<number, bigint>();
  if (transferIds.length === 0) return amounts;
  const rows = await q.query<{ transfer_id: number; amount: string }>(
    `select transfer_id, sum(amount_fils)::text as amount from ledger_entries
     where merchant_id = $1::integer and transfer_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
       and account in (select jsonb_array_elements_text($3::text::jsonb))
     group by transfer_id`,
    [merchantId, idList(transferIds), JSON.stringify(TRANSFER_ACCOUNTS)],
  );
  for (const row of rows) amounts.set(Number(row.transfer_id), big(row.amount));
  return amounts;
}
