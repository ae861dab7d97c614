import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { assertSet, type TableRow, type WithSet } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { isPartKind, partByReference, partsOf, type PartRow } from './parts';
import { tenantPaymentByReference, type TenantPaymentOf } from './tenant-payments';

/**
 * What a payment reference points at. References are unique within their table (generated
 * references, `<invoice reference>-<seq>` for parts, `TNP-…` for what a tenant pays at once on
 * their page); a reference is looked up in each table in turn.
 */

/**
 * An invoice, an open invoice or a subscription as a payment reads it: its table's row, locked,
 * with the values every one is stored with checked set (an invoice's kind is the schema's default
 * when none was given; a subscription is created with its frequency and start).
 */
export type InvoiceRow = WithSet<TableRow<'invoice'>, 'kind'>;
export type OpenInvoiceRow = TableRow<'open_invoice'>;
export type SubscriptionRow = WithSet<TableRow<'subscription'>, 'frequency' | 'start_date'>;
export type OrderRow = TableRow<'sale_order'>;

export type Target =
  | { kind: 'invoice'; merchantId: number; reference: string; invoice: InvoiceRow }
  | { kind: 'parts'; merchantId: number; reference: string; invoice: InvoiceRow; parts: PartRow[] }
  | { kind: 'part'; merchantId: number; reference: string; invoice: InvoiceRow; part: PartRow; parts: PartRow[] }
  | { kind: 'open'; merchantId: number; reference: string; open: OpenInvoiceRow }
  | { kind: 'subscription'; merchantId: number; reference: string; subscription: SubscriptionRow }
  | { kind: 'order'; merchantId: number; reference: string; order: OrderRow }
  | ({ kind: 'tenant'; merchantId: number; reference: string } & TenantPaymentOf);

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

/** The invoice `column` names, its kind checked set. */
async function invoiceBy(
  q: Queryable,
  table: string,
  column: 'reference_no' | 'id',
  value: string | number,
  lock: boolean,
): Promise<InvoiceRow | null> {
  const invoice = await rowBy<TableRow<'invoice'>>(q, table, column, value, lock);
  if (invoice) assertSet(invoice, ['kind'], 'An invoice');
  return invoice;
}

async function invoiceTarget(q: Queryable, reference: string, invoice: InvoiceRow): Promise<Target> {
  const base = { merchantId: invoice.merchant_id, reference, invoice };
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
  const invoice = await invoiceBy(q, invoices, 'reference_no', reference, lock);
  if (invoice) return invoiceTarget(q, reference, invoice);

  const found = await partByReference(q, reference);
  if (found) {
    const parent = await invoiceBy(q, invoices, 'id', found.invoice_id, lock);
    const part = lock ? await partByReference(q, reference, true) : found;
    if (!parent || !part) return null;
    const parts = await partsOf(q, part.merchant_id, parent.id);
    return { kind: 'part', merchantId: part.merchant_id, reference, invoice: parent, part, parts };
  }

  const open = await rowBy<OpenInvoiceRow>(q, storeOf(ctx, 'open_invoice').table, 'reference_no', reference, lock);
  if (open) return { kind: 'open', merchantId: open.merchant_id, reference, open };

  const subscription = await rowBy<TableRow<'subscription'>>(
    q,
    storeOf(ctx, 'subscription').table,
    'reference_no',
    reference,
    lock,
  );
  if (subscription) {
    assertSet(subscription, ['frequency', 'start_date'], 'A subscription');
    return { kind: 'subscription', merchantId: subscription.merchant_id, reference, subscription };
  }

  const order = await rowBy<OrderRow>(q, storeOf(ctx, 'sale_order').table, 'reference_no', reference, lock);
  if (order) return { kind: 'order', merchantId: order.merchant_id, reference, order };

  const tenant = await tenantPaymentByReference(ctx, q, reference, lock);
  return tenant ? { kind: 'tenant', merchantId: tenant.payment.merchant_id, reference, ...tenant } : null;
}
