import { now } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { kuwaitToday } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';
import { periodAfter, periodOn } from './rent-periods';
import { tenancyOf, tenancySelect, type TenancyRow } from './tenancies';

/**
 * A tenant's standing — `payment_status`, `last_payment_date`, `next_payment_date` — read from the
 * tenant's rent invoices, never kept apart from them: `overdue` while an unpaid invoice is past its
 * due date (in Kuwait), `unpaid` while one is unpaid but not yet due, else `paid` (nothing owed).
 * The last payment is the day (in Kuwait) the latest invoice was paid; the next one is the due date
 * of the oldest unpaid invoice, else of the next period the schedule will invoice.
 */

type Standing = 'paid' | 'unpaid' | 'overdue';

interface StandingRow {
  id: number;
  payment_status: Standing;
  last_payment: string | null;
  next_payment: string | null;
}

/** The standing of one tenant from its invoices' figures. */
function standingOf(
  row: TenancyRow,
  invoices: { last_paid: string | Date | null; first_due: string | null } | undefined,
  today: string,
): StandingRow {
  const lastPaid = invoices?.last_paid ? kuwaitToday(new Date(invoices.last_paid)) : null;
  const firstDue = invoices?.first_due ?? null;
  if (firstDue)
    return {
      id: row.tenant_id,
      payment_status: firstDue < today ? 'overdue' : 'unpaid',
      last_payment: lastPaid,
      next_payment: firstDue,
    };
  const tenancy = tenancyOf(row);
  const next = tenancy
    ? row.last_start
      ? periodAfter(tenancy.schedule, row.last_start)
      : (periodOn(tenancy.schedule, today) ?? periodAfter(tenancy.schedule, today))
    : null;
  return { id: row.tenant_id, payment_status: 'paid', last_payment: lastPaid, next_payment: next?.due ?? null };
}

/**
 * Sets the standing of the tenants `tenantIds` (of `merchantId` when given) from their rent
 * invoices as of `today` (Kuwait; default the clock's), in `q`'s transaction, with one read and one
 * write however many they are. A tenant whose standing is unchanged is not written.
 */
export async function refreshStandings(
  ctx: ServerContext,
  q: Queryable,
  tenantIds: readonly number[],
  { merchantId, today = kuwaitToday(now()) }: { merchantId?: number; today?: string } = {},
): Promise<void> {
  if (tenantIds.length === 0) return;
  const ids = JSON.stringify([...new Set(tenantIds)]);
  const scope = merchantId === undefined ? '' : ' and t.merchant_id = $3::integer';
  const params = merchantId === undefined ? [today, ids] : [today, ids, merchantId];
  const tenancies = await q.query<TenancyRow>(
    `${tenancySelect(ctx)} where t.id in (select jsonb_array_elements_text($2::text::jsonb)::integer)${scope}`,
    params,
  );
  if (tenancies.length === 0) return;
  const figures = await q.query<{ tenant_id: number; last_paid: string | Date | null; first_due: string | null }>(
    `select tenant_id, max(paid_at) filter (where status = 'paid') as last_paid,
            (min(due_date) filter (where status = 'unpaid'))::text as first_due
     from ${storeOf(ctx, 'rent_invoice').table}
     where tenant_id in (select jsonb_array_elements_text($1::text::jsonb)::integer)
     group by tenant_id`,
    [JSON.stringify(tenancies.map((row) => row.tenant_id))],
  );
  const byTenant = new Map(figures.map((row) => [row.tenant_id, row]));
  const standings = tenancies.map((row) => standingOf(row, byTenant.get(row.tenant_id), today));
  await q.query(
    `update ${storeOf(ctx, 'tenant').table} t
     set payment_status = s.payment_status, last_payment_date = s.last_payment::date,
         next_payment_date = s.next_payment::date
     from jsonb_to_recordset($1::text::jsonb) as s(id integer, payment_status text, last_payment text, next_payment text)
     where t.id = s.id
       and (t.payment_status, t.last_payment_date, t.next_payment_date)
           is distinct from (s.payment_status, s.last_payment::date, s.next_payment::date)`,
    [JSON.stringify(standings)],
  );
}

/**
 * Sets the standing of one of the merchant's tenants from its rent invoices, in `q`'s transaction:
 * call it after anything that issues, pays or cancels one of the tenant's rent invoices.
 */
export async function refreshTenantStanding(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  tenantId: number,
): Promise<void> {
  await refreshStandings(ctx, q, [tenantId], { merchantId });
}

/**
 * Marks `overdue` every tenant with an unpaid rent invoice whose due date has passed by `today`
 * (Kuwait): a standing that changes with the calendar alone, so the scheduler asks each pass.
 * Resolves with how many tenants it marked.
 */
export async function markOverdueTenants(ctx: ServerContext, today: string): Promise<number> {
  const rows = await ctx.db.query<{ id: number }>(
    `update ${storeOf(ctx, 'tenant').table} set payment_status = 'overdue'
     where payment_status is distinct from 'overdue'
       and id in (select tenant_id from ${storeOf(ctx, 'rent_invoice').table}
                  where status = 'unpaid' and due_date < $1::date)
     returning id`,
    [today],
  );
  return rows.length;
}
