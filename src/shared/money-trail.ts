/**
 * The money trail as the API answers it (`GET /v1/money-trail/{entity}/{id}`), shared by the
 * server's route and the portal's page: from any record of a payment's life, the whole chain —
 * invoice → payments → refunds and captures, with their ledger postings → the transfers that paid
 * them out — and its totals, every amount a KWD string with three decimals, read from the ledger.
 */

/** The entities a trail may start from, by their schema names. */
export const TRAIL_ENTITIES = ['invoice', 'transaction', 'refund', 'capture', 'payment_transfer'] as const;

export type TrailEntity = (typeof TRAIL_ENTITIES)[number];

export const isTrailEntity = (value: unknown): value is TrailEntity =>
  (TRAIL_ENTITIES as readonly unknown[]).includes(value);

/** Most chains a trail shows in detail (a transfer of many payments); `roots_count` says how many there are. */
export const TRAIL_ROOT_LIMIT = 50;

/** One movement of the ledger: `amount` from one account to another, because of `event`. */
export interface TrailPosting {
  at: string;
  event: string;
  from: string | null;
  to: string | null;
  amount: string;
  refund_id: number | null;
  capture_id: number | null;
}

/** What the ledger holds of one transaction's money. */
export interface TrailLedgerFigures {
  /** Taken from the payer (directly or by capturing an authorisation), cash included. */
  paid: string;
  /** Of `paid`, what captures of an authorisation took. */
  captured: string;
  /** Still held on the payer's card by an authorisation. */
  held: string;
  refunded: string;
  fees: string;
  commission: string;
  /** `paid` less refunds, fees and commission: the merchant's. */
  net: string;
}

export interface TrailRefund {
  id: number;
  document_no: string | null;
  refund_amount: string;
  status: string;
  created_at: string | null;
  processed_at: string | null;
  /** What the ledger gave back to the payer for it. */
  refunded: string;
  /** The transfer that deducted it; null while none has. */
  transfer_id: number | null;
}

export interface TrailCapture {
  id: number;
  document_no: string | null;
  amount: string;
  capture_type: string | null;
  status: string;
  rejection_reason: string | null;
  created_at: string | null;
  /** What the ledger moved from the authorisation to the merchant for it. */
  captured: string;
}

export interface TrailTransaction {
  id: number;
  reference_no: string | null;
  created_at: string | null;
  payment_method: string | null;
  status: string;
  amount: string;
  admin_charge: string | null;
  commission: string | null;
  net_amount: string | null;
  /** The part of a split, instalment or group invoice it paid (its sequence number). */
  part: number | null;
  ledger: TrailLedgerFigures;
  refunds: TrailRefund[];
  captures: TrailCapture[];
  postings: TrailPosting[];
  /** The transfer that paid it out; null while none has. */
  transfer_id: number | null;
}

export interface TrailInvoice {
  id: number;
  reference_no: string | null;
  invoice_number: string | null;
  kind: string | null;
  amount: string;
  paid_amount: string | null;
  status: string;
  created_at: string | null;
}

/** One chain: an invoice and its payments, or a payment made without an invoice (its own root). */
export interface TrailRoot {
  /** Null for a payment without an invoice (an open invoice's, a subscription's), or when invoices are hidden. */
  invoice: TrailInvoice | null;
  transactions: TrailTransaction[];
}

export interface TrailTransfer {
  id: number;
  document_no: string | null;
  status: string;
  transfer_date: string | null;
  created_at: string | null;
  transaction_count: number | null;
  /** The whole transfer, as the ledger holds it. */
  amount: string;
  /** Of `amount`, what the chains of this trail put in it (their net less the refunds it deducted). */
  share: string;
}

export interface TrailTotals {
  paid: string;
  captured: string;
  held: string;
  refunded: string;
  fees: string;
  commission: string;
  net: string;
  transferred: string;
  /** In transfers not yet transferred. */
  in_transfer: string;
  /** In transfers on hold. */
  on_hold: string;
  /** Owed to the merchant and in no transfer yet. */
  unsettled: string;
  /** Still owed: `in_transfer` + `on_hold` + `unsettled`. */
  owed: string;
  /** Paid in cash: the merchant holds it, the gateway never did. */
  cash: string;
}

export interface MoneyTrail {
  entity: TrailEntity;
  id: number;
  roots: TrailRoot[];
  /** How many chains there are; `roots` holds the first `TRAIL_ROOT_LIMIT`. Totals are of all. */
  roots_count: number;
  transfers: TrailTransfer[];
  totals: TrailTotals;
  /** paid − refunded − fees − commission = transferred + owed + cash, to the fil. */
  balance: { balanced: boolean; difference: string };
  /** Entities whose records the caller may not view, left out of the trail. */
  hidden: TrailEntity[];
}
