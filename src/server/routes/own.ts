import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ownGate } from '../../schema/access';
import { fieldLabelKey } from '../../schema/labels';
import type { EntitySchema, XOwn } from '../../schema/types';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import type { Row } from '../db/database';
import { withUploads } from '../files/uploads';
import { checkAccess } from '../http/guard';
import { ApiError } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { lockedChanges } from '../storage/own-records';
import { checkFileReferences, fileFields, multipartReader } from '../http/multipart';
import { errorResponses } from '../http/shared-schemas';
import { ownPath } from './paths';
import { dropIgnoredFields } from '../http/ignored-fields';

/**
 * `x-resource.own`: the signed-in merchant's own record of an entity (its business profile, its
 * notification settings), read and replaced at `own.endpoint` without an id; stored by
 * `storage/own-records`.
 */

/**
 * 409 for a change of fields the merchant may not change on its own record (`own.locked`: its
 * account's `active` flag), naming them by their labels in the request's language, each field
 * marked with the message.
 */
function lockedRefusal(request: FastifyRequest, entity: EntitySchema, names: readonly string[]): ApiError {
  const language = languageOf(request);
  const labels = names.map((name) => t(language, fieldLabelKey(entity.$id, name))).join(', ');
  const params = { fields: labels };
  const fields = Object.fromEntries(names.map((name) => [name, { key: 'app.message.own_locked', params }]));
  return new ApiError(409, 'app.message.own_locked', fields, params);
}

/** `GET` and `PUT` of one entity's own record, gated, encrypted and multipart like its other routes. */
function registerOwn(app: FastifyInstance, ctx: ServerContext, entity: EntitySchema, own: XOwn): void {
  const name = entity.$id;
  const path = ownPath(own);
  const encrypted = entity['x-resource'].encrypted === true;
  const multipart = Object.keys(fileFields(entity)).length > 0;
  const locked = own.locked ?? [];
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
    async (request) => ctx.db.transaction((tx) => ctx.own.read(tx, entity, callerOf(request).merchant.id)),
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
      description: [
        encrypted ? `Body: \`{data}\` holding a \`${name}.update\` record encrypted with the merchant keys.` : '',
        multipart ? 'Also accepts multipart/form-data: a `record` part (JSON) plus one part per file field.' : '',
        locked.length > 0
          ? `The merchant may not change ${locked.map((field) => `\`${field}\``).join(', ')} on its own record: a body that changes one is refused (409 \`app.message.own_locked\`).`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
      body: { $ref: encrypted ? 'encrypted-payload#' : `${name}.update#` },
      response,
    },
  };
  app.put(path, writeOptions, async (request) => {
    const values = await recordOf(request);
    const merchantId = callerOf(request).merchant.id;
    return withUploads(ctx.uploads, request.pendingFiles, () =>
      ctx.db.transaction(async (tx) => {
        const changed = lockedChanges(entity, await ctx.own.read(tx, entity, merchantId), values);
        if (changed.length > 0) throw lockedRefusal(request, entity, changed);
        return ctx.own.replace(tx, entity, merchantId, values);
      }),
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
