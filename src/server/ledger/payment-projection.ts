import { toFils } from '../../shared/money';
import type { Row } from '../db/database';
import { applyLines, move, type Balances, type Line } from './accounts';

/**
 * What a transaction holds of its payer's money, read from its money columns, and the lines that
 * take the ledger from one such state to the next. Every flow that changes a transaction (a
 * payment, a capture, a void, a refund processed, a pending payment settled, cash received) writes
 * its row through the transaction store; the ledger posts the difference of the two states, so no
 * flow can move money without its entries.
 */

/** A transaction's money, in fils. */
export interface PaymentState {
  /** Cash never passes through the gateway: its money moves between the cash accounts only. */
  cash: boolean;
  /** Held on the payer's card by an authorisation (its pending amount while `authorized`). */
  held: bigint;
  captured: bigint;
  refunded: bigint;
  adminCharge: bigint;
  commission: bigint;
}

export const NO_PAYMENT: PaymentState = {
  cash: false,
  held: 0n,
  captured: 0n,
  refunded: 0n,
  adminCharge: 0n,
  commission: 0n,
};

/** Fils of a stored amount (a KWD string as the drivers read numeric); nothing when unset. */
const fils = (value: unknown): bigint => (value === null || value === undefined ? 0n : (toFils(String(value)) ?? 0n));

/** The money of a transaction row (any status); no row holds nothing. */
export function paymentStateOf(row: Row | null | undefined): PaymentState {
  if (!row) return NO_PAYMENT;
  return {
    cash: row.payment_method === 'cash',
    held: row.status === 'authorized' ? fils(row.pending_amount) : 0n,
    captured: fils(row.captured_amount),
    refunded: fils(row.refunded_amount),
    adminCharge: fils(row.admin_charge),
    commission: fils(row.commission),
  };
}

const positive = (amount: bigint) => (amount > 0n ? amount : 0n);
const smaller = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The lines that take a transaction's money from `before` to `after`, each labelled with what
 * moved it: captured from what was held (`capture`), captured with nothing held (`payment`), held
 * (`authorization`) or let go (`void`), refunded (`refund`), and the gateway's admin charge
 * (`fee`) and commission (`commission`), kept out of the merchant's balance. Each event's lines sum
 * to zero on their own.
 */
export function paymentLines(before: PaymentState, after: PaymentState): Line[] {
  // A transaction never changes between cash and the gateway; if one did, its money would move out and in again.
  if (before.cash !== after.cash)
    return [
      ...paymentLines(before, { ...NO_PAYMENT, cash: before.cash }),
      ...paymentLines({ ...NO_PAYMENT, cash: after.cash }, after),
    ];
  const payer = after.cash ? 'cash_payer' : 'payer';
  const received = after.cash ? 'cash_received' : 'merchant_balance';
  const held = after.held - before.held;
  const captured = after.captured - before.captured;
  const fromHeld = smaller(positive(captured), positive(-held));
  // What was held and not captured now: more held (an authorisation) or let go (a void).
  const holding = held + fromHeld;
  return [
    ...move('capture', 'authorizations', received, fromHeld),
    ...move('payment', payer, received, captured - fromHeld),
    ...(holding >= 0n
      ? move('authorization', payer, 'authorizations', holding)
      : move('void', 'authorizations', payer, -holding)),
    ...move('refund', received, payer, after.refunded - before.refunded),
    ...move('fee', 'merchant_balance', 'fees', after.adminCharge - before.adminCharge),
    ...move('commission', 'merchant_balance', 'commission', after.commission - before.commission),
  ];
}

/** What a transaction in `state` has put in each account since it was made (the projection). */
export const paymentBalances = (state: PaymentState): Balances => applyLines(paymentLines(NO_PAYMENT, state));
