import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteShorthandOptions } from 'fastify';
import { operationGate, recordGate } from '../../schema/access';
import { allows } from '../../schema/operations';
import type { EntitySchema, Operation } from '../../schema/types';
import { viewsOf, withViewGate } from '../../schema/views';
import { accountOf, callerOf } from '../auth/caller';
import { checkAccess, operationGuard } from '../http/guard';
import type { ServerContext } from '../context';
import { ApiError, notFound } from '../kernel/api-error';
import { claimOf, idempotencyHeaders, readIdempotencyKey, sendReplay } from '../http/idempotency';
import { keyedTransaction, storedAnswer } from '../storage/idempotency-keys';
import { languageOf } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { contentRange, parseListQuery, requestedView, type RawListQuery } from '../http/list-params';
import { checkFileReferences, fileFields, multipartReader } from '../http/multipart';
import { dropIgnoredFields } from '../http/ignored-fields';
import {
  decryptedListQuery,
  encryptedQuerystring,
  idParams,
  listDescription,
  listQuerystring,
  datedListQuerystring,
  hasDateRange,
} from '../http/route-schemas';
import { withUploads } from '../files/uploads';
import { actorOf } from '../history/change-history';
import { fillFrom, sourcesOf } from '../storage/filled-from';
import { registerListTotals } from './list-totals';
import { collectionPath, idOf } from './paths';
import type { Row } from '../db/database';

/**
 * Create, read, update, delete and list for every entity of the registry, at its
 * `x-resource.endpoint`, in the conventions of ra-data-simple-rest. Nothing here is specific to an
 * entity: operations, gates, views, encryption and files all come from the schema's hints.
 */

function found<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}

/** True when a view of the entity has a gate of its own, known only once the list query is read. */
export const hasViewGates = (entity: EntitySchema) =>
  viewsOf(entity).some(([, view]) => view.service !== undefined || view.permission !== undefined);

/**
 * The list query a list (or export) call sent: decrypted and checked when the entity's queries
 * travel encrypted, and, where views have gates, let through only past the gate of the view named
 * (for the list or the export, `operation`).
 */
export async function readListRequest(
  ctx: ServerContext,
  entity: EntitySchema,
  request: FastifyRequest,
  operation: 'list' | 'export',
): Promise<RawListQuery> {
  let raw = request.query as RawListQuery & { data?: string };
  if (entity['x-resource'].encrypted === true) {
    raw = raw.data ? ((await ctx.ciphers.decrypt(callerOf(request).merchant, raw.data)) as RawListQuery) : {};
    ctx.validator.check(decryptedListQuery.$id, raw);
  }
  if (hasViewGates(entity))
    checkAccess(callerOf(request), operationGate(withViewGate(entity, requestedView(raw)), operation));
  return raw;
}

export interface ListRoute {
  options: RouteShorthandOptions;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<Row[]>;
}

/** Which operation each method of the collection and of one record serves. */
const COLLECTION: [HTTPMethods, Operation][] = [
  ['GET', 'list'],
  ['POST', 'create'],
];
const RECORD: [HTTPMethods, Operation][] = [
  ['GET', 'show'],
  ['PUT', 'update'],
  ['DELETE', 'delete'],
];

/**
 * 405 for the methods of a path the entity does not offer (`x-resource.operations`) and no other
 * route serves, naming the ones it does; left out of the API document. A path with no operation at all stays unknown (404).
 */
function refuseOtherMethods(
  app: FastifyInstance,
  entity: EntitySchema,
  url: string,
  methods: [HTTPMethods, Operation][],
) {
  // A method a route of its own already serves on the path (the bulk upload's create) is allowed too.
  const served = (method: HTTPMethods) => app.hasRoute({ method, url: `${app.prefix}${url}` });
  const allowed = methods
    .filter(([method, operation]) => allows(entity, operation) || served(method))
    .map(([method]) => method);
  const refused = methods.filter(([method]) => !allowed.includes(method)).map(([method]) => method);
  if (allowed.length === 0 || refused.length === 0) return;
  app.route({
    method: refused,
    url,
    schema: { hide: true },
    handler: async (_request, reply) => {
      reply.header('allow', allowed.join(', '));
      throw new ApiError(405, 'app.message.method_not_allowed');
    },
  });
}

/**
 * Registers the endpoints of one entity's operations (all five unless `x-resource.operations`
 * says otherwise); returns its list route, if it has one, so aliases can reuse it.
 */
export function registerResource(app: FastifyInstance, ctx: ServerContext, entity: EntitySchema): ListRoute | null {
  const name = entity.$id;
  const base = collectionPath(entity);
  const store = ctx.stores.get(name);
  if (!store) throw new Error(`No store for ${name}`);
  /** The store a request reads and writes: of the caller's own records where each account has its own. */
  const perUser = entity['x-resource'].perUser !== undefined;
  const scopedStore = (request: FastifyRequest) => (perUser ? store.ownedBy(accountOf(callerOf(request))) : store);
  const encrypted = entity['x-resource'].encrypted === true;
  const multipart = Object.keys(fileFields(entity)).length > 0;
  /** The gate of one operation: its permission in `x-resource.permissions`, else the entity's. */
  const access = (operation: Operation) => operationGuard(entity, operation);
  const recordRef = { $ref: `${name}.record#` };
  const tags = [name];
  const merchantOf = (request: FastifyRequest) => callerOf(request).merchant.id;
  /** Who the change history names for a write. */
  const by = (request: FastifyRequest) => actorOf(callerOf(request));

  /**
   * A write's body made ready for validation: an update loses the fields of the record it never
   * writes (`ignored-fields.ts`), then `x-from` fields, which the server takes from the records the
   * write references, are set (replacing whatever the client sent).
   */
  const sources = sourcesOf(entity, ctx.entities);
  const prepareBody = async (request: FastifyRequest, operation: 'create' | 'update', value: unknown) => {
    if (operation === 'update') dropIgnoredFields(entity, value);
    if (sources.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const merchantId = merchantOf(request);
    const previous =
      operation === 'update' ? await scopedStore(request).get(ctx.db, merchantId, idOf(request)) : undefined;
    await fillFrom(ctx.db, sources, merchantId, value as Row, previous);
  };
  const filledFields = sources.flatMap(({ reference, fields }) =>
    fields.map(([field, from]) => `\`${field}\` (the \`${from.property}\` of the \`${reference.column}\` record)`),
  );

  /**
   * The record a write carries: the body itself, or its decrypted `data` (with the URLs of any
   * uploaded files) checked against the same schema as a plain body.
   */
  const recordOf = async (request: FastifyRequest, operation: 'create' | 'update'): Promise<Row> => {
    let record = request.body as Row;
    if (encrypted) {
      const value = await ctx.ciphers.decrypt(callerOf(request).merchant, (request.body as { data: string }).data);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const file of request.pendingFiles ?? []) (value as Row)[file.field] = ctx.uploads.url(file.name);
      }
      await prepareBody(request, operation, value);
      ctx.validator.check(`${name}.${operation}`, value);
      record = value as Row;
    }
    if (multipart) checkFileReferences(entity, record);
    // A value may need a permission of its own (`x-permissions`: a delivery invoice, `sms.delivery`).
    checkAccess(callerOf(request), recordGate(entity, operation, record));
    return record;
  };

  const idempotent = entity['x-resource'].idempotent === true;
  /**
   * A repeated create is answered with its stored answer before its body is filled and checked
   * again: what the first one did (a capture leaves its transaction no longer authorised) must not
   * refuse its retry.
   */
  const replayAnswered = async (request: FastifyRequest, reply: FastifyReply) => {
    const claim = claimOf(request);
    const answered = claim ? await storedAnswer(ctx.db, claim) : null;
    if (answered) return sendReplay(reply, answered);
  };
  /**
   * What runs before the body is validated: a multipart body is read, the idempotency key of a
   * create taken with the request as sent (`x-resource.idempotent`), then the fields an update
   * ignores are dropped and the `x-from` fields filled (an encrypted body once decrypted, see `recordOf`).
   */
  const beforeValidation = (operation: 'create' | 'update') => [
    ...(multipart ? [multipartReader(entity, ctx.uploads, !encrypted)] : []),
    ...(idempotent && operation === 'create'
      ? [readIdempotencyKey((request) => `merchant:${merchantOf(request)}`), replayAnswered]
      : []),
    ...((sources.length > 0 || operation === 'update') && !encrypted
      ? [async (request: FastifyRequest) => prepareBody(request, operation, request.body)]
      : []),
  ];

  const writeOptions = (operation: 'create' | 'update', status: number): RouteShorthandOptions => ({
    onRequest: access(operation),
    ...(beforeValidation(operation).length > 0 ? { preValidation: beforeValidation(operation) } : {}),
    ...(multipart ? { config: { multipart: true } } : {}),
    schema: {
      tags,
      summary: `${operation === 'create' ? 'Create' : 'Replace'} ${name}${encrypted ? ' (body encrypted)' : ''}`,
      description: `${encrypted ? `Body: \`{data}\` holding a \`${name}.${operation}\` record encrypted with the merchant keys. ` : ''}${
        multipart ? 'Also accepts multipart/form-data: a `record` part (JSON) plus one part per file field. ' : ''
      }${filledFields.length > 0 ? `Filled by the server, whatever is sent: ${filledFields.join(', ')}.` : ''}`,
      ...(operation === 'update' ? { params: idParams } : {}),
      ...(idempotent && operation === 'create' ? { headers: idempotencyHeaders } : {}),
      body: { $ref: encrypted ? 'encrypted-payload#' : `${name}.${operation}#` },
      response: { [status]: recordRef, ...errorResponses },
    },
  });

  // A view may have a gate of its own, known once the query is read; otherwise the entity's gate
  // answers before anything is decrypted or parsed, as on the other routes.
  const viewGates = hasViewGates(entity);
  const list: ListRoute = {
    options: {
      ...(viewGates ? {} : { onRequest: access('list') }),
      schema: {
        tags,
        summary: `List ${name}`,
        description: listDescription(entity),
        querystring: encrypted ? encryptedQuerystring : hasDateRange(entity) ? datedListQuerystring : listQuerystring,
        response: { 200: { type: 'array', items: recordRef }, ...errorResponses },
      },
    },
    handler: async (request, reply) => {
      const query = parseListQuery(ctx.validator, entity, await readListRequest(ctx, entity, request, 'list'));
      const { rows, total } = await scopedStore(request).list(ctx.db, merchantOf(request), query);
      reply
        .header('content-range', contentRange(name, query.range[0], rows.length, total))
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'Content-Range, X-Total-Count');
      return rows;
    },
  };
  if (allows(entity, 'list')) {
    app.get(base, list.options, list.handler);
    registerListTotals(app, ctx, entity, store, base, list.options, (request) =>
      readListRequest(ctx, entity, request, 'list'),
    );
  }

  if (allows(entity, 'show'))
    app.get(
      `${base}/:id`,
      {
        onRequest: access('show'),
        schema: { tags, summary: `Get one ${name}`, params: idParams, response: { 200: recordRef, ...errorResponses } },
      },
      async (request) => found(await scopedStore(request).get(ctx.db, merchantOf(request), idOf(request))),
    );

  if (allows(entity, 'create'))
    app.post(base, writeOptions('create', 201), async (request, reply) => {
      const claim = claimOf(request);
      const values = await recordOf(request, 'create');
      const merchantId = merchantOf(request);
      const created = await withUploads(ctx.uploads, request.pendingFiles, () =>
        keyedTransaction(
          ctx.db,
          claim,
          async (tx) => {
            // `x-from` fields again, their records locked: two refunds of one transaction at once
            // are checked one after the other against what it still holds.
            if (sources.length > 0) {
              await fillFrom(tx, sources, merchantId, values, undefined, true);
              ctx.validator.check(`${name}.create`, values);
            }
            const record = await scopedStore(request).create(tx, merchantId, values, {}, by(request));
            const role = callerOf(request).role;
            const scope = { tx, merchantId, language: languageOf(request), actor: by(request), role };
            return ctx.effects.afterCreate(name, scope, record);
          },
          (record) => ({ status: 201, body: JSON.parse(String(reply.serializeInput(record, '201'))) }),
        ),
      );
      if (created.replay) return sendReplay(reply, created.replay);
      ctx.outbox.kick();
      return reply.status(201).send(created.value);
    });

  if (allows(entity, 'update'))
    app.put(`${base}/:id`, writeOptions('update', 200), async (request) => {
      const id = idOf(request);
      const values = await recordOf(request, 'update');
      const merchantId = merchantOf(request);
      const updated = await withUploads(ctx.uploads, request.pendingFiles, () =>
        ctx.db.transaction(async (tx) => {
          const scoped = scopedStore(request);
          const previous = ctx.effects.hasUpdateEffects(name) ? await scoped.get(tx, merchantId, id) : null;
          const record = found(await scoped.update(tx, merchantId, id, values, 'replace', by(request)));
          if (!previous) return record;
          const scope = { tx, merchantId, language: languageOf(request), actor: by(request) };
          return ctx.effects.afterUpdate(name, scope, record, previous);
        }),
      );
      ctx.outbox.kick();
      return updated;
    });

  if (allows(entity, 'delete'))
    app.delete(
      `${base}/:id`,
      {
        onRequest: access('delete'),
        schema: { tags, summary: `Delete ${name}`, params: idParams, response: { 200: recordRef, ...errorResponses } },
      },
      async (request) =>
        ctx.db.transaction(async (tx) => {
          const merchantId = merchantOf(request);
          const store = scopedStore(request);
          // What goes with the record first (a tenant's contract never billed), in the same transaction.
          if (ctx.effects.hasDeleteEffects(name)) {
            const record = await store.get(tx, merchantId, idOf(request), { lock: true });
            if (record) {
              const scope = { tx, merchantId, language: languageOf(request), actor: by(request) };
              await ctx.effects.beforeDelete(name, scope, record);
            }
          }
          return found(await store.remove(tx, merchantId, idOf(request), by(request)));
        }),
    );

  refuseOtherMethods(app, entity, base, COLLECTION);
  refuseOtherMethods(app, entity, `${base}/:id`, RECORD);
  return allows(entity, 'list') ? list : null;
}

/**
 * Other names SPEC §7 gives to entity lists: the same handler, gate and schema under a second path.
 */
export const LIST_ALIASES: Record<string, string> = {
  '/invoice-dashboard': 'invoice',
  '/open-invoice/customers': 'customer',
};

/** The endpoints of every entity served, plus the list aliases. */
export function registerResources(app: FastifyInstance, ctx: ServerContext): void {
  const lists = new Map(ctx.entities.map((entity) => [entity.$id, registerResource(app, ctx, entity)]));
  for (const [path, name] of Object.entries(LIST_ALIASES)) {
    const list = lists.get(name);
    if (list) app.get(path, list.options, list.handler);
  }
}
