import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../schema/ajv';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { writeSchema } from '../../schema/variants';
import type { Queryable, Row } from '../db/database';
import { ChildInvalid, RecordRefused, UniqueConflict } from './errors';
import type { ChildArray } from './relations';

/**
 * `x-children`: a parent's create carries child records inline (an asset and its units). They are
 * written after the parent, in its transaction, each exactly as a create of the child entity with
 * the key set to the new parent: the child's schema, uniques, references and limits all apply, and
 * one refused child refuses the whole create.
 */

/** What a child's store must offer: an ordinary create. */
export interface ChildWriter {
  create(q: Queryable, merchantId: number, values: Row): Promise<Row>;
}

const ajv = createAjv();
const validators = new WeakMap<EntitySchema, { schema: PropertySchema; validate: ValidateFunction }>();

/** The child's create schema, compiled once per schema (without `$id`, so servers may share it). */
function validatorOf(child: EntitySchema) {
  let entry = validators.get(child);
  if (!entry) {
    const { $id: _id, ...schema } = writeSchema(child, 'create');
    entry = { schema, validate: ajv.compile(schema) };
    validators.set(child, entry);
  }
  return entry;
}

/** Takes the children arrays out of a record (they are no column of the parent). */
export function takeChildren(arrays: readonly ChildArray[], record: Row): Map<ChildArray, Row[]> {
  const taken = new Map<ChildArray, Row[]>();
  for (const array of arrays) {
    const items = record[array.property];
    delete record[array.property];
    if (Array.isArray(items)) taken.set(array, items as Row[]);
  }
  return taken;
}

/**
 * A child's refusal as the parent's: about `<array>.<index>.<field>`, or about the array itself
 * when it concerns the key (the parent is full), which the parent's form does not show per item.
 */
function asParentError(error: unknown, { property, spec }: ChildArray, index: number): unknown {
  if (error instanceof RecordRefused) {
    return error.on(!error.field || error.field === spec.key ? property : `${property}.${index}.${error.field}`);
  }
  if (error instanceof UniqueConflict) return new UniqueConflict(`${property}.${index}.${error.field}`);
  return error;
}

/** Creates every child of a new parent, in order. */
export async function createChildren(
  q: Queryable,
  children: Map<ChildArray, Row[]>,
  merchantId: number,
  parentId: number,
  writerOf: (child: EntitySchema) => ChildWriter,
): Promise<void> {
  for (const [array, items] of children) {
    const { schema, validate } = validatorOf(array.child);
    for (const [index, item] of items.entries()) {
      const values = { ...item, [array.spec.key]: parentId };
      if (!validate(values)) throw new ChildInvalid(`${array.property}.${index}`, schema, validate.errors ?? []);
      try {
        await writerOf(array.child).create(q, merchantId, values);
      } catch (error) {
        throw asParentError(error, array, index);
      }
    }
  }
}
