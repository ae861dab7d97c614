/**
 * The ledger's vocabulary: the accounts each merchant's money sits in and the events that move it.
 * Every posting is a set of lines whose amounts (signed integer fils) sum to zero, so the accounts
 * of a merchant always sum to zero too: money only ever moves between them.
 */

/** Where a merchant's money is. */
export const ACCOUNTS = [
  /** Outside money: the payers' cards and wallets (negative by what they paid and is still held or kept). */
  'payer',
  /** Held on the payers' cards by authorisations not yet captured or voided. */
  'authorizations',
  /** Owed to the merchant and not yet in a payment transfer: its unsettled balance. */
  'merchant_balance',
  /** The gateway's admin charges. */
  'fees',
  /** The gateway's commission. */
  'commission',
  /** In a payment transfer not yet transferred. */
  'transfers_pending',
  /** In a payment transfer on hold. */
  'transfers_on_hold',
  /** Transferred to the merchant's bank. */
  'merchant_bank',
  /** Cash the payers handed to the merchant, never through the gateway (negative by what they paid). */
  'cash_payer',
  /** Cash the merchant received. */
  'cash_received',
] as const;

export type Account = (typeof ACCOUNTS)[number];

/** What moved the money: every line of a posting names one. */
export const EVENTS = [
  'payment',
  'authorization',
  'capture',
  'void',
  'refund',
  'fee',
  'commission',
  'transfer',
  'hold',
  'release',
  'charge',
] as const;

export type LedgerEvent = (typeof EVENTS)[number];

/** One line of a posting: `amount` fils into `account` (negative: out of it), because of `event`. */
export interface Line {
  event: LedgerEvent;
  account: Account;
  amount: bigint;
}

/** Balances by account, in fils; an account left out holds nothing. */
export type Balances = Partial<Record<Account, bigint>>;

/** The balances the lines leave, starting from `from` (nothing when left out). */
export function applyLines(lines: readonly Line[], from: Balances = {}): Balances {
  const balances: Balances = { ...from };
  for (const line of lines) balances[line.account] = (balances[line.account] ?? 0n) + line.amount;
  return balances;
}

/** The sum of the lines' amounts: zero for every posting the ledger accepts. */
export const sumOf = (lines: readonly Line[]): bigint => lines.reduce((total, line) => total + line.amount, 0n);

/** `amount` moved from one account to another because of `event`: two lines, or none for zero. */
export function move(event: LedgerEvent, from: Account, to: Account, amount: bigint): Line[] {
  if (amount === 0n) return [];
  return [
    { event, account: from, amount: -amount },
    { event, account: to, amount },
  ];
}

/** Lines written together, when the money moved, with the records they are of. */
export interface Posting {
  merchantId: number;
  /** When the money moved. */
  at: Date;
  lines: readonly Line[];
  transactionId?: number | null;
  transferId?: number | null;
  refundId?: number | null;
  captureId?: number | null;
}
