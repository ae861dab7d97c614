import type { OrderStep, StoreOrder } from '../../shared/storefront';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { HISTORY_ENTITY } from '../history/change-history';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';

/**
 * When an order reached each of its statuses, for its tracking page. The order keeps its change
 * history (`x-resource.history` of `sale_order`): every status action the merchant takes writes a
 * `status` row there, in the action's transaction and by the clock the rules read, so the steps
 * are read back from it rather than kept a second time.
 */

type StepOrder = Pick<TableRow<'sale_order'>, 'id' | 'merchant_id' | 'status' | 'created_at' | 'updated_at'>;

/** Every status an order can be in (the record's type names each one, so none is missed). */
const STEPS: Record<OrderStep, true> = {
  waiting: true,
  in_process: true,
  ready_to_ship: true,
  shipped: true,
  delivered: true,
  rejected: true,
};

const isStep = (value: unknown): value is OrderStep => typeof value === 'string' && Object.hasOwn(STEPS, value);

/** An instant as the API writes it (the drivers read timestamps as ISO strings). */
const instant = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/**
 * The statuses `order` has reached so far, oldest first: `waiting` when it was placed, then each
 * status its history recorded. An order moved before its history was kept ends on its current
 * status at its last change, so the last step is always the status it is in.
 */
export async function orderSteps(ctx: ServerContext, q: Queryable, order: StepOrder): Promise<StoreOrder['steps']> {
  const rows = await q.query<{ new_value: string | null; changed_at: unknown }>(
    `select new_value, changed_at from ${storeOf(ctx, HISTORY_ENTITY).table}
     where merchant_id = $1::integer and entity = 'sale_order' and record_id = $2::integer and field = 'status'
     order by changed_at, id`,
    [order.merchant_id, order.id],
  );
  const steps: StoreOrder['steps'] = [{ status: 'waiting', at: instant(order.created_at) }];
  for (const row of rows) if (isStep(row.new_value)) steps.push({ status: row.new_value, at: instant(row.changed_at) });
  const current = order.status ?? 'waiting';
  if (steps[steps.length - 1]?.status !== current)
    steps.push({ status: current, at: instant(order.updated_at ?? order.created_at) });
  return steps;
}
