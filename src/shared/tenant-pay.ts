import type { PayMerchant, PayMethod, PayRequest, PaymentStatus } from './pay';

/**
 * What a tenant's public pages and the API say to each other (`/v1/pay/tenant/…`, no sign-in).
 * The tenant is named by the `pay_token` in their link, never by an id.
 */

/** What a tenant may owe and pay on their page. */
export const TENANT_ITEM_KINDS = ['rent_invoice', 'deposit'] as const;
export type TenantItemKind = (typeof TENANT_ITEM_KINDS)[number];

/** One rent invoice or deposit, as the tenant's page lists it. */
export interface TenantItem {
  kind: TenantItemKind;
  reference_no: string;
  /** KWD, three decimals. */
  amount: string;
  /** Rent invoices: the period the rent is for; null for a deposit. */
  period_start: string | null;
  period_end: string | null;
  /** Rent invoices: the last day to pay; null for a deposit. */
  due_date: string | null;
  /** A rent invoice whose due date has passed (Kuwait date). */
  overdue: boolean;
  /** A deposit's description. */
  description: string | null;
}

/** `GET /v1/pay/tenant/{token}`: who is asked to pay, by whom, and what is still to pay. */
export interface TenantAccount {
  merchant: PayMerchant;
  tenant_name: string;
  /** The unit rented, by its name. */
  unit_name: string | null;
  /** Unpaid and overdue rent invoices (oldest due first), then unpaid card deposits. */
  due: TenantItem[];
  methods: PayMethod[];
  /** A payment of some of these still being processed, if any (its transaction reference). */
  in_flight: string | null;
  /** How many payments the receipts page shows. */
  receipts_count: number;
}

/** One item chosen to pay. */
export interface TenantItemRef {
  kind: TenantItemKind;
  reference_no: string;
}

/** `POST /v1/pay/tenant/{token}`: the items chosen, paid together by one card payment. */
export interface TenantPayRequest extends Pick<PayRequest, 'method' | 'card' | 'continue_in_flight'> {
  items: TenantItemRef[];
}

/** One payment of the tenant's, with what it paid. */
export interface TenantReceipt {
  transaction_reference: string;
  /** The reference the payment was taken under (`TNP-…`), shown beside the transaction in the merchant's reports. */
  payment_reference: string;
  amount: string;
  method: PayMethod;
  status: PaymentStatus;
  auth_code: string | null;
  card_last4: string | null;
  paid_at: string;
  items: TenantItem[];
}

/** `GET /v1/pay/tenant/{token}/receipts`: the tenant's payments, newest first. */
export interface TenantReceipts {
  merchant: PayMerchant;
  tenant_name: string;
  unit_name: string | null;
  receipts: TenantReceipt[];
}

/** `GET /v1/pay/tenant-link?merchantId=…&civil_id=…`: the same answer whether or not the civil id is known. */
export interface TenantLinkAnswer {
  message: string;
}
