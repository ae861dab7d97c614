import type { FastifyInstance } from 'fastify';
import { entitySchemas } from '../../../src/schema/registry';
import { childrenOf } from '../../../src/schema/relations';
import type { EntitySchema, PropertySchema } from '../../../src/schema/types';
import { ident } from '../../../src/server/storage/columns';
import type { Client } from '../../api/helpers/client';
import { basePath } from './actors';
import type { BodySources, Row } from './bodies';

/**
 * What the matrix reads behind the API: a merchant's rows of an entity straight from its table,
 * to pick records to aim at and to prove that refused calls changed nothing.
 */

/** The entity's table, quoted for SQL. */
export const tableName = (entity: EntitySchema) => ident(entity['x-resource'].table);
const tableOf = tableName;

/** Ids of the merchant's rows, lowest first. */
export async function idsOf(app: FastifyInstance, entity: EntitySchema, merchantId: number): Promise<number[]> {
  const rows = await app.bawaba.db.query<{ id: number }>(
    `select id from ${tableOf(entity)} where merchant_id = $1::integer order by id`,
    [merchantId],
  );
  return rows.map((row) => row.id);
}

/** The stored row (every column, the merchant's too), or null. */
export async function storedRow(app: FastifyInstance, entity: EntitySchema, id: number): Promise<Row | null> {
  const [row] = await app.bawaba.db.query(`select * from ${tableOf(entity)} where id = $1::integer`, [id]);
  return row ? JSON.parse(JSON.stringify(row)) : null;
}

/** How many rows the merchant has. */
export async function countOf(app: FastifyInstance, entity: EntitySchema, merchantId: number): Promise<number> {
  const [row] = await app.bawaba.db.query<{ n: number }>(
    `select count(*)::integer as n from ${tableOf(entity)} where merchant_id = $1::integer`,
    [merchantId],
  );
  return row.n;
}

/**
 * A row of `entity` for `merchantId` with nothing but its merchant: something of another merchant
 * to point at when that merchant has none of its own.
 */
export async function bareRow(app: FastifyInstance, entity: EntitySchema, merchantId: number): Promise<number> {
  const [row] = await app.bawaba.db.query<{ id: number }>(
    `insert into ${tableOf(entity)} (merchant_id) values ($1::integer) returning id`,
    [merchantId],
  );
  return row.id;
}

/**
 * The id a new record of the merchant may point at through `property`: the newest one the reference
 * does not refuse (`refuse`) and, under an `x-limit`, one with room left (`remaining` above 0).
 */
async function pointable(
  app: FastifyInstance,
  property: PropertySchema,
  merchantId: number,
  fromValues: string[] = [],
): Promise<number | undefined> {
  const spec = property['x-references'] ?? property.items?.['x-references'];
  if (!spec) return undefined;
  const target = entitySchemas[spec.entity];
  const where = ['merchant_id = $1::integer'];
  const params: unknown[] = [merchantId];
  for (const [column, values] of Object.entries(spec.refuse ?? {})) {
    params.push(JSON.stringify(values.map(String)));
    where.push(
      `(${ident(column)} is null or ${ident(column)}::text not in (select jsonb_array_elements_text($${params.length}::text::jsonb)))`,
    );
  }
  const remaining = property['x-limit']?.remaining;
  if (remaining) where.push(`${ident(remaining)} > 0`);
  // A record whose amounts the write takes (`x-from`) must have some left: a refund of a transaction with nothing pending is refused.
  for (const from of fromValues) where.push(`${ident(from)} > 0`);
  const [row] = await app.bawaba.db.query<{ id: number }>(
    `select id from ${tableOf(target)} where ${where.join(' and ')} order by id desc limit 1`,
    params,
  );
  return row?.id;
}

function referencedEntitySchema(property: PropertySchema | undefined): EntitySchema | undefined {
  const name = property?.['x-references']?.entity;
  return name ? entitySchemas[name] : undefined;
}

/** A record as its merchant's admin reads it through the API. */
export async function readRecord(admin: Client, entity: EntitySchema, id: number): Promise<Row | undefined> {
  const response = await admin.get(`${basePath(entity)}/${id}`);
  return response.statusCode === 200 ? (response.json() as Row) : undefined;
}

/**
 * Where the bodies of a merchant's creates take references and children from: that merchant's
 * own records, chosen as `pointable` says, read by its admin.
 */
export async function bodySources(
  app: FastifyInstance,
  entity: EntitySchema,
  merchantId: number,
  admin: Client,
): Promise<BodySources> {
  const ids = new Map<string, number | undefined>();
  const children = new Map<string, Row | undefined>();
  const taken = (name: string) =>
    Object.values(entity.properties).flatMap((p) => (p['x-from']?.reference === name ? [p['x-from'].property] : []));
  for (const [name, property] of Object.entries(entity.properties)) {
    ids.set(name, await pointable(app, property, merchantId, taken(name)));
    const child = childrenOf(property)?.entity;
    if (child) {
      const [first] = await idsOf(app, entitySchemas[child], merchantId);
      children.set(child, first === undefined ? undefined : await readRecord(admin, entitySchemas[child], first));
      const childEntity = entitySchemas[child];
      for (const [childName, childProperty] of Object.entries(childEntity.properties)) {
        ids.set(`${child}.${childName}`, await pointable(app, childProperty, merchantId));
      }
    }
  }
  // The values the server fills from the chosen records (`x-from`), so rules comparing with them can be met.
  const filled = new Map<string, unknown>();
  for (const [name, property] of Object.entries(entity.properties)) {
    const from = property['x-from'];
    const id = from && ids.get(from.reference);
    const referenced = from && referencedEntitySchema(entity.properties[from.reference]);
    if (!from || id === undefined || !referenced) continue;
    filled.set(name, (await storedRow(app, referenced, id))?.[from.property]);
  }
  return {
    referenceId: (owner, property) => ids.get(owner === entity.$id ? property : `${owner}.${property}`),
    childTemplate: (child) => children.get(child),
    filledValue: (property) => filled.get(property),
  };
}
