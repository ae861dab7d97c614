import type { EntrySum } from '../ledger/trail-sums';

/**
 * The money trail's figures, in fils, from the ledger's sums of a chain's transactions and from the
 * transfers their records (transactions and refunds) name. Pure: no database.
 *
 * The chain balances when paid − refunded − fees − commission (what the ledger left the merchant)
 * equals transferred + in transfers not yet transferred or on hold + unsettled + cash, the second
 * side summed per record: each transaction's net (before refunds) and each refund, in the transfer
 * that holds it or, in none, unsettled. A refund movement the ledger did not tie to a refund of the
 * chain would show as a difference.
 */

/** Accounts of money the merchant received: through the gateway, or in cash. */
const RECEIVED = new Set(['merchant_balance', 'cash_received']);

export interface Figures {
  paid: bigint;
  captured: bigint;
  held: bigint;
  refunded: bigint;
  fees: bigint;
  commission: bigint;
  net: bigint;
  cash: bigint;
}

export const NO_FIGURES: Figures = {
  paid: 0n,
  captured: 0n,
  held: 0n,
  refunded: 0n,
  fees: 0n,
  commission: 0n,
  net: 0n,
  cash: 0n,
};

/** Figures of the entry sums given (one transaction's, or a chain's). */
export function figuresOf(sums: readonly EntrySum[]): Figures {
  const figures = { ...NO_FIGURES };
  for (const { event, account, amount } of sums) {
    const received = RECEIVED.has(account);
    if (received && (event === 'payment' || event === 'capture')) figures.paid += amount;
    if (received && event === 'capture') figures.captured += amount;
    if (received && event === 'refund') figures.refunded -= amount;
    if (received) figures.net += amount;
    if (account === 'cash_received') figures.cash += amount;
    if (account === 'authorizations') figures.held += amount;
    if (account === 'fees') figures.fees += amount;
    if (account === 'commission') figures.commission += amount;
  }
  return figures;
}

/** What the ledger gave back for each refund (`refund_id`), in fils. */
export function refundedByRequest(sums: readonly EntrySum[]): Map<number, bigint> {
  const refunded = new Map<number, bigint>();
  for (const sum of sums)
    if (sum.refundId !== null && sum.event === 'refund' && RECEIVED.has(sum.account))
      refunded.set(sum.refundId, (refunded.get(sum.refundId) ?? 0n) - sum.amount);
  return refunded;
}

/** What the ledger captured for each capture request (`capture_id`), in fils. */
export function capturedByRequest(sums: readonly EntrySum[]): Map<number, bigint> {
  const captured = new Map<number, bigint>();
  for (const sum of sums)
    if (sum.captureId !== null && sum.event === 'capture' && RECEIVED.has(sum.account))
      captured.set(sum.captureId, (captured.get(sum.captureId) ?? 0n) + sum.amount);
  return captured;
}

export interface Settlement {
  /** Each transfer's share of the chain's money, by transfer id. */
  shares: Map<number, bigint>;
  /** Gateway money of the chain in no transfer yet. */
  unsettled: bigint;
}

/**
 * Where the chain's gateway money is: each transaction's net before refunds (its balance entries
 * other than refunds) in its transfer, each refund taken off its transfer's, and what no transfer
 * holds, unsettled.
 */
export function settlementOf(
  sums: readonly EntrySum[],
  transactions: readonly { id: number; transfer_id: number | null }[],
  refunds: readonly { id: number; transfer_id: number | null }[],
): Settlement {
  const before = new Map<number, bigint>();
  for (const sum of sums)
    if (sum.account === 'merchant_balance' && sum.event !== 'refund')
      before.set(sum.transactionId, (before.get(sum.transactionId) ?? 0n) + sum.amount);
  const refunded = refundedByRequest(sums);
  const shares = new Map<number, bigint>();
  let unsettled = 0n;
  const add = (transferId: number | null, amount: bigint) => {
    if (transferId === null) unsettled += amount;
    else shares.set(transferId, (shares.get(transferId) ?? 0n) + amount);
  };
  for (const transaction of transactions) add(transaction.transfer_id, before.get(transaction.id) ?? 0n);
  for (const refund of refunds) add(refund.transfer_id, -(refunded.get(refund.id) ?? 0n));
  return { shares, unsettled };
}

export interface Totals extends Figures {
  transferred: bigint;
  inTransfer: bigint;
  onHold: bigint;
  unsettled: bigint;
  owed: bigint;
  /** net − (transferred + owed + cash): zero when the chain balances. */
  difference: bigint;
}

/** The chain's totals from its figures, where its money is and each transfer's status. */
export function totalsOf(figures: Figures, settlement: Settlement, statusOf: (transferId: number) => string): Totals {
  let transferred = 0n;
  let inTransfer = 0n;
  let onHold = 0n;
  for (const [transferId, share] of settlement.shares) {
    const status = statusOf(transferId);
    if (status === 'transferred') transferred += share;
    else if (status === 'on_hold') onHold += share;
    else inTransfer += share;
  }
  const owed = inTransfer + onHold + settlement.unsettled;
  return {
    ...figures,
    transferred,
    inTransfer,
    onHold,
    unsettled: settlement.unsettled,
    owed,
    difference: figures.net - (transferred + owed + figures.cash),
  };
}
