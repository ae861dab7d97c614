/**
 * The merchant statement as the API answers it (`GET /report/merchant-statement`), shared by the
 * server's route and the portal's page: over Kuwait days `from` to `to`, the merchant's balance at
 * the start, one line per movement of it, and the balance at the end.
 *
 * The merchant's balance is what the gateway owes the merchant: the ledger accounts
 * `merchant_balance` (unsettled), `transfers_pending` and `transfers_on_hold` (in a payment
 * transfer not yet paid out). Money comes in by payments and captures, goes out by refunds, the
 * gateway's fees, commission and charges, and by payment transfers paid to the merchant's bank.
 * A transfer being made, held or released only moves money inside the balance: its line is
 * informational, with no debit or credit. Authorisations not yet captured and cash (which never
 * passes through the gateway) are not the merchant's balance and have no lines.
 */

/** The longest range the statement covers, in calendar months (as the other reports). */
export const STATEMENT_MAX_MONTHS = 6;

/** Lines one answer holds at most. */
export const STATEMENT_MAX_PAGE = 500;

/** What a line is: a ledger event, a transfer told apart as made (`transfer`) or paid out (`payout`). */
export const STATEMENT_KINDS = [
  'payment',
  'capture',
  'refund',
  'fee',
  'commission',
  'charge',
  'transfer',
  'payout',
  'hold',
  'release',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** The records a line's document can be, by their entity (the portal shows each at its record page's address). */
export type StatementEntity = 'transaction' | 'refund' | 'capture' | 'payment_transfer';

/** A record a line comes from: its entity, id and number (reference or document number). */
export interface StatementDocument {
  entity: StatementEntity;
  id: number;
  number: string | null;
}

/** One movement of the merchant's balance. Amounts are KWD strings with three decimals. */
export interface StatementLine {
  /** The first ledger entry of the line: stable, and the order of lines at one instant. */
  id: string;
  /** When the money moved (ISO instant). */
  at: string;
  kind: StatementKind;
  /** In the caller's language. */
  description: string;
  /** The record the line reads as: the refund, capture or transfer it carries out, else the transaction. */
  document: StatementDocument | null;
  /** The payment the line is of, when it is of one. */
  transaction: StatementDocument | null;
  /** The invoice (or part, open invoice, subscription) the payment paid. */
  invoice_reference: string | null;
  debit: string;
  credit: string;
  /** True for a move inside the balance (a transfer made, held or released): no debit or credit. */
  informational: boolean;
  /** What moved: the debit or credit, or what moved inside the balance for an informational line. */
  amount: string;
  /** The balance after this line. */
  balance: string;
}

export interface MerchantStatement {
  merchant: { id: number; name: string; name_ar: string | null };
  from: string;
  to: string;
  /** The ledger accounts that make the balance. */
  accounts: string[];
  opening_balance: string;
  /** Sum of the credits of every line of the period. */
  money_in: string;
  /** Sum of the debits of every line of the period. */
  money_out: string;
  /** Opening balance + money in − money out. */
  closing_balance: string;
  /** The balance at the end of `to`, read from the ledger's daily sums on their own. */
  ledger_balance: string;
  /** Whether `closing_balance` equals `ledger_balance`, computed. */
  reconciles: boolean;
  /** How many lines the period has. */
  total: number;
  /** The first and last line index of `lines` (as a list's `range`); `[0, -1]` for none. */
  range: [number, number];
  lines: StatementLine[];
}
