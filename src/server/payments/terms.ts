import { toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { TableRow } from '../storage/entity-rows';
import type { Target } from './targets';

/**
 * The terms a merchant's payments run under, from its own merchant service (the `merchant_service`
 * row without a sub-merchant) of the kind of thing paid: an invoice's `quick_invoice` service (a
 * delivery invoice's `delivery_invoice`), an open invoice's `open_invoice`, a subscription's
 * `subscription`, else (a tenant's rent and deposits too) the merchant's `payment_gateway` service. Without any, nothing is limited
 * and payments are captured at once. Zero means unlimited (SPEC §9).
 */

export interface PaymentTerms {
  /** The service the terms come from, or null when the merchant has none of those services. */
  serviceType: string | null;
  /**
   * Days an authorisation may wait for its capture; 0: card payments are captured at once. From 1,
   * card payments are only authorised, and the merchant captures them within that many days.
   */
  captureDays: number;
  /** `partial`: a capture of part of an authorisation releases the rest; `full`: only the whole may be captured. */
  captureType: 'full' | 'partial';
  /** Successful payments a Kuwait day may have; 0 unlimited. */
  maxTransactionsPerDay: number;
  /** Largest single payment in fils; 0 unlimited. */
  maxTransactionAmount: bigint;
  /** Total of a Kuwait day's payments in fils; 0 unlimited. */
  dailyTotal: bigint;
  /** Total of a Kuwait month's payments in fils; 0 unlimited. */
  monthlyTotal: bigint;
  /** Minutes an SMS invoice's link stays payable after it was sent; 0 for as long as the invoice is open. */
  smsActiveMinutes: number;
  /** Failed attempts an invoice may have before no further one is taken; null unlimited. */
  maxAttempts: number | null;
}

/** Terms of a merchant without a service: nothing limited, everything captured at once. */
export const OPEN_TERMS: PaymentTerms = {
  serviceType: null,
  captureDays: 0,
  captureType: 'full',
  maxTransactionsPerDay: 0,
  maxTransactionAmount: 0n,
  dailyTotal: 0n,
  monthlyTotal: 0n,
  smsActiveMinutes: 0,
  maxAttempts: null,
};

/** The services whose terms apply to paying `target`, the first the merchant has winning. */
export function serviceTypesOf(target: Target): string[] {
  switch (target.kind) {
    case 'open':
      return ['open_invoice', 'payment_gateway'];
    case 'subscription':
      return ['subscription', 'payment_gateway'];
    case 'order':
      return ['product_listing', 'payment_gateway'];
    case 'tenant':
      return ['payment_gateway'];
    default:
      return target.invoice.kind === 'delivery'
        ? ['delivery_invoice', 'quick_invoice', 'payment_gateway']
        : ['quick_invoice', 'payment_gateway'];
  }
}

type ServiceRow = Pick<
  TableRow<'merchant_service'>,
  | 'service_type'
  | 'capture_type'
  | 'capture_days'
  | 'max_transactions_per_day'
  | 'max_transaction_amount'
  | 'daily_total'
  | 'monthly_total'
  | 'sms_active_minutes'
  | 'invoice_transaction_settings'
>;

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);
const fils = (value: unknown) => (value === null || value === undefined ? 0n : (toFils(String(value)) ?? 0n));

function termsOf(row: ServiceRow): PaymentTerms {
  const settings = row.invoice_transaction_settings as { max_attempts?: unknown } | null | undefined;
  const attempts = count(settings?.max_attempts);
  return {
    serviceType: String(row.service_type),
    captureDays: count(row.capture_days),
    captureType: row.capture_type === 'partial' ? 'partial' : 'full',
    maxTransactionsPerDay: count(row.max_transactions_per_day),
    maxTransactionAmount: fils(row.max_transaction_amount),
    dailyTotal: fils(row.daily_total),
    monthlyTotal: fils(row.monthly_total),
    smsActiveMinutes: count(row.sms_active_minutes),
    maxAttempts: attempts === 0 ? null : attempts,
  };
}

/** The terms of the merchant's own service of the first of `serviceTypes` it has; `OPEN_TERMS` without one. */
export async function paymentTerms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  serviceTypes: readonly string[],
): Promise<PaymentTerms> {
  const store = ctx.stores.get('merchant_service');
  if (!store) return OPEN_TERMS;
  const rows = await q.query<ServiceRow>(
    `select service_type, capture_type, capture_days, max_transactions_per_day, max_transaction_amount,
            daily_total, monthly_total, sms_active_minutes, invoice_transaction_settings
     from ${store.table}
     where merchant_id = $1::integer and sub_merchant_id is null
       and service_type in (select jsonb_array_elements_text($2::text::jsonb))
     order by id desc`,
    [merchantId, serviceTypes],
  );
  for (const type of serviceTypes) {
    const row = rows.find((candidate) => candidate.service_type === type);
    if (row) return termsOf(row);
  }
  return OPEN_TERMS;
}
