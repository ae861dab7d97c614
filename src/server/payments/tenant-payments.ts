import { fromFils, normaliseKwd } from '../../shared/money';
import type { TenantItemKind, TenantItemRef } from '../../shared/tenant-pay';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { refreshTenantStanding } from '../rentals/tenant-standing';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { filsOf } from './transactions';

/**
 * A tenant's payment of several rent invoices and deposits at once (`tenant_payments`): one card
 * payment of their sum, taken by the payment flow as any link's is (`pay.ts`), under a reference of
 * its own (`TNP-2026-000012`, the transaction's `invoice_reference`), always captured at once. A
 * success marks every item paid in the payment's database transaction: the payment is all or
 * nothing. The same items chosen again reuse their unpaid payment, so its declined attempts count
 * as one link's do.
 */

export type TenantRow = TableRow<'tenant'>;

export interface TenantPaymentRow extends Row {
  id: number;
  merchant_id: number;
  tenant_id: number;
  reference_no: string;
  items_key: string;
  /** KWD, three decimals. */
  amount: string;
  status: 'unpaid' | 'paid';
  transaction_reference: string | null;
  paid_at: string | null;
}

/** One item of a tenant payment, with its record's status as it stands (locked with the payment). */
export interface TenantPaymentItem {
  entity: TenantItemKind;
  record_id: number;
  reference_no: string;
  /** KWD, three decimals, as it was when chosen. */
  amount: string;
  /** The record's status now; null when the record is gone. */
  status: string | null;
  /** A deposit's payment method now (a deposit switched to cash is not paid by card). */
  payment_method: string | null;
}

/** What a tenant payment's target holds besides its reference. */
export interface TenantPaymentOf {
  payment: TenantPaymentRow;
  tenant: TenantRow;
  items: TenantPaymentItem[];
}

/** Whether an item can be paid on the tenant's page now: unpaid, and a deposit still by card. */
export const itemPayable = (item: Pick<TenantPaymentItem, 'status' | 'payment_method'>) =>
  item.status === 'unpaid' && (item.payment_method ?? 'card') === 'card';

const tableOf = (ctx: ServerContext, entity: TenantItemKind) => storeOf(ctx, entity).table;

/** The tenant whose link holds `token`, locked with `lock`; null when no tenant has it. */
export async function tenantByToken(
  ctx: ServerContext,
  q: Queryable,
  token: string,
  lock: boolean,
): Promise<TenantRow | null> {
  const [row] = await q.query<TenantRow>(
    `select * from ${storeOf(ctx, 'tenant').table} where pay_token = $1::text${lock ? ' for update' : ''}`,
    [token],
  );
  return row ?? null;
}

async function tenantRow(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  id: number,
  lock: boolean,
): Promise<TenantRow | null> {
  const [row] = await q.query<TenantRow>(
    `select * from ${storeOf(ctx, 'tenant').table} where merchant_id = $1::integer and id = $2::integer${lock ? ' for update' : ''}`,
    [merchantId, id],
  );
  return row ?? null;
}

/** The current status (and a deposit's method) of records of `entity`, by id; with `lock` locked in id order. */
async function recordStates(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  entity: TenantItemKind,
  ids: number[],
  lock: boolean,
): Promise<Map<number, { status: string | null; payment_method: string | null }>> {
  if (ids.length === 0) return new Map();
  const method = entity === 'deposit' ? 'payment_method' : 'null::text as payment_method';
  const rows = await q.query<{ id: number; status: string | null; payment_method: string | null }>(
    `select id, status, ${method} from ${tableOf(ctx, entity)}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by id${lock ? ' for update' : ''}`,
    [merchantId, JSON.stringify(ids)],
  );
  return new Map(rows.map((row) => [row.id, { status: row.status, payment_method: row.payment_method }]));
}

/** The items of a tenant payment with their records' status now, with `lock` the records locked (rent invoices first). */
async function itemsOf(
  ctx: ServerContext,
  q: Queryable,
  payment: TenantPaymentRow,
  lock: boolean,
): Promise<TenantPaymentItem[]> {
  const rows = await q.query<Omit<TenantPaymentItem, 'status' | 'payment_method'>>(
    `select entity, record_id, reference_no, amount::text as amount from tenant_payment_items
     where tenant_payment_id = $1::integer order by entity desc, record_id`,
    [payment.id],
  );
  const items: TenantPaymentItem[] = [];
  for (const entity of ['rent_invoice', 'deposit'] as const) {
    const own = rows.filter((row) => row.entity === entity);
    const states = await recordStates(
      ctx,
      q,
      payment.merchant_id,
      entity,
      own.map((row) => row.record_id),
      lock,
    );
    for (const row of own) {
      const state = states.get(row.record_id);
      items.push({ ...row, status: state?.status ?? null, payment_method: state?.payment_method ?? null });
    }
  }
  return items;
}

async function paymentBy(
  q: Queryable,
  where: string,
  values: unknown[],
  lock: boolean,
): Promise<TenantPaymentRow | null> {
  const [row] = await q.query<TenantPaymentRow>(
    `select id, merchant_id, tenant_id, reference_no, items_key, amount::text as amount, status,
            transaction_reference, paid_at
     from tenant_payments where ${where} order by id desc limit 1${lock ? ' for update' : ''}`,
    values,
  );
  return row ?? null;
}

/**
 * The tenant payment `reference`, its tenant and items, or null. With `lock`, its rows are locked
 * in the order every tenant payment takes them: the tenant, the payment, then its items.
 */
export async function tenantPaymentByReference(
  ctx: ServerContext,
  q: Queryable,
  reference: string,
  lock: boolean,
): Promise<TenantPaymentOf | null> {
  const found = await paymentBy(q, 'reference_no = $1::text', [reference], false);
  if (!found) return null;
  const tenant = await tenantRow(ctx, q, found.merchant_id, found.tenant_id, lock);
  if (!tenant) return null;
  const payment = lock ? await paymentBy(q, 'id = $1::integer', [found.id], true) : found;
  if (!payment) return null;
  return { payment, tenant, items: await itemsOf(ctx, q, payment, lock) };
}

/** A chosen item's record, read locked. */
interface ChosenRecord {
  entity: TenantItemKind;
  id: number;
  reference_no: string;
  amount: string;
  status: string | null;
  payment_method: string | null;
}

/**
 * The tenant's records the request names, locked (rent invoices, then deposits, each in id order).
 * A reference that is not one of this tenant's is unknown (400), whoever it belongs to; one that can
 * no longer be paid here (paid meanwhile, cancelled, a deposit switched to cash) is a 409.
 */
export async function chosenRecords(
  ctx: ServerContext,
  q: Queryable,
  tenant: TenantRow,
  refs: readonly TenantItemRef[],
): Promise<ChosenRecord[]> {
  const chosen: ChosenRecord[] = [];
  for (const entity of ['rent_invoice', 'deposit'] as const) {
    const references = refs.filter((ref) => ref.kind === entity).map((ref) => ref.reference_no);
    if (references.length === 0) continue;
    const method = entity === 'deposit' ? 'payment_method' : 'null::text as payment_method';
    const rows = await q.query<Omit<ChosenRecord, 'entity'>>(
      `select id, reference_no, amount::text as amount, status, ${method} from ${tableOf(ctx, entity)}
       where merchant_id = $1::integer and tenant_id = $2::integer
         and reference_no in (select jsonb_array_elements_text($3::text::jsonb))
       order by id for update`,
      [tenant.merchant_id, tenant.id, JSON.stringify(references)],
    );
    if (rows.length !== new Set(references).size)
      throw new ApiError(400, 'validation.tenant_item_unknown', { items: { key: 'validation.tenant_item_unknown' } });
    chosen.push(...rows.map((row) => ({ ...row, entity })));
  }
  if (!chosen.every(itemPayable)) throw new ApiError(409, 'app.message.tenant_items_changed');
  return chosen;
}

/** The same items at the same amounts make the same key, whatever order they were chosen in. */
const keyOf = (records: readonly ChosenRecord[]) =>
  records
    .map((record) => `${record.entity}:${record.id}:${normaliseKwd(record.amount)}`)
    .sort()
    .join(',');

/**
 * The unpaid tenant payment of exactly `records` (locked), made now when there is none: its
 * reference drawn from one sequence, its amount the items' sum in fils.
 */
export async function tenantPaymentOf(
  q: Queryable,
  tenant: TenantRow,
  records: readonly ChosenRecord[],
  now: Date,
): Promise<TenantPaymentOf> {
  const key = keyOf(records);
  const existing = await paymentBy(
    q,
    `merchant_id = $1::integer and tenant_id = $2::integer and items_key = $3::text and status = 'unpaid'`,
    [tenant.merchant_id, tenant.id, key],
    true,
  );
  const payment = existing ?? (await insertPayment(q, tenant, records, key, now));
  return { payment, tenant, items: records.map(({ id, ...record }) => ({ ...record, record_id: id })) };
}

async function insertPayment(
  q: Queryable,
  tenant: TenantRow,
  records: readonly ChosenRecord[],
  key: string,
  now: Date,
): Promise<TenantPaymentRow> {
  const total = records.reduce((sum, record) => sum + filsOf(record.amount), 0n);
  const [{ n }] = await q.query<{ n: number }>(`select nextval('tenant_payment_seq')::integer as n`);
  const reference = `TNP-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
  const [payment] = await q.query<TenantPaymentRow>(
    `insert into tenant_payments (merchant_id, tenant_id, reference_no, items_key, amount, created_at)
     values ($1::integer, $2::integer, $3::text, $4::text, $5::numeric, $6::timestamptz)
     returning id, merchant_id, tenant_id, reference_no, items_key, amount::text as amount, status,
               transaction_reference, paid_at`,
    [tenant.merchant_id, tenant.id, reference, key, fromFils(total), now.toISOString()],
  );
  await q.query(
    `insert into tenant_payment_items (tenant_payment_id, merchant_id, entity, record_id, reference_no, amount)
     select $1::integer, $2::integer, item->>'entity', (item->>'id')::integer, item->>'reference_no', (item->>'amount')::numeric
     from jsonb_array_elements($3::text::jsonb) as item`,
    [payment.id, tenant.merchant_id, JSON.stringify(records)],
  );
  return payment;
}

/**
 * Marks every item of a successful tenant payment paid, in the payment's database
 * transaction: a rent invoice `paid` with its `paid_at`, a deposit `paid`; then the tenant's
 * standing (last and next payment, payment status) follows.
 */
export async function markTenantPaid(
  ctx: ServerContext,
  q: Queryable,
  paid: TenantPaymentOf,
  transactionReference: string,
  now: Date,
): Promise<void> {
  const { payment, tenant } = paid;
  const at = now.toISOString();
  for (const item of paid.items) {
    if (item.entity === 'rent_invoice')
      await storeOf(ctx, 'rent_invoice').update(
        q,
        payment.merchant_id,
        item.record_id,
        { status: 'paid', paid_at: at },
        'patch',
      );
    else await storeOf(ctx, 'deposit').update(q, payment.merchant_id, item.record_id, { status: 'paid' }, 'patch');
  }
  await q.query(
    `update tenant_payments set status = 'paid', transaction_reference = $2::text, paid_at = $3::timestamptz
     where id = $1::integer`,
    [payment.id, transactionReference, at],
  );
  await refreshTenantStanding(ctx, q, payment.merchant_id, tenant.id);
}
