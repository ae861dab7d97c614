/**
 * The collections view as the API answers it (`GET /v1/invoice/collections`), shared by the
 * server's route and the portal's screen: everything the merchant's customers and tenants still
 * owe, one row per thing asked for, ordered by how long it is overdue, with totals per age bucket.
 */

export const COLLECTIONS_ENDPOINT = '/invoice/collections';

/** `GET` with the list's own query: the count and sum of each bucket. */
export const COLLECTIONS_TOTALS_ENDPOINT = '/invoice/collections/totals';

/** `POST { id }`: reminds the row's customer (at most once a Kuwait day per row). */
export const COLLECTIONS_REMIND_ENDPOINT = '/invoice/collections/remind';

/**
 * What a row asks payment for: an SMS invoice (quick, scheduled, delivery, bulk), a part of a split,
 * instalment or group invoice, a fixed-amount open invoice nobody paid yet, a subscription whose
 * charge failed, a rent invoice, a deposit.
 */
export const COLLECTION_KINDS = [
  'invoice',
  'invoice_part',
  'open_invoice',
  'subscription',
  'rent_invoice',
  'deposit',
] as const;

export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/** The entity whose record a row of each kind opens, and whose gate lets a user see the kind. */
export const KIND_ENTITIES: Readonly<Record<CollectionKind, string>> = {
  invoice: 'invoice',
  invoice_part: 'invoice',
  open_invoice: 'open_invoice',
  subscription: 'subscription',
  rent_invoice: 'rent_invoice',
  deposit: 'deposit',
};

/** Ages of what is owed: not due yet (or due today), then by days past the due date. */
export const COLLECTION_BUCKETS = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;

export type CollectionBucket = (typeof COLLECTION_BUCKETS)[number];

/** The bucket of a row `days` past its due date (0 or fewer: not due yet). */
export function bucketOf(days: number): CollectionBucket {
  if (days <= 0) return 'not_due';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  return days <= 90 ? 'days_61_90' : 'days_over_90';
}

/** What the list may be sorted by. */
export const COLLECTION_SORTS = ['days_overdue', 'amount', 'due_date', 'customer_name'] as const;

export type CollectionSort = (typeof COLLECTION_SORTS)[number];

/** Longest overdue first. */
export const COLLECTIONS_DEFAULT_SORT: readonly [CollectionSort, 'ASC' | 'DESC'] = ['days_overdue', 'DESC'];

/** One thing owed. */
export interface CollectionRow {
  /** `<kind>-<record id>`: unique across kinds. */
  id: string;
  kind: CollectionKind;
  record_id: number;
  /** The id of the record the row opens (a part opens its invoice). */
  open_id: number;
  reference_no: string;
  /** The customer or tenant; null when nobody is named (an open invoice). */
  customer_name: string | null;
  /** KWD, three decimals. */
  amount: string;
  due_date: string;
  /** Days since the due date, by the Kuwait day; negative while it is still to come. */
  days_overdue: number;
  bucket: CollectionBucket;
  /** When the last reminder was sent, if ever. */
  last_reminder_at: string | null;
  /** Whether a reminder can be sent now: someone to send it to, and none sent today. */
  can_remind: boolean;
  /** A tenant's running contract ends within 30 days. */
  contract_expiring: boolean;
}

/** The totals of the rows the filter matches: all of them and per bucket. */
export interface CollectionTotals {
  count: number;
  amount: string;
  buckets: Record<CollectionBucket, { count: number; amount: string }>;
}
