import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { defaultDateRange, rangeFilters } from '../../../src/schema/listDateRange';
import type { EntitySchema } from '../../../src/schema/types';
import { dateRangeOf, routeParameter, viewOf } from '../../../src/schema/views';
import type { Operation, SchemaBook } from './openapi';
import type { Random } from './random';
import type { RecordSource, ValueGenerator } from './values';

/**
 * The signed-in merchant's records, for valid references and path values: ids per entity (read
 * from the entity's table, scoped to the merchant), records as the API answers them, the records
 * this run created (which its deletes remove), and another merchant's ids.
 */

/**
 * Path values that are not record ids, and where valid ones come from. Payment links are the
 * merchant's unpaid invoices; receipts are its transactions; a storefront's lists are its active
 * sale lists and its orders the merchant's orders; files are those the server stored.
 */
const PATH_SOURCES: Record<string, { entity: string; column: string; where?: string }> = {
  reference: { entity: 'invoice', column: 'reference_no', where: `status in ('unpaid', 'active')` },
  transactionReference: { entity: 'transaction', column: 'reference_no' },
  saleListReference: { entity: 'sale_list', column: 'reference_no', where: `status = 'active'` },
  orderReference: { entity: 'sale_order', column: 'reference_no' },
  token: {
    entity: 'tenant',
    column: 'pay_token',
    where: `exists (select 1 from rent_invoices r where r.tenant_id = tenants.id and r.status = 'unpaid')`,
  },
};

type Json = Record<string, unknown>;

export class MerchantRecords implements RecordSource {
  private readonly createdIds = new Map<string, number[]>();

  private constructor(
    private readonly app: FastifyInstance,
    private readonly book: SchemaBook,
    private readonly merchantId: number,
    private readonly foreignMerchantId: number,
    private readonly token: string,
  ) {}

  static async open(app: FastifyInstance, book: SchemaBook, email: string, foreignEmail: string, token: string) {
    const idOf = async (address: string) => {
      const [row] = await app.bawaba.db.query<{ id: number }>(`select id from merchants where email = $1::text`, [
        address,
      ]);
      if (!row) throw new Error(`No merchant signs in with ${address}`);
      return row.id;
    };
    return new MerchantRecords(app, book, await idOf(email), await idOf(foreignEmail), token);
  }

  /**
   * The entity's schema as the document has it: its record schema, which every entity has (a
   * create schema only where it may be created), carries the x- hints.
   */
  entity(entity: string): EntitySchema {
    const schema = this.book.component(`${entity}.record`);
    if (!schema?.['x-resource']) throw new Error(`No schema for ${entity}`);
    return schema as unknown as EntitySchema;
  }

  private table(entity: string): string {
    return this.entity(entity)['x-resource'].table ?? entity;
  }

  async ids(entity: string, refuse?: Record<string, unknown[]>, extra = ''): Promise<number[]> {
    const params: unknown[] = [this.merchantId];
    const conditions = Object.entries(refuse ?? {}).map(
      ([column, values]) => `not coalesce("${column}"::text in (${literals(values)}), false)`,
    );
    if (extra) conditions.push(extra);
    const rows = await this.app.bawaba.db.query<{ id: number }>(
      `select id from "${this.table(entity)}" where merchant_id = $1 ${conditions.map((c) => `and ${c}`).join(' ')} order by id`,
      params,
    );
    return rows.map((row) => Number(row.id));
  }

  async record(entity: string, id: number): Promise<Json | undefined> {
    const endpoint = this.entity(entity)['x-resource'].endpoint;
    const response = await this.app.inject({
      method: 'GET',
      url: `/v1${endpoint}/${id}`,
      headers: { authorization: `Bearer ${this.token}` },
    });
    return response.statusCode === 200 ? response.json<Json>() : undefined;
  }

  created(entity: string, id: number): void {
    const ids = this.createdIds.get(entity) ?? [];
    ids.push(id);
    this.createdIds.set(entity, ids);
  }

  /** Up to three ids of another merchant's records of the entity. */
  async foreignIds(entity: string | undefined): Promise<string[]> {
    if (!entity || !this.book.component(`${entity}.record`)) return [];
    const rows = await this.app.bawaba.db.query<{ id: number }>(
      `select id from "${this.table(entity)}" where merchant_id = $1 order by id limit 3`,
      [this.foreignMerchantId],
    );
    return rows.map((row) => String(row.id));
  }

  /**
   * A valid value of a path parameter: an id of the merchant's records (a transition's in a state
   * it allows, most of the time; an update's in an editable state; a delete's among those this run
   * created), or a payment reference, a transaction reference, a stored file.
   */
  async pathValue(
    op: Operation,
    name: string,
    entity: string | undefined,
    random: Random,
  ): Promise<string | undefined> {
    if (name === 'name') {
      const files = await storedFileNames(this.app);
      return files.length ? random.pick(files) : undefined;
    }
    // The merchant whose public page it is: the run's own.
    if (name === 'merchantId') return String(this.merchantId);
    const source = PATH_SOURCES[name];
    if (source) {
      const rows = await this.app.bawaba.db.query<{ value: string }>(
        `select "${source.column}" as value from "${this.table(source.entity)}"
          where merchant_id = $1 and "${source.column}" is not null ${source.where ? `and ${source.where}` : ''} order by id`,
        [this.merchantId],
      );
      return rows.length ? random.pick(rows).value : undefined;
    }
    // No record behind the parameter: the operation gets no valid input, which the run reports.
    if (!entity) return undefined;
    let ids: number[] = [];
    const transition = /\/\{id\}\/\w+$/.test(op.path) ? /allowed while it is (.*?), 409/.exec(op.description) : null;
    const editable = this.entity(entity)['x-resource'].editable as Record<string, unknown[]> | undefined;
    if (transition && random.chance(0.8)) {
      const statuses = (transition[1].match(/`([^`]+)`/g) ?? []).map((s) => s.slice(1, -1));
      // The property whose `x-transitions` the action belongs to holds the state.
      const properties = this.book.component(`${entity}.record`)?.properties ?? {};
      const action = op.path.slice(op.path.lastIndexOf('/') + 1);
      const column =
        Object.keys(properties).find((name) => Object.hasOwn(Object(properties[name]['x-transitions']), action)) ??
        'status';
      ids = await this.ids(entity, undefined, `"${column}"::text in (${literals(statuses)})`);
    } else if (op.method === 'PUT' && editable) {
      const [[column, values]] = Object.entries(editable);
      ids = await this.ids(entity, undefined, `"${column}"::text in (${literals(values)})`);
    } else if (op.method === 'DELETE') {
      // Probes take created records too: a hostile one that deletes leaves none for a valid delete.
      const created = this.createdIds.get(entity) ?? [];
      if (created.length) return String(created.pop());
    }
    if (!ids.length) ids = await this.ids(entity);
    return ids.length ? String(random.pick(ids)) : undefined;
  }

  /** A valid list query of the entity: a generated filter within its date range rule, a range and a sort. */
  async listQuery(entity: string, generator: ValueGenerator, random: Random): Promise<Json> {
    const schema = this.entity(entity);
    const filterSchema = this.book.component(`${entity}.filter`);
    const filter = ((filterSchema && random.chance(0.6) ? await generator.valid(filterSchema) : {}) ?? {}) as Json;
    const view = typeof filter.view === 'string' ? viewOf(schema, filter.view) : undefined;
    // A view standing for a route (`/unit/:unit_id/tenants`) needs that value; plain lists do not.
    if (view && Object.values(view.filter ?? {}).some((value) => routeParameter(value))) delete filter.view;
    delete filter.id;
    const rule = dateRangeOf(schema, typeof filter.view === 'string' ? filter.view : undefined);
    if (rule) {
      const names = rangeFilters(rule);
      const range = defaultDateRange(rule);
      filter[names.from] = range.from;
      filter[names.to] = range.to;
    }
    const first = random.int(0, 30);
    const columns = ['id', schema['x-list'].sort[0], ...schema['x-list'].columns].filter((column) => {
      const property = this.book.component(`${entity}.record`)?.properties?.[column];
      return column === 'id' || (property && !['object', 'array'].includes(String(property.type)));
    });
    return {
      filter,
      range: [first, first + random.int(0, 50)],
      sort: [random.pick(columns), random.pick(['ASC', 'DESC', 'asc'])],
    };
  }
}

/** Values named by the document (statuses), as SQL string literals. */
const literals = (values: unknown[]) => values.map((value) => `'${String(value).replaceAll("'", "''")}'`).join(', ');

async function storedFileNames(app: FastifyInstance): Promise<string[]> {
  return (await readdir(app.bawaba.uploads.dir)).filter((name) => !name.startsWith('.'));
}
