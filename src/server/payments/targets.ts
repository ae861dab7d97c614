import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { isPartKind, partByReference, partsOf, type PartRow } from './parts';
import { storeOf } from './stores';

/**
 * What a payment reference points at. References are unique within their table (generated
 * references, `<invoice reference>-<seq>` for parts); a reference is looked up in each table in turn.
 */

export interface InvoiceRow extends Row {
  id: number;
  merchant_id: number;
  reference_no: string;
  kind: string;
  status: string;
  amount: string;
  expiry_date: string | null;
  payment_methods: string[] | null;
  webhook_url: string | null;
}

export interface OpenInvoiceRow extends Row {
  id: number;
  merchant_id: number;
  reference_no: string;
  amount_type: 'fixed' | 'open';
  amount: string | null;
  min_amount: string | null;
  max_amount: string | null;
  status: string;
  expiry_date: string | null;
  payment_methods: string[] | null;
}

export interface SubscriptionRow extends Row {
  id: number;
  merchant_id: number;
  reference_no: string;
  amount: string;
  frequency: string;
  number_of_periods: number | null;
  start_date: string;
  status: string;
  number_of_recurrences: number | null;
  webhook_url: string | null;
}

export type Target =
  | { kind: 'invoice'; merchantId: number; reference: string; invoice: InvoiceRow }
  | { kind: 'parts'; merchantId: number; reference: string; invoice: InvoiceRow; parts: PartRow[] }
  | { kind: 'part'; merchantId: number; reference: string; invoice: InvoiceRow; part: PartRow; parts: PartRow[] }
  | { kind: 'open'; merchantId: number; reference: string; open: OpenInvoiceRow }
  | { kind: 'subscription'; merchantId: number; reference: string; subscription: SubscriptionRow };

async function rowBy<T extends Row>(
  q: Queryable,
  table: string,
  column: 'reference_no' | 'id',
  value: string | number,
  lock: boolean,
): Promise<T | null> {
  const cast = column === 'id' ? 'integer' : 'text';
  const [row] = await q.query<T>(`select * from ${table} where ${column} = $1::${cast}${lock ? ' for update' : ''}`, [
    value,
  ]);
  return row ?? null;
}

async function invoiceTarget(q: Queryable, invoice: InvoiceRow): Promise<Target> {
  const base = { merchantId: invoice.merchant_id, reference: invoice.reference_no, invoice };
  // An invoice of a part kind made without parts (older data) is paid in one go.
  const parts = isPartKind(invoice.kind) ? await partsOf(q, invoice.merchant_id, invoice.id) : [];
  return parts.length > 0 ? { kind: 'parts', ...base, parts } : { kind: 'invoice', ...base };
}

/**
 * The target of `reference`, or null. With `lock`, the rows a payment changes are locked until the
 * transaction ends: the invoice before its part, always in that order, so two payers of two parts
 * of one invoice wait for each other instead of deadlocking.
 */
export async function findTarget(
  ctx: ServerContext,
  q: Queryable,
  reference: string,
  lock: boolean,
): Promise<Target | null> {
  const invoices = storeOf(ctx, 'invoice').table;
  const invoice = await rowBy<InvoiceRow>(q, invoices, 'reference_no', reference, lock);
  if (invoice) return invoiceTarget(q, invoice);

  const found = await partByReference(q, reference);
  if (found) {
    const parent = await rowBy<InvoiceRow>(q, invoices, 'id', found.invoice_id, lock);
    const part = lock ? await partByReference(q, reference, true) : found;
    if (!parent || !part) return null;
    const parts = await partsOf(q, part.merchant_id, parent.id);
    return { kind: 'part', merchantId: part.merchant_id, reference, invoice: parent, part, parts };
  }

  const open = await rowBy<OpenInvoiceRow>(q, storeOf(ctx, 'open_invoice').table, 'reference_no', reference, lock);
  if (open) return { kind: 'open', merchantId: open.merchant_id, reference, open };

  const subscription = await rowBy<SubscriptionRow>(
    q,
    storeOf(ctx, 'subscription').table,
    'reference_no',
    reference,
    lock,
  );
  if (subscription) return { kind: 'subscription', merchantId: subscription.merchant_id, reference, subscription };
  return null;
}
