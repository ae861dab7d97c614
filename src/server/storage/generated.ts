import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { ident } from './columns';

/**
 * Values the server fills for `x-generated` properties. Numbered values come from one sequence per
 * column, so they are unique without locking; derived values (a payment link) are computed after.
 */

export interface GeneratorContext {
  q: Queryable;
  entity: EntitySchema;
  column: string;
  /** Values of the record so far, generated numbered values included. */
  record: Row;
  publicUrl: string;
}

interface Generator {
  /** Numbered generators draw from `<table>_<column>_seq` and get a unique index. */
  numbered: boolean;
  generate(context: GeneratorContext): Promise<string>;
}

/** "invoice" → "INV", "employee" → "EMP". */
const prefixOf = (entity: EntitySchema) =>
  entity.$id
    .replace(/[^a-z]/gi, '')
    .slice(0, 3)
    .toUpperCase();

/** Sequence a numbered generated column draws from. */
export const sequenceName = (entity: EntitySchema, column: string) => `${entity['x-resource'].table}_${column}_seq`;

async function nextNumber({ q, entity, column }: GeneratorContext): Promise<number> {
  const [row] = await q.query<{ n: number }>(`select nextval('${ident(sequenceName(entity, column))}') as n`);
  return row.n;
}

const generators: Record<string, Generator> = {
  /** Invoice reference shown to payers and used in links: INV-2026-000123. */
  reference: {
    numbered: true,
    generate: async (context) =>
      `${prefixOf(context.entity)}-${new Date().getUTCFullYear()}-${String(await nextNumber(context)).padStart(6, '0')}`,
  },
  /** Staff number: EMP-0001. */
  user_id: {
    numbered: true,
    generate: async (context) => `${prefixOf(context.entity)}-${String(await nextNumber(context)).padStart(4, '0')}`,
  },
  /** Public payment page of the record's reference, absolute so it can be sent by SMS. */
  payment_link: {
    numbered: false,
    generate: async ({ entity, record, publicUrl }) => {
      const referenceColumn = Object.keys(entity.properties).find(
        (name) => entity.properties[name]['x-generated'] === 'reference',
      );
      const reference = referenceColumn ? record[referenceColumn] : undefined;
      if (typeof reference !== 'string') throw new Error(`${entity.$id}: payment_link needs a generated reference`);
      return `${publicUrl.replace(/\/+$/, '')}/smspay/${encodeURIComponent(reference)}`;
    },
  },
};

/** The generator named by `x-generated`; unknown names fail at start. */
export function generatorOf(name: string): Generator {
  const generator = generators[name];
  if (!generator) throw new Error(`Unknown x-generated value "${name}"`);
  return generator;
}

/** Generated columns of an entity, numbered ones first so derived ones can read them. */
export function generatedColumns(entity: EntitySchema): { column: string; generator: Generator }[] {
  return Object.entries(entity.properties)
    .filter(([, property]) => typeof property['x-generated'] === 'string')
    .map(([column, property]) => ({ column, generator: generatorOf(property['x-generated'] as string) }))
    .sort((a, b) => Number(b.generator.numbered) - Number(a.generator.numbered));
}

/** Fills every generated column of a new record. */
export async function fillGenerated(q: Queryable, entity: EntitySchema, record: Row, publicUrl: string): Promise<void> {
  for (const { column, generator } of generatedColumns(entity)) {
    record[column] = await generator.generate({ q, entity, column, record, publicUrl });
  }
}
