import type {
  Entities,
  EntityCreate,
  EntityName,
  EntityRecord,
  EntityServerValues,
  HiddenProperties,
} from '../../generated/entities';
import type { Row } from '../db/database';

/**
 * The types of what a store reads and writes, from the generated entity map: the store of an entity
 * the code names (`EntityStore<'invoice'>`) reads and writes that entity's types; the store of an
 * entity known only at run time (the generic routes, `EntityStore<string>`) plain rows.
 */

type Known<N extends string, T, Otherwise = Row> = N extends EntityName ? T : Otherwise;

/** A record as a store answers it: see `EntityRecord`. */
export type RecordOf<N extends string> = Known<N, EntityRecord<N & EntityName>>;

/** What a create may carry, checked against `<N>.create` (see `EntityCreate`). */
export type CreateOf<N extends string> = Known<N, EntityCreate<N & EntityName>>;

/** What only the server sets on a create (the `system` values of `EntityStore.create`). */
export type ServerValuesOf<N extends string> = Known<N, EntityServerValues<N & EntityName>>;

/** What a write may change: any property but the id, null clearing it. */
export type ChangeOf<N extends string> = Known<
  N,
  { [K in Exclude<keyof Entities[N & EntityName], 'id'>]?: Entities[N & EntityName][K] | null }
>;

/**
 * A row as `select *` reads it from the entity's table, for the flows that read rows with SQL of
 * their own: every column (null when unset, as the drivers read it: money and dates as strings,
 * timestamps as ISO strings, JSON parsed) and the merchant the row belongs to. Secrets are
 * there too but left out of the type; child arrays are no column.
 */
export type TableRow<N extends EntityName> = { id: number; merchant_id: number } & {
  [K in Exclude<keyof Entities[N], 'id' | HiddenProperties[N]>]-?: Exclude<Entities[N][K], undefined> | null;
};

/**
 * What a flow reads of a record of entity N, whether its store read it (`RecordOf`, unset
 * properties left out) or SQL of the flow's own (`TableRow`, unset columns null): its id, and each
 * of the properties `K`, maybe unset.
 */
export type ReadOf<N extends EntityName, K extends keyof Entities[N]> = { id: number } & {
  [P in K]?: Entities[N][P] | null;
};

/** `T` with the properties `K` set (not null, not undefined). */
export type WithSet<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/**
 * Checks that `row` has each of `keys` set: values every flow writing the entity sets (a payment's
 * status and reference) though the schema cannot require them of a read-only property. Throws
 * when one is missing, which only a row the server's flows did not write can be.
 */
export function assertSet<T extends object, K extends keyof T>(
  row: T,
  keys: readonly K[],
  what: string,
): asserts row is WithSet<T, K> {
  const missing = keys.filter((key) => row[key] === null || row[key] === undefined);
  if (missing.length > 0) throw new Error(`${what} has no ${missing.join(', ')}`);
}
