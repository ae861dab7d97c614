import { filledFrom } from '../../schema/relations';
import type { EntitySchema, XFrom } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { referencedRecord } from './references';
import { referencesOf, type Reference } from './relations';

/**
 * `x-from`: a field of a write the server fills from the record a reference of the same write
 * names (a refund's pending amount from its transaction), before the write is validated, so that
 * a rule comparing with it (`x-atMost: { $data: "1/pending_amount" }`) compares with the real
 * value whatever the client sent.
 */

const INT32_MAX = 2_147_483_647;

/** A reference and the fields filled from the record it names. */
interface Source {
  reference: Reference;
  fields: [string, XFrom][];
}

const sourcesByEntity = new WeakMap<EntitySchema, Source[]>();

/** The references of an entity some `x-from` field reads from, with those fields. */
export function sourcesOf(entity: EntitySchema, entities: readonly EntitySchema[]): Source[] {
  let sources = sourcesByEntity.get(entity);
  if (!sources) {
    const fields = filledFrom(entity);
    sources = referencesOf(entity, entities).flatMap((reference) => {
      const mine = fields.filter(([, spec]) => spec.reference === reference.column);
      return !reference.many && mine.length > 0 ? [{ reference, fields: mine }] : [];
    });
    sourcesByEntity.set(entity, sources);
  }
  return sources;
}

/** An id the reference's column may hold; anything else is left for validation to report. */
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT32_MAX;

/**
 * Sets the `x-from` fields of `record` (a create or update body) from the records its references
 * name, replacing what was sent; a field the referenced record has no value for is removed. The
 * referenced record must be the merchant's and, when newly chosen, not refused (400 on the
 * reference otherwise, as storage would answer). A reference left out or malformed fills nothing:
 * validation then reports it. `previous` is the stored record of an update. With `lock` (inside the
 * write's transaction) the referenced records stay locked until it ends, so a rule checked against
 * the filled values (a refund at most what its transaction still holds) still holds at commit.
 */
export async function fillFrom(
  q: Queryable,
  sources: readonly Source[],
  merchantId: number,
  record: Row,
  previous?: Row | null,
  lock = false,
): Promise<void> {
  for (const { reference, fields } of sources) {
    const id = record[reference.column];
    if (!isId(id)) continue;
    const target = await referencedRecord(q, reference, merchantId, id, previous?.[reference.column], lock);
    for (const [name, { property }] of fields) {
      const value = target[property];
      if (value === null || value === undefined) delete record[name];
      else record[name] = value;
    }
  }
}
