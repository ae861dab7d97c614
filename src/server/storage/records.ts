import { notApplying } from '../../schema/when';
import { now as clockNow } from '../../schema/calendar';
import { isTooLate, transitionsOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { hashPassword } from '../kernel/passwords';
import { createChildren, takeChildren } from './children';
import { columnsOf, ident, placeholder, type Column } from './columns';
import type { ChangeOf, CreateOf, RecordOf, ServerValuesOf } from './entity-rows';
import { RecordRefused, TransitionRefused, UniqueConflict } from './errors';
import { RecordEvents } from './events';
import { fillGenerated } from './generated';
import { initialRemaining, resizeParent, syncRemaining } from './limits';
import { orderOf, whereOf, type ListQuery } from './list-query';
import { ListTotals } from './list-totals';
import { claimLogin, isLoginFree, releaseLogin } from './login-identities';
import { checkReferences, refuseInUse } from './references';
import { childArraysOf, inboundOf, referencesOf, type ChildArray, type Inbound, type Reference } from './relations';
import { checkUnique } from './unique';

/**
 * Rows of one entity, always scoped by merchant. Knows the schema's storage hints (`x-secret`,
 * `x-generated`, `x-unique`, defaults, timestamps) and its relations to the other entities
 * (`x-references`, `x-limit`, `x-children`, `x-transitions`) so that routes stay generic. Values
 * given to `create`/`update` are assumed valid against the entity's write schema; every write is
 * meant to run in a transaction, which the relation checks lock rows in. Each write is told to the
 * `RecordEvents` listeners (the change history, the activity log) in that transaction.
 *
 * The store of an entity the code names (`EntityStore<'invoice'>`) reads and writes that entity's
 * generated types (see `entity-rows.ts`); the generic routes use stores of plain rows.
 */

const CREATED = 'created_at';
const UPDATED = 'updated_at';

export type WriteMode = 'replace' | 'patch';

export class EntityStore<N extends string = string> {
  readonly table: string;
  private readonly columns: Column[];
  private readonly selected: string;
  private readonly loginColumn?: string;
  private readonly references: Reference[];
  private readonly inbound: Inbound[];
  private readonly childArrays: ChildArray[];
  private readonly childStores = new Map<string, EntityStore>();
  private readonly totals = new ListTotals();
  /** The account whose records this store reads and writes, for an entity whose records are each account's own. */
  private owner?: { column: string; value: string };

  /**
   * @param entities every entity the server serves, which references and children are looked up in
   * @param events where every write is told (child records' too)
   */
  constructor(
    readonly entity: EntitySchema,
    private readonly publicUrl: string,
    private readonly entities: readonly EntitySchema[] = [entity],
    private readonly events: RecordEvents = new RecordEvents(),
  ) {
    this.table = ident(entity['x-resource'].table);
    this.columns = columnsOf(entity);
    const readable = this.columns.filter((column) => !column.property.writeOnly && !column.property['x-secret']);
    this.selected = ['id', ...readable.map((column) => ident(column.name))].join(', ');
    this.loginColumn = this.columns.find((column) => column.property['x-unique'] === 'login')?.name;
    this.references = referencesOf(entity, entities);
    this.inbound = inboundOf(entity, entities);
    this.childArrays = childArraysOf(entity, entities);
  }

  /**
   * The same store, reading and writing only the records of the account `owner` (`x-resource.perUser`):
   * another account's record is not found. The store of an entity without owners is itself.
   */
  ownedBy(owner: string): EntityStore<N> {
    const column = this.entity['x-resource'].perUser;
    if (column === undefined) return this;
    const scoped = Object.create(this) as EntityStore<N>;
    scoped.owner = { column, value: owner };
    return scoped;
  }

  /**
   * The condition on the owner (placeholder `$<next>`) and its parameter; an entity whose records
   * are each account's own is never read or written for no account, so nothing leaks by mistake.
   */
  private ownerCondition(next: number): { sql: string; params: unknown[] } {
    if (this.owner) return { sql: ` and ${ident(this.owner.column)} = $${next}::text`, params: [this.owner.value] };
    if (this.entity['x-resource'].perUser !== undefined)
      throw new Error(`${this.entity.$id}: records are each account's own; use ownedBy()`);
    return { sql: '', params: [] };
  }

  /**
   * A page of the merchant's records and the total the filter matches, counted while the page is
   * read (a large total may be a few seconds old, see `ListTotals`).
   */
  async list(q: Queryable, merchantId: number, query: ListQuery): Promise<{ rows: RecordOf<N>[]; total: number }> {
    const { condition, params } = this.conditionOf(merchantId, query);
    const count = `select count(*)::integer as total from ${this.table} where ${condition}`;
    const [rows, total] = await Promise.all([
      this.pageOf(q, condition, params, query),
      this.totals.total(`${count}\n${JSON.stringify(params)}`, async () => {
        const [row] = await q.query<{ total: number }>(count, params);
        return row.total;
      }),
    ]);
    return { rows, total };
  }

  /**
   * How many of the merchant's records the filter matches and the sum of each of `columns` (money,
   * summed as exact numerics and answered as decimal strings, `"0.000"` over no rows). Always
   * counted afresh: totals sit beside the figures they add up.
   */
  async sums(
    q: Queryable,
    merchantId: number,
    query: ListQuery,
    columns: readonly string[],
  ): Promise<{ count: number; sums: Record<string, string> }> {
    const { condition, params } = this.conditionOf(merchantId, query);
    const known = new Set(this.columns.filter((column) => column.kind === 'kwd').map((column) => column.name));
    for (const column of columns) if (!known.has(column)) throw new Error(`${this.entity.$id}: cannot sum ${column}`);
    const sums = columns.map((column, i) => `coalesce(sum(${ident(column)}), 0)::numeric(18,3)::text as s${i}`);
    const [row] = await q.query<Record<string, string | number>>(
      `select ${['count(*)::integer as count', ...sums].join(', ')} from ${this.table} where ${condition}`,
      params,
    );
    return {
      count: Number(row.count),
      sums: Object.fromEntries(columns.map((column, i) => [column, String(row[`s${i}`])])),
    };
  }

  /** A page of the merchant's records, without their total (a list that shows no pages). */
  async page(q: Queryable, merchantId: number, query: ListQuery): Promise<RecordOf<N>[]> {
    const { condition, params } = this.conditionOf(merchantId, query);
    return this.pageOf(q, condition, params, query);
  }

  private conditionOf(merchantId: number, query: ListQuery): { condition: string; params: unknown[] } {
    const where = whereOf(this.entity, query.filter, 2);
    const owner = this.ownerCondition(2 + where.params.length);
    return {
      condition: ['merchant_id = $1::integer', ...where.sql].join(' and ') + owner.sql,
      params: [merchantId, ...where.params, ...owner.params],
    };
  }

  private async pageOf(q: Queryable, condition: string, params: unknown[], query: ListQuery): Promise<RecordOf<N>[]> {
    const [start, end] = query.range;
    const rows = await q.query(
      `select ${this.selected} from ${this.table} where ${condition} order by ${orderOf(this.entity, query.sort)}
       limit ${end - start + 1} offset ${start}`,
      params,
    );
    return rows.map((row) => this.recordOf(row));
  }

  /**
   * The merchant's record `id`, or null. With `lock` (inside a transaction) the row stays locked
   * until the transaction ends, for a change computed from what was read.
   */
  async get(q: Queryable, merchantId: number, id: number, { lock = false } = {}): Promise<RecordOf<N> | null> {
    const owner = this.ownerCondition(3);
    const [row] = await q.query(
      `select ${this.selected} from ${this.table} where id = $1::integer and merchant_id = $2::integer${owner.sql}${lock ? ' for update' : ''}`,
      [id, merchantId, ...owner.params],
    );
    return row ? this.recordOf(row) : null;
  }

  /**
   * Inserts a record, and the child records it carries (`x-children`). `system` carries values no
   * client may write (status, created_at…), for the server's own flows and demo data. `actor`, in
   * every write, is who the change history names (the merchant's account when left out).
   */
  async create(
    q: Queryable,
    merchantId: number,
    values: CreateOf<N>,
    system?: ServerValuesOf<N>,
    actor?: string,
  ): Promise<RecordOf<N>> {
    const record: Row = {};
    for (const column of this.columns) {
      if (column.property.default !== undefined) record[column.name] = structuredClone(column.property.default);
    }
    Object.assign(record, values, system);
    // The record is the account's own (and an entity with owners is never created for no account).
    this.ownerCondition(1);
    if (this.owner) record[this.owner.column] = this.owner.value;
    // `x-when`: a field that does not apply to this record (a split count on a quick invoice) is not stored.
    for (const name of notApplying(this.entity, record)) delete record[name];
    const children = takeChildren(this.childArrays, record);
    const now = new Date().toISOString();
    for (const name of [CREATED, UPDATED]) if (name in this.entity.properties) record[name] ??= now;
    await this.checkLogin(q, record);
    await checkUnique(q, this.entity, merchantId, record);
    await checkReferences(q, this.entity, this.references, merchantId, record);
    initialRemaining(this.inbound, record);
    await fillGenerated(q, this.entity, record, this.publicUrl);
    await this.hashSecrets(record);

    const columns = this.columns.filter((column) => record[column.name] !== undefined);
    const [row] = await q.query(
      `insert into ${this.table} (merchant_id${columns.map((column) => `, ${ident(column.name)}`).join('')})
       values ($1::integer${columns.map((column, i) => `, ${placeholder(column.kind, i + 2)}`).join('')})
       returning ${this.selected}`,
      [merchantId, ...columns.map((column) => record[column.name])],
    );
    const id = row.id as number;
    await this.syncLogin(q, merchantId, id, record);
    for (const reference of this.references) {
      await syncRemaining(q, this.entity, reference, merchantId, [record[reference.column]]);
    }
    await this.events.tell({
      kind: 'created',
      q,
      entity: this.entity,
      merchantId,
      record: toRecord(row),
      written: { ...values },
      actor,
    });
    if (children.size === 0) return this.recordOf(row);
    // Children are made in the parent's write: they carry its creation time.
    const made = { [CREATED]: record[CREATED], [UPDATED]: record[UPDATED] };
    await createChildren(q, children, merchantId, id, (child) => ({
      create: (tx, merchant, childValues) => this.childStore(child).create(tx, merchant, childValues, made, actor),
    }));
    // The children changed the parent (its remaining places): answer with the row as it now is.
    const created = await this.get(q, merchantId, id);
    if (!created) throw new Error(`${this.entity.$id} ${id} was written in this transaction and is gone`);
    return created;
  }

  /**
   * Updates a record. `replace` (PUT) sets every writable field, clearing the ones left out, except
   * write-only secrets, which are kept when omitted; `patch` sets only the given fields.
   */
  async update(
    q: Queryable,
    merchantId: number,
    id: number,
    values: ChangeOf<N>,
    mode: WriteMode,
    actor?: string,
  ): Promise<RecordOf<N> | null> {
    const previous = await this.lock(q, merchantId, id);
    if (!previous) return null;
    if (mode === 'replace') this.checkEditable(previous);
    const record: Row = { ...values };
    takeChildren(this.childArrays, record);
    if (mode === 'replace') {
      for (const column of this.columns) {
        if (column.property.readOnly || column.property.writeOnly) continue;
        // A field left out is cleared: back to its default when it has one (an invoice's kind), else empty.
        if (record[column.name] === undefined) record[column.name] = structuredClone(column.property.default ?? null);
      }
    }
    if (UPDATED in this.entity.properties) record[UPDATED] = new Date().toISOString();
    for (const name of notApplying(this.entity, { ...previous, ...record })) {
      if (!this.entity.properties[name].readOnly) record[name] = null;
    }
    const merged = { ...previous, ...record };
    await this.checkLogin(q, record, id);
    await checkUnique(q, this.entity, merchantId, merged, id);
    await checkReferences(q, this.entity, this.references, merchantId, merged, previous);
    await resizeParent(q, this.inbound, this.entity, merchantId, id, record, previous);
    await this.hashSecrets(record);

    const row = await this.write(q, merchantId, id, record);
    if (row) await this.changed(q, merchantId, previous, row, record, actor);
    if (this.loginColumn && this.loginColumn in record) await this.syncLogin(q, merchantId, id, record);
    for (const reference of this.references) {
      if (merged[reference.column] === previous[reference.column]) continue;
      await syncRemaining(q, this.entity, reference, merchantId, [
        previous[reference.column],
        merged[reference.column],
      ]);
    }
    return row;
  }

  /** Deletes a record; refused (409) while another record points at it. */
  async remove(q: Queryable, merchantId: number, id: number, actor?: string): Promise<RecordOf<N> | null> {
    const previous = await this.lock(q, merchantId, id);
    if (!previous) return null;
    await refuseInUse(q, this.inbound, merchantId, id);
    const owner = this.ownerCondition(3);
    const [row] = await q.query(
      `delete from ${this.table} where id = $1::integer and merchant_id = $2::integer${owner.sql} returning ${this.selected}`,
      [id, merchantId, ...owner.params],
    );
    if (this.loginColumn) await releaseLogin(q, this.entity.$id, id);
    await this.events.tell({ kind: 'deleted', q, entity: this.entity, merchantId, previous, actor });
    for (const reference of this.references) {
      await syncRemaining(q, this.entity, reference, merchantId, [previous[reference.column]]);
    }
    return this.recordOf(row);
  }

  /**
   * Runs the action `action` of the status `property` (`x-transitions`): refused while the status
   * is not one it starts from; an action that asks why stores `reason` with it. Null when the
   * merchant has no such record.
   */
  async transition(
    q: Queryable,
    merchantId: number,
    id: number,
    property: string,
    action: string,
    actor?: string,
    reason?: string,
  ): Promise<RecordOf<N> | null> {
    const transition = transitionsOf(this.entity).find((t) => t.property === property && t.action === action);
    if (!transition) throw new Error(`${this.entity.$id}.${property} has no action ${action}`);
    const previous = await this.lock(q, merchantId, id);
    if (!previous) return null;
    const status = previous[property];
    if (!transition.from.includes(String(status))) throw new TransitionRefused(this.entity.$id, property, status);
    if (transition.until && isTooLate(transition, previous, clockNow()))
      throw new RecordRefused(409, transition.until.message);
    const record: Row = { [property]: transition.to };
    if (transition.reason !== undefined) record[transition.reason] = reason ?? null;
    if (UPDATED in this.entity.properties) record[UPDATED] = new Date().toISOString();
    const row = await this.write(q, merchantId, id, record);
    if (row) await this.changed(q, merchantId, previous, row, record, actor);
    return row;
  }

  private changed(q: Queryable, merchantId: number, previous: Row, record: Row, written: Row, actor?: string) {
    return this.events.tell({ kind: 'changed', q, entity: this.entity, merchantId, previous, record, written, actor });
  }

  /** `x-resource.editable`: refuses a client's change of a record that no longer matches. */
  private checkEditable(previous: Row): void {
    for (const [property, values] of Object.entries(this.entity['x-resource'].editable ?? {})) {
      if (!values.includes(previous[property]))
        throw new TransitionRefused(this.entity.$id, property, previous[property]);
    }
  }

  /** The stored row, locked until the transaction ends; null when the merchant has no such record. */
  private async lock(q: Queryable, merchantId: number, id: number): Promise<Row | null> {
    const owner = this.ownerCondition(3);
    const [row] = await q.query(
      `select * from ${this.table} where id = $1::integer and merchant_id = $2::integer${owner.sql} for update`,
      [id, merchantId, ...owner.params],
    );
    return row ?? null;
  }

  private async write(q: Queryable, merchantId: number, id: number, record: Row): Promise<RecordOf<N> | null> {
    const columns = this.columns.filter((column) => record[column.name] !== undefined);
    const owner = this.ownerCondition(3 + columns.length);
    const [row] = await q.query(
      `update ${this.table} set ${columns.map((column, i) => `${ident(column.name)} = ${placeholder(column.kind, i + 3)}`).join(', ')}
       where id = $1::integer and merchant_id = $2::integer${owner.sql} returning ${this.selected}`,
      [id, merchantId, ...columns.map((column) => record[column.name]), ...owner.params],
    );
    return row ? this.recordOf(row) : null;
  }

  /**
   * A row read with the entity's readable columns as the entity's record. The one place a row is
   * taken for the entity's type: the drivers read each column as the generated type says (money and
   * dates as strings, timestamps as ISO strings, JSON parsed: `db/values.ts`), and `toRecord`
   * leaves unset columns out, which the type has as optional properties.
   */
  private recordOf(row: Row): RecordOf<N> {
    return toRecord(row) as RecordOf<N>;
  }

  private childStore(child: EntitySchema): EntityStore {
    let store = this.childStores.get(child.$id);
    if (!store) {
      store = new EntityStore(child, this.publicUrl, this.entities, this.events);
      this.childStores.set(child.$id, store);
    }
    return store;
  }

  private async checkLogin(q: Queryable, record: Row, id?: number): Promise<void> {
    const email = this.loginColumn ? record[this.loginColumn] : undefined;
    if (typeof email !== 'string') return;
    const owner = id === undefined ? undefined : { source: this.entity.$id, recordId: id };
    if (!(await isLoginFree(q, email, owner))) throw new UniqueConflict(this.loginColumn as string);
  }

  private async syncLogin(q: Queryable, merchantId: number, id: number, record: Row): Promise<void> {
    if (!this.loginColumn) return;
    const email = record[this.loginColumn];
    if (typeof email === 'string') await claimLogin(q, email, { source: this.entity.$id, recordId: id, merchantId });
    else await releaseLogin(q, this.entity.$id, id);
  }

  private async hashSecrets(record: Row): Promise<void> {
    for (const column of this.columns) {
      const value = record[column.name];
      if (column.property['x-secret'] === 'hash' && typeof value === 'string')
        record[column.name] = await hashPassword(value);
    }
  }
}

/** A row as the API returns it: unset (null) fields are left out rather than sent as null. */
export function toRecord(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}
