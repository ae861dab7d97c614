import type { Entities, EntityCreate, EntityName, EntityServerValues } from '../../generated/entities';
import { notApplying } from '../../schema/when';
import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { columnsOf, ident, sqlType } from '../storage/columns';
import { fillGeneratedBatch } from './generated-batch';

/**
 * Invoices of a bulk upload written many per statement: each record is made as `EntityStore.create`
 * makes one (schema defaults, the values, the server's values, fields that do not apply to the
 * kind left out, timestamps, generated reference and payment link), then a batch is inserted in
 * one `insert … select from json_to_recordset(…)`, a single parameter whatever its size.
 */

/** Invoices per insert statement. */
export const INSERT_BATCH = 1_000;

/**
 * Refuses, at start, an invoice schema this path would write wrongly: rules about other records
 * (`x-unique`, `x-references`, `x-from`, `x-children`) and the change history are checked or
 * written by `EntityStore.create` one record at a time, not here.
 */
export function checkBatchable(entity: EntitySchema, fields: readonly string[]): void {
  if (entity['x-resource'].history) throw new Error(`${entity.$id}: bulk creation writes no change history`);
  for (const name of fields) {
    const property = entity.properties[name];
    for (const keyword of ['x-unique', 'x-references', 'x-from', 'x-children'] as const) {
      if (property?.[keyword] !== undefined)
        throw new Error(`${entity.$id}.${name}: bulk creation does not check ${keyword}`);
    }
  }
}

/** A new record of entity N before it is stored: any of its properties may be unset. */
export type NewRecord<N extends EntityName> = Partial<Omit<Entities[N], 'id'>>;

/**
 * The record `EntityStore.create` would store for `values` and `system` (of `entity`, the schema of
 * N), before its generated values.
 */
export function newRecord<N extends EntityName>(
  entity: EntitySchema,
  values: EntityCreate<N>,
  system: EntityServerValues<N>,
  now: string,
): NewRecord<N> {
  const record: Row = {};
  for (const column of columnsOf(entity)) {
    if (column.property.default !== undefined) record[column.name] = structuredClone(column.property.default);
  }
  Object.assign(record, values, system);
  for (const name of notApplying(entity, record)) delete record[name];
  for (const name of ['created_at', 'updated_at']) if (name in entity.properties) record[name] ??= now;
  // Typed as N's record: it holds the given values of N, the schema's defaults and the timestamps of
  // N's own properties, less the ones that do not apply.
  return record as NewRecord<N>;
}

/**
 * Inserts `records` (from `newRecord`) for the merchant, `INSERT_BATCH` per statement, filling
 * their generated values first. Resolves with the new ids in the order of `records`.
 */
export async function insertBatch(
  q: Queryable,
  entity: EntitySchema,
  merchantId: number,
  records: readonly Row[],
  publicUrl: string,
): Promise<number[]> {
  const table = ident(entity['x-resource'].table);
  const columns = columnsOf(entity);
  const names = columns.map((column) => ident(column.name));
  const shape = columns.map((column) => `${ident(column.name)} ${sqlType(column)}`).join(', ');
  const aliases = [...names, 'ord'].join(', ');
  const ids: number[] = [];
  for (let from = 0; from < records.length; from += INSERT_BATCH) {
    const batch = records.slice(from, from + INSERT_BATCH);
    await fillGeneratedBatch(q, entity, batch, publicUrl);
    // `ordinality` keeps the file's order in the ids (and in the references drawn above).
    const rows = await q.query<{ id: number }>(
      `insert into ${table} (merchant_id, ${names.join(', ')})
       select $1::integer, ${names.map((name) => `r.${name}`).join(', ')}
       from rows from (json_to_recordset($2::text::json) as (${shape})) with ordinality as r(${aliases})
       order by r.ord
       returning id`,
      [
        merchantId,
        JSON.stringify(
          batch.map((record) =>
            pick(
              record,
              columns.map((column) => column.name),
            ),
          ),
        ),
      ],
    );
    ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

function pick(record: Row, names: string[]): Row {
  const picked: Row = {};
  for (const name of names) if (record[name] !== undefined && record[name] !== null) picked[name] = record[name];
  return picked;
}
