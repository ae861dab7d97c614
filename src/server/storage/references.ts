import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from './columns';
import { RecordRefused } from './errors';
import { checkRoom } from './limits';
import type { Inbound, Reference } from './relations';

/**
 * `x-references`: a property holds the id of a record of another entity of the same merchant. A
 * write may only name such a record, and not one `refuse` excludes; a record others point at may
 * not be deleted (no id is ever left dangling).
 */

export const DEFAULT_REFERENCE_MESSAGES = {
  missing: 'validation.reference_missing',
  refused: 'validation.reference_refused',
  inUse: 'app.message.in_use',
} as const;

const isRefused = (reference: Reference, target: Row) =>
  Object.entries(reference.spec.refuse ?? {}).some(([name, values]) => values.includes(target[name]));

/**
 * Checks each reference `record` sets (all on create; on update those that differ from `previous`),
 * locking the record it names until the transaction ends: `for update` when the reference counts
 * against a limit, so two writes cannot both take the last place; `for share` otherwise, so the
 * record cannot be deleted meanwhile.
 */
export async function checkReferences(
  q: Queryable,
  entity: EntitySchema,
  references: readonly Reference[],
  merchantId: number,
  record: Row,
  previous?: Row,
): Promise<void> {
  for (const reference of references) {
    const { column, property, target, limit } = reference;
    const id = record[column];
    if (typeof id !== 'number' || (previous && previous[column] === id)) continue;
    const [row] = await q.query(
      `select * from ${ident(target['x-resource'].table)} where id = $1::integer and merchant_id = $2::integer
       for ${limit ? 'update' : 'share'}`,
      [id, merchantId],
    );
    const messages = property['x-messages'] ?? {};
    if (!row) throw new RecordRefused(400, messages['x-references'] ?? DEFAULT_REFERENCE_MESSAGES.missing, column);
    if (isRefused(reference, row)) {
      throw new RecordRefused(400, messages['x-refuse'] ?? DEFAULT_REFERENCE_MESSAGES.refused, column);
    }
    if (limit) await checkRoom(q, entity, reference, merchantId, row);
  }
}

/** Refuses (409) to delete a record another record still points at. */
export async function refuseInUse(
  q: Queryable,
  inbound: readonly Inbound[],
  merchantId: number,
  id: number,
): Promise<void> {
  for (const { source, column } of inbound) {
    const [user] = await q.query(
      `select id from ${ident(source['x-resource'].table)} where ${ident(column)} = $1::integer and merchant_id = $2::integer limit 1`,
      [id, merchantId],
    );
    if (user) throw new RecordRefused(409, DEFAULT_REFERENCE_MESSAGES.inUse);
  }
}
