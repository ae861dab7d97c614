import type { EntitySchema } from '../types';
import type { SchemaNode } from './subschemas';

/** What a cross-check of one entity sees: the entity, every entity served with it, and where to report. */
export interface CheckContext {
  entity: EntitySchema;
  entities: ReadonlyMap<string, EntitySchema>;
  /** The entity and every subschema below it, with their pointers (see `subschemas`). */
  subschemas: readonly [SchemaNode, string][];
  /** Reports a problem at `pointer` in the entity's file. */
  report(pointer: string, message: string): void;
}

/** A cross-check of one entity: rules of the vocabulary the meta-schema cannot express. */
export type CrossCheck = (context: CheckContext) => void;

/** Quotes a name in a message. */
export const quoted = (name: unknown) => JSON.stringify(name);
