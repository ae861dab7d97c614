import { referenceText } from '../../schema/relations';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { columnsOf, ident, merchantRowInsert } from './columns';
import type { Reference } from './relations';

/**
 * `x-resource.history`: every create, change and delete of the entity's records is written, in the
 * write's own transaction, to the `change_history` entity of the same merchant — one row per
 * changed field with its old and new values as text, one row for a create (the record's name from
 * nothing) and one for a delete (the name to nothing). Who changed it is the writer the store is
 * given, else the merchant's account (the server's own writes, demo data). Secrets and write-only
 * values are never written; files are, as their URLs.
 */

export const HISTORY_ENTITY = 'change_history';

/** Properties the history entity must have, which each row fills. */
const HISTORY_FIELDS = [
  'entity',
  'record_id',
  'record_name',
  'field',
  'old_value',
  'new_value',
  'changed_by',
  'changed_at',
] as const;

type HistoryField = (typeof HISTORY_FIELDS)[number];
type HistoryRow = Record<HistoryField, string | number | null>;

/** Language the values of references are named in (the history is written once, for everyone). */
const LANGUAGE = 'en';

/** Who makes a change, as the history shows them: the caller's name, else their e-mail. */
export function actorOf(caller: { identity: { name: string | null; email: string } }): string {
  return caller.identity.name?.trim() || caller.identity.email;
}

/** Fields the history leaves out: the id, timestamps, secrets, write-only values, children. */
function isRecorded(name: string, property: PropertySchema): boolean {
  if (name === 'id' || name === 'created_at' || name === 'updated_at') return false;
  return !property.writeOnly && property['x-secret'] === undefined && property['x-children'] === undefined;
}

/** Where a record's name comes from: its `name`, else its first plain text, else what it references. */
interface NameSource {
  column: string;
  reference?: Reference;
}

function nameSourceOf(entity: EntitySchema, references: readonly Reference[]): NameSource {
  if (entity.properties.name) return { column: 'name' };
  const text = columnsOf(entity).find(
    ({ name, kind, property }) =>
      kind === 'text' && isRecorded(name, property) && !property.enum && property['x-file'] === undefined,
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

export class History {
  private readonly text: RecordText;
  private readonly insert: string;

  constructor(
    private readonly entity: EntitySchema,
    private readonly history: EntitySchema,
    references: readonly Reference[],
  ) {
    this.text = new RecordText(entity, references);
    this.insert = merchantRowInsert(history, HISTORY_FIELDS);
  }

  /** A new record: one entry, its name set from nothing, at the record's creation time. */
  async created(q: Queryable, merchantId: number, row: Row, actor?: string): Promise<void> {
    const name = await this.text.recordName(q, merchantId, row);
    const at = typeof row.created_at === 'string' ? row.created_at : new Date().toISOString();
    await this.write(q, merchantId, row, name, actor, at, [{ field: this.text.nameField, old: null, new: name }]);
  }

  /** A changed record: one entry per field of `fields` whose stored value differs. */
  async changed(
    q: Queryable,
    merchantId: number,
    previous: Row,
    row: Row,
    fields: Iterable<string>,
    actor?: string,
  ): Promise<void> {
    const changes = await this.text.changes(q, merchantId, previous, row, fields, isRecorded);
    if (changes.length === 0) return;
    const name = await this.text.recordName(q, merchantId, row);
    await this.write(q, merchantId, row, name, actor, new Date().toISOString(), changes);
  }

  /** A deleted record: one entry, its name cleared. */
  async deleted(q: Queryable, merchantId: number, previous: Row, actor?: string): Promise<void> {
    const name = await this.text.recordName(q, merchantId, previous);
    await this.write(q, merchantId, previous, name, actor, new Date().toISOString(), [
      { field: this.text.nameField, old: name, new: null },
    ]);
  }

  private async write(
    q: Queryable,
    merchantId: number,
    record: Row,
    name: string,
    actor: string | undefined,
    at: string,
    changes: Change[],
  ): Promise<void> {
    const common = {
      entity: this.entity.$id,
      record_id: typeof record.id === 'number' ? record.id : null,
      record_name: name,
      changed_by: actor ?? (await merchantName(q, merchantId)),
      changed_at: at,
    };
    for (const change of changes) {
      const row: HistoryRow = { ...common, field: change.field, old_value: change.old, new_value: change.new };
      await q.query(this.insert, [
        merchantId,
        ...HISTORY_FIELDS.map((field) => fitTo(this.history, field, row[field])),
      ]);
    }
  }
}

/** A value cut to the property's `maxLength` of `entity` (counted in characters, as the schema counts). */
export function fitTo(entity: EntitySchema, field: string, value: string | number | null): string | number | null {
  const max = entity.properties[field]?.maxLength;
  if (typeof value !== 'string' || max === undefined) return value;
  const characters = [...value];
  return characters.length > max ? characters.slice(0, max).join('') : value;
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

/** The merchant account's name, for changes no caller is named for. */
export async function merchantName(q: Queryable, merchantId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>(
    `select coalesce(contact_name, name) as name from merchants where id = $1::integer`,
    [merchantId],
  );
  return row?.name ?? `#${merchantId}`;
}

/**
 * The history of an entity with `x-resource.history`, else null. Fails (at start, when the stores
 * are built) when the history entity is not served, lacks a field, or does not list the entity.
 */
export function historyOf(
  entity: EntitySchema,
  entities: readonly EntitySchema[],
  references: readonly Reference[],
): History | null {
  if (entity['x-resource'].history !== true) return null;
  const history = entities.find((candidate) => candidate.$id === HISTORY_ENTITY);
  if (!history) throw new Error(`${entity.$id}: x-resource.history needs the ${HISTORY_ENTITY} entity`);
  const names = history.properties.entity.enum;
  if (names && !names.includes(entity.$id))
    throw new Error(`${entity.$id}: x-resource.history needs "${entity.$id}" in ${HISTORY_ENTITY}.entity's enum`);
  return new History(entity, history, references);
}
