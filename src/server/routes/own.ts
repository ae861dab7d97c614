import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { EntitySchema, XOwn } from '../../schema/types';
import { ownAuditTrail } from '../audit/trail';
import { callerOf } from '../auth/caller';
import { ownGate } from '../../schema/access';
import { checkAccess } from '../auth/guard';
import { hashPassword } from '../auth/passwords';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { errorResponses } from '../http/shared-schemas';
import { dropIgnoredFields } from '../resources/ignored-fields';
import { checkFileReferences, fileFields, multipartReader } from '../resources/multipart';
import { withUploads } from '../resources/uploads';
import { toRecord } from '../storage/records';

/**
 * `x-resource.own`: the signed-in merchant's own record of an entity (its business profile, its
 * notification settings), one per merchant, read and replaced at `own.endpoint` without an id.
 *
 * The record is kept whole, as JSON, in `settings` under `own:<entity>:<merchant id>`, not among
 * the entity's rows: a merchant's own profile is not one of its sub-merchants, so lists and the
 * routes by id never reach it, and the key makes a second one impossible. Its `id` is the
 * merchant's; an unset property reads as its default (also one added to the schema later).
 */

const CREATED = 'created_at';
const UPDATED = 'updated_at';

const ownKey = (entity: EntitySchema, merchantId: number) => `own:${entity.$id}:${merchantId}`;

/** Path of the own endpoint inside the /v1 scope ("/profile/merchant/" → "/profile/merchant"). */
export const ownPath = (own: XOwn) => `/${own.endpoint.replace(/^\/+|\/+$/g, '')}`;

function defaultsOf(entity: EntitySchema): Row {
  return Object.fromEntries(
    Object.entries(entity.properties).flatMap(([name, property]) =>
      property.default === undefined ? [] : [[name, structuredClone(property.default)]],
    ),
  );
}

async function stored(q: Queryable, key: string, lock: boolean): Promise<Row | null> {
  const [row] = await q.query<{ value: string }>(
    `select value from settings where key = $1::text${lock ? ' for update' : ''}`,
    [key],
  );
  return row ? (JSON.parse(row.value) as Row) : null;
}

/**
 * The merchant's stored record, created with the schema's defaults when it has none yet. Nothing is
 * generated on a read: the server-made values of an own record (a code, keys) are the merchant's
 * own, set by the flows that know them (`system`), never invented. Call inside a transaction: of two
 * first reads at once, one insert wins and both answer its record. `lock` holds the record until
 * the transaction ends, for a write.
 */
async function ensureOwn(q: Queryable, entity: EntitySchema, merchantId: number, lock = false): Promise<Row> {
  const key = ownKey(entity, merchantId);
  const existing = await stored(q, key, lock);
  if (existing) return existing;
  const fresh = defaultsOf(entity);
  const now = new Date().toISOString();
  for (const name of [CREATED, UPDATED]) if (name in entity.properties) fresh[name] = now;
  await q.query(`insert into settings (key, value) values ($1::text, $2::text) on conflict (key) do nothing`, [
    key,
    JSON.stringify(fresh),
  ]);
  return (await stored(q, key, lock)) as Row;
}

/** The record as the API answers it: the merchant's id, defaults for unset properties, no secrets, no nulls. */
function present(entity: EntitySchema, merchantId: number, record: Row): Row {
  const visible: Row = { ...defaultsOf(entity), ...record, id: merchantId };
  for (const [name, property] of Object.entries(entity.properties)) {
    if (property.writeOnly || property['x-secret']) delete visible[name];
  }
  return toRecord(visible);
}

/** The merchant's own record of `entity`, created with defaults on first read. */
export async function readOwnRecord(q: Queryable, entity: EntitySchema, merchantId: number): Promise<Row> {
  return present(entity, merchantId, await ensureOwn(q, entity, merchantId));
}

/**
 * Replaces the merchant's own record of `entity` with `values` (valid against the update schema),
 * as PUT does on a row: writable fields left out are cleared, except write-only secrets, which are
 * kept; read-only values stay. `system` sets values no client may write (demo data, server flows).
 */
export async function replaceOwnRecord(
  q: Queryable,
  entity: EntitySchema,
  merchantId: number,
  values: Row,
  system: Row = {},
): Promise<Row> {
  const current = await ensureOwn(q, entity, merchantId, true);
  const next: Row = {};
  for (const [name, property] of Object.entries(entity.properties)) {
    if (property.readOnly || (property.writeOnly && values[name] === undefined)) {
      if (current[name] !== undefined) next[name] = current[name];
    } else if (values[name] !== undefined && values[name] !== null) {
      next[name] =
        property['x-secret'] === 'hash' && typeof values[name] === 'string'
          ? await hashPassword(values[name])
          : values[name];
    }
  }
  Object.assign(next, system);
  if (UPDATED in entity.properties) next[UPDATED] = new Date().toISOString();
  await q.query(`update settings set value = $2::text where key = $1::text`, [
    ownKey(entity, merchantId),
    JSON.stringify(next),
  ]);
  await ownAuditTrail(entity)?.replaced(q, merchantId, current, next, values);
  return present(entity, merchantId, next);
}

/**
 * Sets values of the merchant's own record that only the server writes (its keys, once regenerated),
 * keeping the rest as it is.
 */
export async function setOwnSystemValues(q: Queryable, entity: EntitySchema, merchantId: number, system: Row) {
  const current = await ensureOwn(q, entity, merchantId, true);
  await q.query(`update settings set value = $2::text where key = $1::text`, [
    ownKey(entity, merchantId),
    JSON.stringify({ ...current, ...system }),
  ]);
}

/** `GET` and `PUT` of one entity's own record, gated, encrypted and multipart like its other routes. */
function registerOwn(app: FastifyInstance, ctx: ServerContext, entity: EntitySchema, own: XOwn): void {
  const name = entity.$id;
  const path = ownPath(own);
  const encrypted = entity['x-resource'].encrypted === true;
  const multipart = Object.keys(fileFields(entity)).length > 0;
  const access = async (request: FastifyRequest) => checkAccess(callerOf(request), ownGate(entity));
  const tags = [name];
  const response = { 200: { $ref: `${name}.record#` }, ...errorResponses };

  /** The body as a record: itself, or its decrypted `data` with the uploaded files' URLs, checked like a plain body. */
  const recordOf = async (request: FastifyRequest): Promise<Row> => {
    let record = request.body as Row;
    if (encrypted) {
      const value = await ctx.ciphers.decrypt(callerOf(request).merchant, (request.body as { data: string }).data);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const file of request.pendingFiles ?? []) (value as Row)[file.field] = ctx.uploads.url(file.name);
      }
      dropIgnoredFields(entity, value);
      ctx.validator.check(`${name}.update`, value);
      record = value as Row;
    }
    if (multipart) checkFileReferences(entity, record);
    return record;
  };

  app.get(
    path,
    {
      onRequest: access,
      schema: {
        tags,
        summary: `The merchant's own ${name}`,
        description:
          'One record per merchant, created with the default values on first read; its `id` is the merchant id.',
        response,
      },
    },
    async (request) => ctx.db.transaction((tx) => readOwnRecord(tx, entity, callerOf(request).merchant.id)),
  );

  const writeOptions: RouteShorthandOptions = {
    onRequest: access,
    // The record as read may come back whole: its read-only fields are dropped (an encrypted body once decrypted).
    preValidation: [
      ...(multipart ? [multipartReader(entity, ctx.uploads, !encrypted)] : []),
      async (request: FastifyRequest) => {
        if (!encrypted) dropIgnoredFields(entity, request.body);
      },
    ],
    ...(multipart ? { config: { multipart: true } } : {}),
    schema: {
      tags,
      summary: `Replace the merchant's own ${name}${encrypted ? ' (body encrypted)' : ''}`,
      description: `${encrypted ? `Body: \`{data}\` holding a \`${name}.update\` record encrypted with the merchant keys. ` : ''}${
        multipart ? 'Also accepts multipart/form-data: a `record` part (JSON) plus one part per file field.' : ''
      }`,
      body: { $ref: encrypted ? 'encrypted-payload#' : `${name}.update#` },
      response,
    },
  };
  app.put(path, writeOptions, async (request) => {
    const values = await recordOf(request);
    return withUploads(ctx.uploads, request.pendingFiles, () =>
      ctx.db.transaction((tx) => replaceOwnRecord(tx, entity, callerOf(request).merchant.id, values)),
    );
  });
}

/** The own endpoints of every entity that declares `x-resource.own`. */
export function ownRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const entity of ctx.entities) {
    const own = entity['x-resource'].own;
    if (own) registerOwn(app, ctx, entity, own);
  }
}
