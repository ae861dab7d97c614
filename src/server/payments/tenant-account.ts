import { normaliseKwd } from '../../shared/money';
import type { TenantAccount, TenantItem, TenantItemKind, TenantReceipt, TenantReceipts } from '../../shared/tenant-pay';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { payMerchant, TENANT_METHODS } from './payable';
import type { TenantRow } from './tenant-payments';
import { IN_FLIGHT_MS } from './transactions';

/**
 * What a tenant's public pages show (`GET /v1/pay/tenant/{token}` and its receipts): what is still
 * to pay, and what was paid. Only the tenant's own records, whoever else the merchant rents to.
 */

interface ItemRow extends Row {
  id: number;
  reference_no: string;
  amount: string;
  period_start: string | null;
  period_end: string | null;
  due_date: string | null;
  description: string | null;
}

const itemOf = (kind: TenantItemKind, row: ItemRow, today: string): TenantItem => ({
  kind,
  reference_no: row.reference_no,
  amount: normaliseKwd(row.amount),
  period_start: row.period_start,
  period_end: row.period_end,
  due_date: row.due_date,
  overdue: kind === 'rent_invoice' && row.due_date !== null && row.due_date < today,
  description: row.description,
});

/** The tenant's unpaid rent invoices, oldest due first, then their unpaid deposits paid by card. */
async function dueItems(ctx: ServerContext, q: Queryable, tenant: TenantRow, today: string): Promise<TenantItem[]> {
  const rent = await q.query<ItemRow>(
    `select id, reference_no, amount::text as amount, period_start::text as period_start,
            period_end::text as period_end, due_date::text as due_date, null::text as description
     from ${storeOf(ctx, 'rent_invoice').table}
     where merchant_id = $1::integer and tenant_id = $2::integer and status = 'unpaid'
     order by due_date, id`,
    [tenant.merchant_id, tenant.id],
  );
  const deposits = await q.query<ItemRow>(
    `select id, reference_no, amount::text as amount, null::text as period_start, null::text as period_end,
            null::text as due_date, description
     from ${storeOf(ctx, 'deposit').table}
     where merchant_id = $1::integer and tenant_id = $2::integer and status = 'unpaid'
       and coalesce(payment_method, 'card') = 'card'
     order by created_at, id`,
    [tenant.merchant_id, tenant.id],
  );
  return [
    ...rent.map((row) => itemOf('rent_invoice', row, today)),
    ...deposits.map((row) => itemOf('deposit', row, today)),
  ];
}

async function unitName(ctx: ServerContext, q: Queryable, tenant: TenantRow): Promise<string | null> {
  if (!tenant.unit_id) return null;
  const [unit] = await q.query<{ name: string | null }>(
    `select name from ${storeOf(ctx, 'unit').table} where merchant_id = $1::integer and id = $2::integer`,
    [tenant.merchant_id, tenant.unit_id],
  );
  return unit?.name ?? null;
}

/**
 * The transaction reference of a card payment of the tenant's still pending for less than 10
 * minutes, one that pays any of `items` (`<entity>:<id>`) when given; else null.
 */
export async function tenantInFlight(
  q: Queryable,
  tenant: TenantRow,
  now: Date,
  items: readonly string[] | null = null,
): Promise<string | null> {
  const [row] = await q.query<{ reference_no: string }>(
    `select t.reference_no from transactions t
     join tenant_payments p on p.merchant_id = t.merchant_id and p.reference_no = t.invoice_reference
     where t.merchant_id = $1::integer and p.tenant_id = $2::integer and t.status = 'pending'
       and t.payment_method <> 'cash' and t.created_at > $3::timestamptz
       and ($4::text is null or exists (
         select 1 from tenant_payment_items i
         where i.tenant_payment_id = p.id
           and i.entity || ':' || i.record_id in (select jsonb_array_elements_text($4::text::jsonb))))
     order by t.created_at desc, t.id desc limit 1`,
    [
      tenant.merchant_id,
      tenant.id,
      new Date(now.getTime() - IN_FLIGHT_MS).toISOString(),
      items && JSON.stringify(items),
    ],
  );
  return row?.reference_no ?? null;
}

/** The tenant's page: who asks, what is still to pay and whether a payment is on its way. */
export async function tenantAccountOf(
  ctx: ServerContext,
  q: Queryable,
  tenant: TenantRow,
  today: string,
  now: Date,
): Promise<TenantAccount> {
  const [{ count }] = await q.query<{ count: number }>(
    `select count(*)::integer as count from tenant_payments
     where merchant_id = $1::integer and tenant_id = $2::integer and status = 'paid'`,
    [tenant.merchant_id, tenant.id],
  );
  return {
    merchant: await payMerchant(q, tenant.merchant_id),
    tenant_name: tenant.name ?? '',
    unit_name: await unitName(ctx, q, tenant),
    due: await dueItems(ctx, q, tenant, today),
    methods: TENANT_METHODS,
    in_flight: await tenantInFlight(q, tenant, now),
    receipts_count: count,
  };
}

/** How many payments the receipts page shows, newest first. */
const RECEIPTS_SHOWN = 50;

interface ReceiptRow extends Omit<TenantReceipt, 'items'>, Row {
  id: number;
}

interface PaidItemRow extends ItemRow {
  tenant_payment_id: number;
  entity: TenantItemKind;
}

/** The tenant's payments with what each paid, newest first. */
export async function tenantReceiptsOf(
  ctx: ServerContext,
  q: Queryable,
  tenant: TenantRow,
  today: string,
): Promise<TenantReceipts> {
  const payments = await q.query<ReceiptRow>(
    `select p.id, t.reference_no as transaction_reference, p.reference_no as payment_reference,
            t.amount::text as amount, t.payment_method as method, t.status, t.auth_code, t.card_last4,
            p.paid_at
     from tenant_payments p
     join ${storeOf(ctx, 'transaction').table} t
       on t.merchant_id = p.merchant_id and t.reference_no = p.transaction_reference
     where p.merchant_id = $1::integer and p.tenant_id = $2::integer and p.status = 'paid'
     order by p.paid_at desc, p.id desc limit ${RECEIPTS_SHOWN}`,
    [tenant.merchant_id, tenant.id],
  );
  const items = await q.query<PaidItemRow>(
    `select i.tenant_payment_id, i.entity, i.record_id as id, i.reference_no, i.amount::text as amount,
            r.period_start::text as period_start, r.period_end::text as period_end, r.due_date::text as due_date,
            d.description
     from tenant_payment_items i
     left join ${storeOf(ctx, 'rent_invoice').table} r on i.entity = 'rent_invoice' and r.id = i.record_id
     left join ${storeOf(ctx, 'deposit').table} d on i.entity = 'deposit' and d.id = i.record_id
     where i.merchant_id = $1::integer
       and i.tenant_payment_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by i.entity desc, r.due_date nulls last, i.record_id`,
    [tenant.merchant_id, JSON.stringify(payments.map((payment) => payment.id))],
  );
  return {
    merchant: await payMerchant(q, tenant.merchant_id),
    tenant_name: tenant.name ?? '',
    unit_name: await unitName(ctx, q, tenant),
    receipts: payments.map(({ id, ...payment }) => ({
      ...payment,
      amount: normaliseKwd(payment.amount),
      items: items
        .filter((item) => item.tenant_payment_id === id)
        // A paid item is not overdue any more: it is shown as it was paid.
        .map((item) => ({ ...itemOf(item.entity, item, today), overdue: false })),
    })),
  };
}
