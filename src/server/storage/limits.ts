import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from './columns';
import { RecordRefused } from './errors';
import type { Inbound, Reference } from './relations';

/**
 * `x-limit` on a reference: the records pointing at one parent may not outnumber the parent's
 * `field` (an asset's number of units), and the parent's `remaining` says how many more may come.
 * `remaining` is recomputed from a count after every change rather than incremented, so it cannot
 * drift from the rows.
 */

export const DEFAULT_LIMIT_MESSAGES = {
  exceeded: 'validation.limit_exceeded',
  belowCount: 'validation.limit_below_count',
} as const;

async function countPointing(
  q: Queryable,
  source: EntitySchema,
  column: string,
  merchantId: number,
  parentId: number,
): Promise<number> {
  const [{ count }] = await q.query<{ count: number }>(
    `select count(*)::integer as count from ${ident(source['x-resource'].table)}
     where ${ident(column)} = $1::integer and merchant_id = $2::integer`,
    [parentId, merchantId],
  );
  return count;
}

/**
 * Refuses (409, the reference's `x-messages["x-limit"]`) one more record of `source` pointing at
 * `parent` (a row already locked `for update`) when the parent is full.
 */
export async function checkRoom(
  q: Queryable,
  source: EntitySchema,
  { column, property, limit }: Reference,
  merchantId: number,
  parent: Row,
): Promise<void> {
  const capacity = limit && parent[limit.field];
  if (typeof capacity !== 'number') return;
  if ((await countPointing(q, source, column, merchantId, parent.id as number)) + 1 > capacity) {
    const key = property['x-messages']?.['x-limit'] ?? DEFAULT_LIMIT_MESSAGES.exceeded;
    throw new RecordRefused(409, key, column, { limit: capacity });
  }
}

/** Recomputes the `remaining` of the parents a change of `source` rows touched. */
export async function syncRemaining(
  q: Queryable,
  source: EntitySchema,
  { column, target, limit }: Reference,
  merchantId: number,
  parentIds: readonly unknown[],
): Promise<void> {
  if (!limit?.remaining) return;
  const [table, field, remaining] = [target['x-resource'].table, limit.field, limit.remaining].map(ident);
  for (const id of new Set(parentIds)) {
    if (typeof id !== 'number') continue;
    await q.query(
      `update ${table} as parent set ${remaining} = parent.${field} - (
         select count(*) from ${ident(source['x-resource'].table)} as child
         where child.${ident(column)} = parent.id and child.merchant_id = parent.merchant_id)
       where parent.id = $1::integer and parent.merchant_id = $2::integer`,
      [id, merchantId],
    );
  }
}

/** A new parent has no children yet: its `remaining` starts equal to its `field`. */
export function initialRemaining(inbound: readonly Inbound[], record: Row): void {
  for (const { limit } of inbound) {
    if (limit?.remaining) record[limit.remaining] = record[limit.field] ?? null;
  }
}

/**
 * A parent's `field` changed by an update: refused (409) below the number of records already
 * pointing at it, otherwise its `remaining` follows in the same write.
 */
export async function resizeParent(
  q: Queryable,
  inbound: readonly Inbound[],
  target: EntitySchema,
  merchantId: number,
  id: number,
  record: Row,
  previous: Row,
): Promise<void> {
  for (const { source, column, limit } of inbound) {
    if (!limit || !(limit.field in record) || record[limit.field] === previous[limit.field]) continue;
    const capacity = record[limit.field];
    const count = await countPointing(q, source, column, merchantId, id);
    if (typeof capacity === 'number' && count > capacity) {
      const key = target.properties[limit.field]?.['x-messages']?.['x-limit'] ?? DEFAULT_LIMIT_MESSAGES.belowCount;
      throw new RecordRefused(409, key, limit.field, { count, smart_count: count });
    }
    if (limit.remaining) record[limit.remaining] = typeof capacity === 'number' ? capacity - count : null;
  }
}
