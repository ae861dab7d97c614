import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from './columns';
import { RecordRefused } from './errors';
import { checkRoom } from './limits';
import type { Inbound, Reference } from './relations';

/**
 * `x-references`: a property holds the id of a record of another entity of the same merchant (or,
 * on an array's items, several such ids). A write may only name such records, and not one
 * `refuse` excludes; a record others point at may not be deleted (no id is ever left dangling).
 */

export const DEFAULT_REFERENCE_MESSAGES = {
  missing: 'validation.reference_missing',
  refused: 'validation.reference_refused',
  inUse: 'app.message.in_use',
} as const;

/** The property of `target` that `refuse` excludes it by, if any. */
const refusedBy = (reference: Reference, target: Row) =>
  Object.entries(reference.spec.refuse ?? {}).find(([name, values]) => values.includes(target[name]))?.[0];

/**
 * The messages of a reference: the property's own `x-messages`, else (an array) its items', else
 * the defaults. A refusal may be explained per property it is made by (`x-refuse.payment_method`).
 */
function messagesOf({ property }: Reference): { missing: string; refused: (by: string) => string } {
  const own = property['x-messages'] ?? {};
  const items = property.items?.['x-messages'] ?? {};
  const refused = (key: string) => own[key] ?? items[key];
  return {
    missing: own['x-references'] ?? items['x-references'] ?? DEFAULT_REFERENCE_MESSAGES.missing,
    refused: (by) => refused(`x-refuse.${by}`) ?? refused('x-refuse') ?? DEFAULT_REFERENCE_MESSAGES.refused,
  };
}

/** The ids a reference holds in a record: one, several (an array of references) or none. */
export function idsOf(reference: Reference, record: Row | undefined): number[] {
  const value = record?.[reference.column];
  const values = reference.many ? (Array.isArray(value) ? value : []) : [value];
  return values.filter((id): id is number => typeof id === 'number');
}

/**
 * The merchant's records of the reference's target among `ids`, by id, locked until the
 * transaction ends: `for update` when the reference counts against a limit, so two writes cannot
 * both take the last place; `for share` otherwise, so they cannot be deleted meanwhile.
 */
async function lockTargets(q: Queryable, reference: Reference, merchantId: number, ids: number[]) {
  const rows = await q.query(
    `select * from ${ident(reference.target['x-resource'].table)}
     where merchant_id = $1::integer and id in (select value::integer from jsonb_array_elements_text($2::text::jsonb))
     order by id for ${reference.limit ? 'update' : 'share'}`,
    [merchantId, JSON.stringify(ids)],
  );
  return new Map(rows.map((row) => [row.id as number, row]));
}

/**
 * Checks the record each reference of `record` names, for every reference it sets (all on create;
 * on update those that differ from `previous`): it must be a record of the merchant (400 on the
 * field otherwise), and a newly chosen one not one `refuse` excludes (400). For an array of
 * references each id is checked, the ids it already held being kept as they are.
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
    const kept = new Set(previous ? idsOf(reference, previous) : []);
    const ids = [...new Set(idsOf(reference, record))].filter((id) => !kept.has(id));
    if (ids.length === 0) continue;
    const { column, limit } = reference;
    const messages = messagesOf(reference);
    const targets = await lockTargets(q, reference, merchantId, ids);
    for (const id of ids) {
      const row = targets.get(id);
      if (!row) throw new RecordRefused(400, messages.missing, column);
      const by = refusedBy(reference, row);
      if (by) throw new RecordRefused(400, messages.refused(by), column);
      if (limit) await checkRoom(q, entity, reference, merchantId, row);
    }
  }
}

/**
 * The referenced record a write names, read as the server fills `x-from` fields from it: refused
 * (400 on the reference's field) when it is no record of the merchant, or one `refuse` excludes
 * while newly chosen (`previousId` is the one the record held before, which it may keep). With
 * `lock` it stays locked (`for update`) until the transaction ends.
 */
export async function referencedRecord(
  q: Queryable,
  reference: Reference,
  merchantId: number,
  id: number,
  previousId?: unknown,
  lock = false,
): Promise<Row> {
  const [row] = await q.query(
    `select * from ${ident(reference.target['x-resource'].table)} where id = $1::integer and merchant_id = $2::integer${
      lock ? ' for update' : ''
    }`,
    [id, merchantId],
  );
  const messages = messagesOf(reference);
  if (!row) throw new RecordRefused(400, messages.missing, reference.column);
  const by = id === previousId ? undefined : refusedBy(reference, row);
  if (by) throw new RecordRefused(400, messages.refused(by), reference.column);
  return row;
}

/** Refuses (409) to delete a record another record still points at. */
export async function refuseInUse(
  q: Queryable,
  inbound: readonly Inbound[],
  merchantId: number,
  id: number,
): Promise<void> {
  for (const { source, column, many } of inbound) {
    // An array of references holds the id among others: jsonb containment finds it.
    const [user] = await q.query(
      `select id from ${ident(source['x-resource'].table)}
       where ${many ? `${ident(column)} @> $1::text::jsonb` : `${ident(column)} = $1::integer`}
       and merchant_id = $2::integer limit 1`,
      [many ? JSON.stringify([id]) : id, merchantId],
    );
    if (user) throw new RecordRefused(409, DEFAULT_REFERENCE_MESSAGES.inUse);
  }
}
