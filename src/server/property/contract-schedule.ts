import { addDays } from '../../schema/calendar';
import type { ServerContext } from '../context';
import { kuwaitToday } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';
import { EXPIRING_WITHIN_DAYS } from './contract-dates';
import { flagTenant, followDates } from './occupancy';

/**
 * The scheduler's contract step, by the clock the rules read: every draft contract whose start
 * has come runs (its unit rented), every running one whose end has passed ends (its unit available
 * again), and, once a Kuwait day, tenants are flagged while their running contract ends within 30
 * days (and unflagged after). Each contract and tenant is claimed in its own transaction
 * (`for update skip locked`, looked at again once locked), so two servers move each one once.
 */

const BATCH = 100;

/** The Kuwait day each context last swept the tenants' flags on: a stale day only sweeps again. */
const flaggedOn = new WeakMap<ServerContext, string>();

/** Moves the contracts whose dates say so on `today`; answers how many moved. */
async function moveByDates(ctx: ServerContext, today: string): Promise<number> {
  const contracts = storeOf(ctx, 'contract');
  let moved = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const due = await tx.query<{ id: number; merchant_id: number }>(
        `select id, merchant_id from ${contracts.table}
          where (status = 'draft' and start_date <= $1::date) or (status = 'active' and end_date < $1::date)
          order by id limit ${BATCH} for update skip locked`,
        [today],
      );
      for (const { id, merchant_id: merchantId } of due) {
        const contract = await contracts.get(tx, merchantId, id);
        if (contract) await followDates(ctx, { tx, merchantId }, contract, today);
      }
      return due.length;
    });
    moved += claimed;
    if (claimed < BATCH) return moved;
  }
}

/** Flags and unflags the tenants whose contract's nearness to its end changed by `today`. */
async function flagExpiring(ctx: ServerContext, today: string): Promise<number> {
  const tenants = storeOf(ctx, 'tenant').table;
  const contracts = storeOf(ctx, 'contract').table;
  const seen = new Set<number>();
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const due = await tx.query<{ id: number; merchant_id: number }>(
        `select t.id, t.merchant_id from ${tenants} t
          where coalesce(t.contract_expiring, false) <> (t.tenant_status = 'active' and exists (
                  select 1 from ${contracts} c
                   where c.merchant_id = t.merchant_id and c.tenant_id = t.id and c.status = 'active'
                     and c.end_date >= $1::date and c.end_date <= $2::date))
            and t.id not in (select jsonb_array_elements_text($3::text::jsonb)::integer)
          order by t.id limit ${BATCH} for update of t skip locked`,
        [today, addDays(today, EXPIRING_WITHIN_DAYS), JSON.stringify([...seen])],
      );
      for (const { id, merchant_id: merchantId } of due) {
        seen.add(id);
        await flagTenant(ctx, { tx, merchantId }, id, today);
      }
      return due.length;
    });
    if (claimed < BATCH) return seen.size;
  }
}

/** The step itself: answers how many contracts moved and tenants' flags changed at `now`. */
export async function followContractDates(ctx: ServerContext, now: Date): Promise<number> {
  if (!ctx.stores.get('contract') || !ctx.stores.get('tenant')) return 0;
  const today = kuwaitToday(now);
  const moved = await moveByDates(ctx, today);
  if (moved === 0 && flaggedOn.get(ctx) === today) return 0;
  const flagged = await flagExpiring(ctx, today);
  flaggedOn.set(ctx, today);
  return moved + flagged;
}
