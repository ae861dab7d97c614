import type { ServerContext } from '../context';
import { kuwaitToday } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';
import { issueRentInvoices, type RentPlan } from './rent-issue';
import { periodsDue } from './rent-periods';
import { OWING, tenancyOf, tenancySelect, type TenancyRow } from './tenancies';
import { markOverdueTenants } from './tenant-standing';

/**
 * The scheduler's rent step: on each tenant's sending days (Kuwait dates), the invoice of the
 * period that begins, for every tenant that owes rent (`tenancies.ts`). A tenant is looked at only
 * while no invoice of theirs covers today; each batch of them is claimed in its own transaction
 * (`for update skip locked`, by tenant) with the invoices it issues and the messages it queues, and
 * the unique index of tenant and period stands behind the claim, so each invoice is issued and sent
 * once across restarts and with several servers on one PostgreSQL. Then tenants whose unpaid rent
 * fell due are marked overdue.
 */

const BATCH = 500;

/** What one pass of the rent step did. */
export interface RentPass {
  /** Rent invoices issued. */
  issued: number;
  /** Tenants newly marked overdue. */
  overdue: number;
}

/** Issues every rent invoice due at `now` not issued yet, and marks the tenants whose rent fell due overdue. */
export async function issueDueRent(ctx: ServerContext, now: Date): Promise<RentPass> {
  const today = kuwaitToday(now);
  const invoices = storeOf(ctx, 'rent_invoice').table;
  let issued = 0;
  let after = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<TenancyRow>(
        `${tenancySelect(ctx)}
         where ${OWING} and t.id > $2::integer
           and not exists (select 1 from ${invoices} r where r.tenant_id = t.id and r.period_end >= $1::date)
         order by t.id limit ${BATCH}
         for update of t skip locked`,
        [today, after],
      );
      const plans: RentPlan[] = rows.flatMap((row) => {
        const tenancy = tenancyOf(row);
        if (!tenancy) return [];
        return periodsDue(tenancy.schedule, today, row.last_start).map((period) => ({ tenancy, period }));
      });
      const made = await issueRentInvoices(ctx, tx, plans, now);
      return { count: rows.length, last: rows.at(-1)?.tenant_id ?? after, made: made.length };
    });
    issued += claimed.made;
    after = claimed.last;
    if (claimed.count < BATCH) break;
  }
  return { issued, overdue: await markOverdueTenants(ctx, today) };
}
