/**
 * What the public payer pages and the API say to each other (`/v1/pay/…`, no sign-in). The payer
 * pages import these types and helpers only: nothing of the portal or the server.
 */

/** How a payer may pay an invoice. */
export const PAY_METHODS = ['card', 'apple_pay', 'google_pay', 'cash'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** The final and in-between states of one payment attempt (SPEC §4, transactions). */
export type PaymentStatus = 'success' | 'failed' | 'authorized' | 'pending' | 'refunded' | 'incomplete' | 'voided';

/**
 * What a payment link points at:
 * - `invoice`: an SMS, scheduled, bulk or delivery invoice, paid in full (`/smspay/{ref}`);
 * - `parts`: a split, instalment or group invoice, paid part by part (`/sp/{ref}` lists the parts);
 * - `part`: one part of those (`/smspay/{ref}` of the part);
 * - `open`: an open invoice, paid any number of times (`/open-invoice/checkout/{ref}`);
 * - `subscription`: the first payment of a recurring subscription, which keeps the card for the next ones;
 * - `order`: an order placed from a sale list's cart, paid at its checkout;
 * - `tenant`: some of a tenant's rent invoices and deposits, paid at once on the tenant's page.
 */
export type PayableKind = 'invoice' | 'parts' | 'part' | 'open' | 'subscription' | 'order' | 'tenant';

/**
 * Whether the link can be paid now. `paid` links show their receipt; `expired`, `cancelled` and
 * `not_yet_due` (an instalment before the previous one is paid) say so and offer nothing to pay.
 */
export type PayableState = 'payable' | 'paid' | 'expired' | 'cancelled' | 'not_yet_due';

export interface PayMerchant {
  name: string;
  name_ar: string | null;
  /** Absolute or root-relative URL of the merchant's logo, or null. */
  logo: string | null;
}

/** A field the merchant asks every payer of an open invoice to fill (merchant service settings). */
export interface PayField {
  name: string;
  required: boolean;
  /** Maximum length; null for the default (200). */
  characters: number | null;
}

/** One part of a split, instalment or group invoice, as the `/sp/{ref}` page lists it. */
export interface PayPart {
  reference_no: string;
  /** 1-based position. */
  seq: number;
  amount: string;
  due_date: string | null;
  /** The group member the part belongs to (group invoices), else null. */
  customer_name: string | null;
  state: PayableState;
  /** Transaction reference of the payment that paid the part, when paid. */
  receipt_reference: string | null;
}

export interface Payable {
  reference_no: string;
  kind: PayableKind;
  /** The invoice kind as the merchant chose it (quick, scheduled, delivery, split, …) or `open` / `subscription`. */
  invoice_kind: string;
  state: PayableState;
  merchant: PayMerchant;
  title: string | null;
  description: string | null;
  customer_name: string | null;
  /** KWD, three decimals; null for an open amount (then `min_amount`/`max_amount` bound what the payer enters). */
  amount: string | null;
  min_amount: string | null;
  max_amount: string | null;
  currency: 'KWD';
  methods: PayMethod[];
  fields: PayField[];
  expiry_date: string | null;
  /** Split, instalment and group invoices: their parts, in order. */
  parts: PayPart[];
  /** The reference of a payment of this link that is still being processed, if any. */
  in_flight: string | null;
  /** When `state` is `paid`: the transaction reference of the receipt. */
  receipt_reference: string | null;
  /** Recurring subscriptions: how often and how many times the card will be charged. */
  subscription: { frequency: string; number_of_periods: number | null; start_date: string } | null;
  /** The part's parent, for `part` links: where `/sp/{ref}` lists all parts. */
  parent_reference: string | null;
}

/** Card details the sandbox processor takes (never stored: only the last four digits are kept). */
export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
  holder: string;
}

/** `POST /v1/pay/{reference}`. */
export interface PayRequest {
  method: PayMethod;
  /** Open amounts only: what the payer chose to pay. */
  amount?: string;
  card?: CardInput;
  /** Open invoices: the merchant's additional fields, by name. */
  fields?: Record<string, string>;
  /** Open invoices: who pays (optional). */
  payer?: { name?: string; mobile?: string; email?: string };
  /** True when the payer chose to go on although a previous payment is still being processed. */
  continue_in_flight?: boolean;
  /** Wallet payments in the sandbox: the network of the card in the test wallet (default `visa`). */
  wallet_network?: TestWalletNetwork;
}

export interface PayResult {
  status: PaymentStatus;
  /** The transaction reference: the receipt is at `/transaction-receipt/{transaction_reference}`. */
  transaction_reference: string;
  /** Processor result code, e.g. `CAPTURED`, `DECLINED`, `PENDING`. */
  result_code: string;
  /** A message in the request's language for a declined or pending payment. */
  message: string | null;
}

/** `GET /v1/pay/receipt/{transaction reference}`. */
export interface Receipt {
  transaction_reference: string;
  invoice_reference: string | null;
  merchant: PayMerchant;
  customer_name: string | null;
  amount: string;
  currency: 'KWD';
  method: PayMethod;
  status: PaymentStatus;
  result_code: string;
  auth_code: string | null;
  payment_id: string | null;
  track_id: string | null;
  card_last4: string | null;
  created_at: string;
}

/**
 * The sandbox processor's test cards (any future expiry, any 3-digit CVV). Any other number that
 * passes the Luhn check is declined as `NOT_SUPPORTED`.
 */
export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  /** Stays pending; asked again after 10 minutes, the processor says it was paid. */
  pending: '4000000000000259',
  /** Stays pending; asked again after 10 minutes, the processor says it failed. */
  pendingFailed: '4000000000000267',
  /** Stays pending and the processor never hears back: incomplete, asked again for 7 days. */
  unanswered: '4000000000000333',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * The test wallets of the sandbox: an Apple Pay or Google Pay payment carries a card of one of two
 * networks. `knet` is the local debit network, whose wallet payments the gateway cannot refund.
 */
export const TEST_WALLET_NETWORKS = ['visa', 'knet'] as const;
export type TestWalletNetwork = (typeof TEST_WALLET_NETWORKS)[number];

/** Luhn check of a card number made of 12 to 19 digits (spaces allowed). */
export function luhnValid(input: string): boolean {
  const digits = input.replace(/ /g, '');
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Payer page paths (SPEC §2), shared by the server (links, which page to serve) and the pages. */
export const PAYER_PAGES = {
  sms: '/smspay/',
  open: '/open-invoice/checkout/',
  parts: '/sp/',
  receipt: '/transaction-receipt/',
  receiptV1: '/transaction-receipt/v1/',
  /** A tenant's rent invoices and deposits, by the tenant's `pay_token`. */
  tenant: '/tenant/payments/',
  /** The receipts of what a tenant paid, by the tenant's `pay_token`. */
  tenantReceipt: '/tenant-receipt/',
  /** Where a tenant of the merchant (by its id) asks for their link again, by civil id. */
  tenantLink: '/tenant-link/',
} as const;
