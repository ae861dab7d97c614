import type { EntitySchema } from '../../schema/types';
import { hashPassword } from '../auth/passwords';
import type { Queryable, Row } from '../db/database';
import { columnsOf, ident, placeholder, type Column } from './columns';
import { UniqueConflict } from './errors';
import { fillGenerated } from './generated';
import { orderOf, whereOf, type ListQuery } from './list-query';
import { claimLogin, isLoginFree, releaseLogin } from './login-identities';

/**
 * Rows of one entity, always scoped by merchant. Knows the schema's storage hints (`x-secret`,
 * `x-generated`, `x-unique`, defaults, timestamps) so that routes stay generic. Values given to
 * `create`/`update` are assumed valid against the entity's write schema.
 */

const CREATED = 'created_at';
const UPDATED = 'updated_at';

export type WriteMode = 'replace' | 'patch';

export class EntityStore {
  readonly table: string;
  private readonly columns: Column[];
  private readonly selected: string;
  private readonly loginColumn?: string;

  constructor(
    readonly entity: EntitySchema,
    private readonly publicUrl: string,
  ) {
    this.table = ident(entity['x-resource'].table);
    this.columns = columnsOf(entity);
    const readable = this.columns.filter((column) => !column.property.writeOnly && !column.property['x-secret']);
    this.selected = ['id', ...readable.map((column) => ident(column.name))].join(', ');
    this.loginColumn = this.columns.find((column) => column.property['x-unique'] === 'login')?.name;
  }

  async list(q: Queryable, merchantId: number, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
    const where = whereOf(this.entity, query.filter, 2);
    const condition = ['merchant_id = $1::integer', ...where.sql].join(' and ');
    const params = [merchantId, ...where.params];
    const [{ total }] = await q.query<{ total: number }>(
      `select count(*)::integer as total from ${this.table} where ${condition}`,
      params,
    );
    const [start, end] = query.range;
    const rows = await q.query(
      `select ${this.selected} from ${this.table} where ${condition} order by ${orderOf(this.entity, query.sort)}
       limit ${end - start + 1} offset ${start}`,
      params,
    );
    return { rows: rows.map(toRecord), total };
  }

  async get(q: Queryable, merchantId: number, id: number): Promise<Row | null> {
    const [row] = await q.query(
      `select ${this.selected} from ${this.table} where id = $1::integer and merchant_id = $2::integer`,
      [id, merchantId],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * Inserts a record. `system` carries values no client may write (status, created_at…), for the
   * server's own flows and demo data.
   */
  async create(q: Queryable, merchantId: number, values: Row, system: Row = {}): Promise<Row> {
    const record: Row = {};
    for (const column of this.columns) {
      if (column.property.default !== undefined) record[column.name] = structuredClone(column.property.default);
    }
    Object.assign(record, values, system);
    const now = new Date().toISOString();
    for (const name of [CREATED, UPDATED]) if (name in this.entity.properties) record[name] ??= now;
    await this.checkLogin(q, record);
    await fillGenerated(q, this.entity, record, this.publicUrl);
    await this.hashSecrets(record);

    const columns = this.columns.filter((column) => record[column.name] !== undefined);
    const [row] = await q.query(
      `insert into ${this.table} (merchant_id${columns.map((column) => `, ${ident(column.name)}`).join('')})
       values ($1::integer${columns.map((column, i) => `, ${placeholder(column.kind, i + 2)}`).join('')})
       returning ${this.selected}`,
      [merchantId, ...columns.map((column) => record[column.name])],
    );
    await this.syncLogin(q, merchantId, row.id as number, record);
    return toRecord(row);
  }

  /**
   * Updates a record. `replace` (PUT) sets every writable field, clearing the ones left out, except
   * write-only secrets, which are kept when omitted; `patch` sets only the given fields.
   */
  async update(q: Queryable, merchantId: number, id: number, values: Row, mode: WriteMode): Promise<Row | null> {
    const record: Row = { ...values };
    if (mode === 'replace') {
      for (const column of this.columns) {
        if (column.property.readOnly || column.property.writeOnly) continue;
        if (record[column.name] === undefined) record[column.name] = null;
      }
    }
    if (UPDATED in this.entity.properties) record[UPDATED] = new Date().toISOString();
    await this.checkLogin(q, record, id);
    await this.hashSecrets(record);

    const columns = this.columns.filter((column) => record[column.name] !== undefined);
    const [row] = await q.query(
      `update ${this.table} set ${columns.map((column, i) => `${ident(column.name)} = ${placeholder(column.kind, i + 3)}`).join(', ')}
       where id = $1::integer and merchant_id = $2::integer returning ${this.selected}`,
      [id, merchantId, ...columns.map((column) => record[column.name])],
    );
    if (!row) return null;
    if (this.loginColumn && this.loginColumn in record) await this.syncLogin(q, merchantId, id, record);
    return toRecord(row);
  }

  async remove(q: Queryable, merchantId: number, id: number): Promise<Row | null> {
    const [row] = await q.query(
      `delete from ${this.table} where id = $1::integer and merchant_id = $2::integer returning ${this.selected}`,
      [id, merchantId],
    );
    if (!row) return null;
    if (this.loginColumn) await releaseLogin(q, this.entity.$id, id);
    return toRecord(row);
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
