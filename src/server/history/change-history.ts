import { now } from '../../schema/calendar';
import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { fitTo, merchantRowInsert, merchantRowsInsert } from '../storage/columns';
import type { CreatedEvent, RecordEvents } from '../storage/events';
import { referencesOf, type Reference } from '../storage/relations';
import { isRecorded, RecordText, type Change } from './record-text';

/**
 * `x-resource.history`: every create, change and delete of the entity's records is written, in the
 * write's own transaction, to the `change_history` entity of the same merchant — one row per
 * changed field with its old and new values as text, one row for a create (the record's name from
 * nothing) and one for a delete (the name to nothing). Who changed it is the writer the store is
 * given, else the merchant's account (the server's own writes, demo data). Secrets and write-only
 * values are never written; files are, as their URLs. A change is stamped by the clock the rules
 * read, so the demo's changes, replayed on its timeline, carry the time they were made to happen.
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

/** Who makes a change, as the history shows them: the caller's name, else their e-mail. */
export function actorOf(caller: { identity: { name: string | null; email: string } }): string {
  return caller.identity.name?.trim() || caller.identity.email;
}

export class History {
  private readonly text: RecordText;
  private readonly insert: string;
  private readonly insertAll: string;

  constructor(
    private readonly entity: EntitySchema,
    private readonly history: EntitySchema,
    references: readonly Reference[],
  ) {
    this.text = new RecordText(entity, references);
    this.insert = merchantRowInsert(history, HISTORY_FIELDS);
    this.insertAll = merchantRowsInsert(history, HISTORY_FIELDS);
  }

  /** A new record: one entry, its name set from nothing, at the record's creation time. */
  async created(q: Queryable, merchantId: number, row: Row, actor?: string): Promise<void> {
    const name = await this.text.recordName(q, merchantId, row);
    const at = typeof row.created_at === 'string' ? row.created_at : now().toISOString();
    await this.write(q, merchantId, row, name, actor, at, [{ field: this.text.nameField, old: null, new: name }]);
  }

  /** New records of one merchant written together: the entries `created` writes, with one statement. */
  async createdAll(q: Queryable, merchantId: number, rows: readonly Row[], actor?: string): Promise<void> {
    if (rows.length === 0) return;
    const changedBy = actor ?? (await merchantName(q, merchantId));
    const entries: HistoryRow[] = [];
    for (const row of rows) {
      const name = await this.text.recordName(q, merchantId, row);
      entries.push({
        entity: this.entity.$id,
        record_id: typeof row.id === 'number' ? row.id : null,
        record_name: name,
        field: this.text.nameField,
        old_value: null,
        new_value: name,
        changed_by: changedBy,
        changed_at: typeof row.created_at === 'string' ? row.created_at : now().toISOString(),
      });
    }
    const fitted = entries.map((entry) =>
      Object.fromEntries(HISTORY_FIELDS.map((field) => [field, fitTo(this.history, field, entry[field])])),
    );
    await q.query(this.insertAll, [merchantId, JSON.stringify(fitted)]);
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
    await this.write(q, merchantId, row, name, actor, now().toISOString(), changes);
  }

  /** A deleted record: one entry, its name cleared. */
  async deleted(q: Queryable, merchantId: number, previous: Row, actor?: string): Promise<void> {
    const name = await this.text.recordName(q, merchantId, previous);
    await this.write(q, merchantId, previous, name, actor, now().toISOString(), [
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

/** The merchant account's name, for changes no caller is named for. */
export async function merchantName(q: Queryable, merchantId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>(
    `select coalesce(contact_name, name) as name from merchants where id = $1::integer`,
    [merchantId],
  );
  return row?.name ?? `#${merchantId}`;
}

/**
 * The history of an entity with `x-resource.history`, else null. Fails (at start, when the listener
 * is added) when the history entity is not served, lacks a field, or does not list the entity.
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

/**
 * Writes the change history of every entity with `x-resource.history` as the storage tells its
 * writes. Fails at once when an entity's hint cannot be served (see `historyOf`).
 */
export function recordChangeHistory(events: RecordEvents, entities: readonly EntitySchema[]): void {
  const histories = new Map<string, History>();
  for (const entity of entities) {
    const history = historyOf(entity, entities, referencesOf(entity, entities));
    if (history) histories.set(entity.$id, history);
  }
  events.listen(async (event) => {
    const history = histories.get(event.entity.$id);
    const { q, merchantId, actor } = event;
    if (!history) return;
    if (event.kind === 'created') await history.created(q, merchantId, event.record, actor);
    else if (event.kind === 'changed')
      await history.changed(q, merchantId, event.previous, event.record, Object.keys(event.written), actor);
    else if (event.kind === 'deleted') await history.deleted(q, merchantId, event.previous, actor);
  }, writeCreatedAll);

  /** Creates told together: one statement per entity, merchant and writer. */
  async function writeCreatedAll(created: readonly CreatedEvent[]): Promise<void> {
    const groups = new Map<string, CreatedEvent[]>();
    for (const event of created) {
      if (!histories.has(event.entity.$id)) continue;
      const key = JSON.stringify([event.entity.$id, event.merchantId, event.actor ?? null]);
      const group = groups.get(key);
      if (group) group.push(event);
      else groups.set(key, [event]);
    }
    for (const [first, ...rest] of groups.values()) {
      const history = histories.get(first.entity.$id);
      const records = [first, ...rest].map((event) => event.record);
      await history?.createdAll(first.q, first.merchantId, records, first.actor);
    }
  }
}
