import { referenceText } from '../../schema/relations';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { columnsOf, ident } from '../storage/columns';
import type { Reference } from '../storage/relations';

/** Language the values of references are named in (the history is written once, for everyone). */
const LANGUAGE = 'en';

/** Fields the history leaves out: the id, timestamps, secrets, write-only values, children. */
export function isRecorded(name: string, property: PropertySchema): boolean {
  if (name === 'id' || name === 'created_at' || name === 'updated_at') return false;
  return !property.writeOnly && property['x-secret'] === undefined && property['x-children'] === undefined;
}

/**
 * Where a record's name comes from: its `name`, else its first plain text the record is made with
 * (or a generated one, such as a reference), else what it references.
 */
interface NameSource {
  column: string;
  reference?: Reference;
}

function nameSourceOf(entity: EntitySchema, references: readonly Reference[]): NameSource {
  if (entity.properties.name) return { column: 'name' };
  const text = columnsOf(entity).find(
    ({ name, kind, property }) =>
      kind === 'text' &&
      isRecorded(name, property) &&
      !property.enum &&
      property['x-file'] === undefined &&
      // A text the server writes later (a reason given by an action) names nothing when the record is made.
      !(property.readOnly && property['x-generated'] === undefined),
  );
  if (text) return { column: text.name };
  const reference = references.find((candidate) => !candidate.many);
  return reference ? { column: reference.column, reference } : { column: 'id' };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One field's change as text (a reference as its record's name, a list joined, an object as JSON). */
export interface Change {
  field: string;
  old: string | null;
  new: string | null;
}

/**
 * A record's name and values as text, and what a write changed: shared by the change history and
 * the audit log (`x-audit`), which differ only in the fields they follow.
 */
export class RecordText {
  private readonly nameSource: NameSource;

  constructor(
    private readonly entity: EntitySchema,
    private readonly references: readonly Reference[],
  ) {
    this.nameSource = nameSourceOf(entity, references);
  }

  /** The property a created or deleted record is named by. */
  get nameField(): string {
    return this.nameSource.column;
  }

  /** The fields of `fields` that `include` accepts and whose stored value differs, old and new as text. */
  async changes(
    q: Queryable,
    merchantId: number,
    previous: Row,
    row: Row,
    fields: Iterable<string>,
    include: (field: string, property: PropertySchema) => boolean,
  ): Promise<Change[]> {
    const changes: Change[] = [];
    for (const field of new Set(fields)) {
      const property = this.entity.properties[field];
      if (!property || !include(field, property) || sameValue(previous[field], row[field])) continue;
      changes.push({
        field,
        old: await this.display(q, merchantId, field, previous[field]),
        new: await this.display(q, merchantId, field, row[field]),
      });
    }
    return changes;
  }

  async recordName(q: Queryable, merchantId: number, record: Row): Promise<string> {
    const { column } = this.nameSource;
    const value = record[column];
    if (column === 'id') return `#${String(value)}`;
    return (await this.display(q, merchantId, column, value)) ?? `#${String(record.id)}`;
  }

  /** A value as text: the referenced record's name for a reference, lists joined, objects as JSON. */
  async display(q: Queryable, merchantId: number, column: string, value: unknown): Promise<string | null> {
    if (value === null || value === undefined || value === '') return null;
    const reference = this.references.find((candidate) => candidate.column === column);
    if (reference) {
      const ids = Array.isArray(value) ? value : [value];
      const names: string[] = [];
      for (const id of ids) names.push(await referencedName(q, merchantId, reference, id));
      return names.join(', ');
    }
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
      return value.join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** What a referenced record is called, as its label reads now; its id when it is gone. */
async function referencedName(q: Queryable, merchantId: number, reference: Reference, id: unknown): Promise<string> {
  if (typeof id !== 'number') return String(id);
  const [row] = await q.query(
    `select * from ${ident(reference.target['x-resource'].table)} where id = $1::integer and merchant_id = $2::integer`,
    [id, merchantId],
  );
  return row ? referenceText(reference.spec, row, LANGUAGE) : `#${id}`;
}
