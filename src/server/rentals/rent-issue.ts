import type { EntitySchema } from '../../schema/types';
import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ident } from '../storage/columns';
import { kuwaitToday } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';
import { nextNumbered } from '../storage/generated';
import type { PeriodDates } from './rent-periods';
import { queueRentMessages, type IssuedInvoice } from './rent-messages';
import type { Tenancy } from './tenancies';
import { tenantPayLink } from './tenant-link';
import { refreshStandings } from './tenant-standing';

/**
 * Issuing rent invoices, for the scheduler's batches and the merchant's "issue now" alike: the
 * invoices of many periods written with one statement, each told to the storage's listeners (the
 * change history) as a create is, their messages queued, their tenants' standing refreshed — all
 * in the caller's transaction. A tenant has at most one invoice per period: the unique index of
 * `rentInvoiceIndexes` refuses a second one, which is then left out (not an error), so two servers
 * issuing at once issue and send each invoice once.
 */

/** One period of one tenancy to invoice. */
export interface RentPlan {
  tenancy: Tenancy;
  period: PeriodDates;
}

/**
 * The indexes of the rent invoices: one invoice per tenant and period (a cancelled one aside, which
 * older databases may hold beside the period's invoice), the periods a tenant is invoiced up to,
 * and the unpaid ones by due date (the scheduler's overdue marking).
 */
export function rentInvoiceIndexes(entities: readonly EntitySchema[]): string[] {
  const entity = entities.find((candidate) => candidate.$id === 'rent_invoice');
  if (!entity) return [];
  const table = entity['x-resource'].table;
  return [
    `create unique index if not exists ${ident(`${table}_tenant_period_key`)} on ${ident(table)} (tenant_id, period_start)
     where status <> 'cancelled'`,
    `create index if not exists ${ident(`${table}_tenant_period_end_idx`)} on ${ident(table)} (tenant_id, period_end)`,
    `create index if not exists ${ident(`${table}_unpaid_due_idx`)} on ${ident(table)} (due_date) where status = 'unpaid'`,
  ];
}

/**
 * Issues the invoices of `plans` at `at` (the clock the rules read), in `q`'s transaction, and
 * resolves with those written: a period already invoiced is left out. The caller kicks the outbox
 * once committed.
 */
export async function issueRentInvoices(
  ctx: ServerContext,
  q: Queryable,
  plans: readonly RentPlan[],
  at: Date,
): Promise<IssuedInvoice[]> {
  if (plans.length === 0) return [];
  const store = storeOf(ctx, 'rent_invoice');
  const references = await nextNumbered(q, store.entity, 'reference_no', plans.length);
  const rows = plans.map(({ tenancy, period }, index) => ({
    merchant_id: tenancy.row.merchant_id,
    reference_no: references[index],
    tenant_id: tenancy.row.tenant_id,
    unit_id: tenancy.row.unit_id,
    period_start: period.start,
    period_end: period.end,
    amount: fromFils(tenancy.rent),
    due_date: period.due,
    payment_link: tenantPayLink(ctx, tenancy.row, tenancy.language),
  }));
  const stamp = at.toISOString();
  const issued = await q.query<IssuedInvoice & Record<string, unknown>>(
    `insert into ${store.table}
       (merchant_id, reference_no, tenant_id, unit_id, period_start, period_end, amount, due_date, status,
        payment_link, created_at, updated_at)
     select x.merchant_id, x.reference_no, x.tenant_id, x.unit_id, x.period_start::date, x.period_end::date,
            x.amount::numeric, x.due_date::date, 'unpaid', x.payment_link, $2::timestamptz, $2::timestamptz
     from jsonb_to_recordset($1::text::jsonb) as x(merchant_id integer, reference_no text, tenant_id integer,
       unit_id integer, period_start text, period_end text, amount text, due_date text, payment_link text)
     on conflict (tenant_id, period_start) where status <> 'cancelled' do nothing
     returning *`,
    [JSON.stringify(rows), stamp],
  );
  await ctx.events.tellCreated(
    issued.map((invoice) => ({
      kind: 'created' as const,
      q,
      entity: store.entity,
      merchantId: Number(invoice.merchant_id),
      record: invoice,
      written: {},
    })),
  );
  const tenancies = new Map(plans.map((plan) => [plan.tenancy.row.tenant_id, plan.tenancy]));
  await queueRentMessages(q, ctx, issued, tenancies);
  await refreshStandings(
    ctx,
    q,
    issued.map((invoice) => invoice.tenant_id ?? 0),
    { today: kuwaitToday(at) },
  );
  return issued;
}
