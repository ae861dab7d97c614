import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from '../storage/columns';
import { generatedColumns, sequenceName } from '../storage/generated';

/**
 * `x-generated` values for many new records at once, exactly as one create would fill them: the
 * same generators run for each record, but every numbered one (a reference) draws from its
 * sequence once per batch instead of once per record.
 */

/** A stand-in database for one numbered generator: each `nextval` it asks for is the next drawn number. */
function drawn(column: string, numbers: unknown[]): Queryable {
  let next = 0;
  return {
    async query<T extends Row = Row>(sql: string): Promise<T[]> {
      if (!sql.includes('nextval') || next >= numbers.length)
        throw new Error(`${column}: the generator asked for more numbers than were drawn`);
      return [{ n: numbers[next++] } as unknown as T];
    },
  };
}

/**
 * Fills every generated column of `records` (new records of `entity`, in order), numbered columns
 * from one `nextval` statement each.
 */
export async function fillGeneratedBatch(
  q: Queryable,
  entity: EntitySchema,
  records: Row[],
  publicUrl: string,
): Promise<void> {
  if (records.length === 0) return;
  for (const { column, generator, option } of generatedColumns(entity)) {
    let source = q;
    if (generator.numbered) {
      const rows = await q.query<{ n: number }>(
        `select nextval('${ident(sequenceName(entity, column))}') as n from generate_series(1, $1::integer) order by 1`,
        [records.length],
      );
      source = drawn(
        column,
        rows.map((row) => row.n),
      );
    }
    for (const record of records) {
      record[column] = await generator.generate({ q: source, entity, column, option, record, publicUrl });
    }
  }
}
