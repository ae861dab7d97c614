import { toFils } from '../../shared/money';
import type { Row } from '../db/database';
import { type Account, type Balances, type LedgerEvent, type Line } from './accounts';

/**
 * What a payment transfer holds of the merchant's money: its amount, taken out of the merchant's
 * unsettled balance the moment the transfer is made, sits in the account of its status — pending
 * while not yet transferred, on hold while held, in the merchant's bank once transferred.
 */

const ACCOUNT_OF_STATUS: Record<string, Account> = {
  not_transferred: 'transfers_pending',
  on_hold: 'transfers_on_hold',
  transferred: 'merchant_bank',
};

/** What a transfer row puts in each account (nothing for no row). */
export function transferBalances(row: Row | null | undefined): Balances {
  if (!row) return {};
  const account = ACCOUNT_OF_STATUS[String(row.status)];
  const amount = row.amount === null || row.amount === undefined ? 0n : (toFils(String(row.amount)) ?? 0n);
  if (!account || amount === 0n) return {};
  return { merchant_balance: -amount, [account]: amount };
}

/** The event of a transfer's change: held, released from hold, or made or paid out. */
function eventOf(before: Row | null | undefined, after: Row | null | undefined): LedgerEvent {
  if (after?.status === 'transferred') return 'transfer';
  if (after?.status === 'on_hold') return 'hold';
  if (before?.status === 'on_hold') return 'release';
  return 'transfer';
}

/** The lines that take a transfer from `before` to `after` (either null: not there). */
export function transferLines(before: Row | null | undefined, after: Row | null | undefined): Line[] {
  const from = transferBalances(before);
  const to = transferBalances(after);
  const event = eventOf(before, after);
  const accounts = new Set([...Object.keys(from), ...Object.keys(to)] as Account[]);
  return [...accounts]
    .map((account) => ({ event, account, amount: (to[account] ?? 0n) - (from[account] ?? 0n) }))
    .filter((line) => line.amount !== 0n);
}
