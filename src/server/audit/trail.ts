import { entitySchemas } from '../../schema/registry';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { RecordText } from '../history/record-text';
import type { RecordEvents } from '../storage/events';
import { referencesOf, type Reference } from '../storage/relations';
import { recordsAudited } from './context';
import { AUDIT_ENTITY, recordAudit, type AuditEntry } from './log';

/**
 * `x-audit` on a property: a row of the activity log is written, in the write's transaction,
 * whenever a create, change or delete of a record sets, changes or clears it (as the storage tells) — old and new values as
 * the change history shows them (`RecordText`), or, for a secret, a write-only property or
 * `x-audit: "changed"`, only that it changed. A delete of such a record is one row too. Marking a
 * new property is all it takes to audit it.
 */

/** Whether the property's values stay out of the log: secrets, write-only values, `"changed"`. */
const isConcealed = (property: PropertySchema) =>
  property.writeOnly === true || property['x-secret'] !== undefined || property['x-audit'] === 'changed';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class AuditTrail {
  private readonly text: RecordText;
  private readonly fields: [string, PropertySchema][];

  constructor(
    private readonly entity: EntitySchema,
    references: readonly Reference[],
  ) {
    this.text = new RecordText(entity, references);
    this.fields = auditedFields(entity);
  }

  /**
   * A new record: a row per audited field it was given. `id` is the record's id, or null for the
   * merchant's own record (its id is the merchant's).
   */
  async created(q: Queryable, merchantId: number, row: Row, written: Row): Promise<void> {
    if (!recordsAudited()) return;
    const rows: Partial<AuditEntry>[] = [];
    for (const [field, property] of this.fields) {
      if (isConcealed(property)) {
        if (given(written[field])) rows.push({ field, concealed: true });
      } else if (given(row[field])) {
        rows.push({ field, newValue: await this.text.display(q, merchantId, field, row[field]) });
      }
    }
    await this.write(q, merchantId, row, 'record_created', rows);
  }

  /**
   * A changed record: a row per audited field whose value changed. `written` holds the values the
   * write set (a secret given there changed, whatever its hash); `previous` and `row` the record
   * before and after.
   */
  async changed(q: Queryable, merchantId: number, previous: Row, row: Row, written: Row): Promise<void> {
    if (!recordsAudited()) return;
    const rows: Partial<AuditEntry>[] = [];
    const plain = (_field: string, property: PropertySchema) =>
      property['x-audit'] !== undefined && !isConcealed(property);
    for (const change of await this.text.changes(q, merchantId, previous, row, Object.keys(written), plain))
      rows.push({ field: change.field, oldValue: change.old, newValue: change.new });
    for (const [field, property] of this.fields) {
      if (!isConcealed(property) || !(field in written)) continue;
      const secret = property.writeOnly === true || property['x-secret'] !== undefined;
      if (secret ? given(written[field]) : !sameValue(previous[field], row[field]))
        rows.push({ field, concealed: true });
    }
    await this.write(q, merchantId, row, 'record_changed', rows);
  }

  /**
   * The merchant's own record replaced (`x-resource.own`): every audited field compared, fields left
   * out being cleared, and a secret changed when `values` gives one.
   */
  async replaced(q: Queryable, merchantId: number, previous: Row, row: Row, values: Row): Promise<void> {
    const written: Row = { ...values };
    for (const [field, property] of this.fields) {
      const secret = property.writeOnly === true || property['x-secret'] !== undefined;
      if (!secret && !(field in written)) written[field] = row[field] ?? null;
    }
    await this.changed(q, merchantId, previous, row, written);
  }

  /** A deleted record: one row naming it. */
  async deleted(q: Queryable, merchantId: number, previous: Row): Promise<void> {
    if (!recordsAudited()) return;
    await this.write(q, merchantId, previous, 'record_deleted', [{}]);
  }

  private async write(
    q: Queryable,
    merchantId: number,
    record: Row,
    event: AuditEntry['event'],
    rows: Partial<AuditEntry>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const recordName = await this.text.recordName(q, merchantId, record);
    const recordId = typeof record.id === 'number' ? record.id : null;
    for (const row of rows)
      await recordAudit(q, { merchantId, event, entity: this.entity.$id, recordId, recordName, ...row });
  }
}

/** The properties of an entity marked `x-audit`, in schema order. */
export function auditedFields(entity: EntitySchema): [string, PropertySchema][] {
  return Object.entries(entity.properties).filter(([, property]) => property['x-audit'] !== undefined);
}

/**
 * The audit trail of an entity with `x-audit` properties, else null. Fails (at start) when a value of the keyword is unknown or the activity log does not list the entity.
 */
export function auditTrailOf(entity: EntitySchema, references: readonly Reference[]): AuditTrail | null {
  const fields = auditedFields(entity);
  if (fields.length === 0) return null;
  for (const [field, property] of fields) {
    if (property['x-audit'] !== true && property['x-audit'] !== 'changed')
      throw new Error(`${entity.$id}.${field}: x-audit is true or "changed"`);
  }
  const names = entitySchemas[AUDIT_ENTITY]?.properties.entity?.enum;
  if (!names?.includes(entity.$id))
    throw new Error(`${entity.$id}: x-audit needs "${entity.$id}" in ${AUDIT_ENTITY}.entity's enum`);
  return new AuditTrail(entity, references);
}

/**
 * Writes the activity log of every entity with `x-audit` properties as the storage tells its
 * writes, the merchant's own records (`x-resource.own`) included. Fails at once when a hint is wrong
 * (see `auditTrailOf`).
 */
export function recordAuditTrail(events: RecordEvents, entities: readonly EntitySchema[]): void {
  const trails = new Map<string, AuditTrail>();
  for (const entity of entities) {
    const trail = auditTrailOf(entity, referencesOf(entity, entities));
    if (trail) trails.set(entity.$id, trail);
  }
  events.listen(async (event) => {
    const trail = trails.get(event.entity.$id);
    const { q, merchantId } = event;
    if (!trail) return;
    if (event.kind === 'created') await trail.created(q, merchantId, event.record, event.written);
    else if (event.kind === 'changed') await trail.changed(q, merchantId, event.previous, event.record, event.written);
    else if (event.kind === 'deleted') await trail.deleted(q, merchantId, event.previous);
    else await trail.replaced(q, merchantId, event.previous, event.record, event.written);
  });
}
