import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { hashPassword } from '../kernel/passwords';
import type { RecordEvents } from './events';
import { toRecord } from './records';

/**
 * `x-resource.own`: the signed-in merchant's own record of an entity (its business profile, its
 * notification settings), one per merchant, read and replaced at `own.endpoint` without an id.
 *
 * The record is kept whole, as JSON, in `settings` under `own:<entity>:<merchant id>`, not among
 * the entity's rows: a merchant's own profile is not one of its sub-merchants, so lists and the
 * routes by id never reach it, and the key makes a second one impossible. Its `id` is the
 * merchant's; an unset property reads as its default (also one added to the schema later).
 */

const CREATED = 'created_at';
const UPDATED = 'updated_at';

const ownKey = (entity: EntitySchema, merchantId: number) => `own:${entity.$id}:${merchantId}`;

function defaultsOf(entity: EntitySchema): Row {
  return Object.fromEntries(
    Object.entries(entity.properties).flatMap(([name, property]) =>
      property.default === undefined ? [] : [[name, structuredClone(property.default)]],
    ),
  );
}

async function stored(q: Queryable, key: string, lock: boolean): Promise<Row | null> {
  const [row] = await q.query<{ value: string }>(
    `select value from settings where key = $1::text${lock ? ' for update' : ''}`,
    [key],
  );
  return row ? (JSON.parse(row.value) as Row) : null;
}

/**
 * The merchant's stored record, created with the schema's defaults when it has none yet. Nothing is
 * generated on a read: the server-made values of an own record (a code, keys) are the merchant's
 * own, set by the flows that know them (`system`), never invented. Call inside a transaction: of two
 * first reads at once, one insert wins and both answer its record. `lock` holds the record until
 * the transaction ends, for a write.
 */
async function ensureOwn(q: Queryable, entity: EntitySchema, merchantId: number, lock = false): Promise<Row> {
  const key = ownKey(entity, merchantId);
  const existing = await stored(q, key, lock);
  if (existing) return existing;
  const fresh = defaultsOf(entity);
  const now = new Date().toISOString();
  for (const name of [CREATED, UPDATED]) if (name in entity.properties) fresh[name] = now;
  await q.query(`insert into settings (key, value) values ($1::text, $2::text) on conflict (key) do nothing`, [
    key,
    JSON.stringify(fresh),
  ]);
  return (await stored(q, key, lock)) as Row;
}

/** The record as the API answers it: the merchant's id, defaults for unset properties, no secrets, no nulls. */
function present(entity: EntitySchema, merchantId: number, record: Row): Row {
  const visible: Row = { ...defaultsOf(entity), ...record, id: merchantId };
  for (const [name, property] of Object.entries(entity.properties)) {
    if (property.writeOnly || property['x-secret']) delete visible[name];
  }
  return toRecord(visible);
}

/** The merchant's own record of `entity`, created with defaults on first read. */
export async function readOwnRecord(q: Queryable, entity: EntitySchema, merchantId: number): Promise<Row> {
  return present(entity, merchantId, await ensureOwn(q, entity, merchantId));
}

/**
 * Writes of the merchant's own records, told to the storage's listeners as `replaced` (the
 * activity log follows the audited fields of a business profile as it does a row's).
 */
export class OwnRecords {
  constructor(private readonly events: RecordEvents) {}

  /** The merchant's own record of `entity`, created with defaults on first read. */
  read(q: Queryable, entity: EntitySchema, merchantId: number): Promise<Row> {
    return readOwnRecord(q, entity, merchantId);
  }

  /**
   * Replaces the merchant's own record of `entity` with `values` (valid against the update schema),
   * as PUT does on a row: writable fields left out are cleared, except write-only secrets, which are
   * kept; read-only values stay. `system` sets values no client may write (demo data, server flows).
   */
  async replace(q: Queryable, entity: EntitySchema, merchantId: number, values: Row, system: Row = {}): Promise<Row> {
    const current = await ensureOwn(q, entity, merchantId, true);
    // A locked field left out keeps its value, as a read-only one does (the route refuses a change).
    const locked = new Set(entity['x-resource'].own?.locked ?? []);
    const next: Row = {};
    for (const [name, property] of Object.entries(entity.properties)) {
      const kept = property.readOnly || ((property.writeOnly || locked.has(name)) && values[name] === undefined);
      if (kept) {
        if (current[name] !== undefined) next[name] = current[name];
      } else if (values[name] !== undefined && values[name] !== null) {
        next[name] =
          property['x-secret'] === 'hash' && typeof values[name] === 'string'
            ? await hashPassword(values[name])
            : values[name];
      }
    }
    Object.assign(next, system);
    if (UPDATED in entity.properties) next[UPDATED] = new Date().toISOString();
    await q.query(`update settings set value = $2::text where key = $1::text`, [
      ownKey(entity, merchantId),
      JSON.stringify(next),
    ]);
    await this.events.tell({
      kind: 'replaced',
      q,
      entity,
      merchantId,
      // An unset value read as its default: saving it unchanged is no change.
      previous: { ...defaultsOf(entity), ...current },
      record: next,
      written: values,
    });
    return present(entity, merchantId, next);
  }

  /**
   * Sets values of the merchant's own record that only the server writes (its keys, once regenerated),
   * keeping the rest as it is.
   */
  async setSystemValues(q: Queryable, entity: EntitySchema, merchantId: number, system: Row): Promise<void> {
    const current = await ensureOwn(q, entity, merchantId, true);
    await q.query(`update settings set value = $2::text where key = $1::text`, [
      ownKey(entity, merchantId),
      JSON.stringify({ ...current, ...system }),
    ]);
  }
}

/**
 * The `x-resource.own.locked` fields that `values` would change on the own record `current` (as
 * read, defaults filled): a merchant may send them back as they are, never another value.
 */
export function lockedChanges(entity: EntitySchema, current: Row, values: Row): string[] {
  return (entity['x-resource'].own?.locked ?? []).filter(
    (name) => values[name] !== undefined && values[name] !== null && values[name] !== current[name],
  );
}
