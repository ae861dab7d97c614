import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { PropertySchema } from '../../schema/types';
import { PayloadDecryptionError } from '../../shared/crypto';
import { sqlState, UNIQUE_VIOLATION } from '../db/database';
import { ChildInvalid, RecordRefused, TransitionRefused, UniqueConflict } from '../storage/errors';
import { ApiError, fieldError, RateLimited, type FieldError } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { describeErrors, ValidationFailed } from '../kernel/validation';

/**
 * One error handler for every route: each failure becomes `{ message, errors? }` in the request's
 * language with the right status. Nothing here knows about a particular resource; a bad request
 * never turns into a 500 and no stack trace leaves the server.
 */

const TOO_LARGE = new Set([
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);
const BAD_JSON = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY']);
const BAD_MEDIA_TYPE = new Set(['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);
/**
 * SQLSTATEs of values the database cannot hold: text with a NUL character or an invalid byte
 * sequence, a number beyond its column's range (an id of 2^53).
 */
const UNSTORABLE_VALUE = new Set(['22021', '22P05', '22003']);

type RouteSchemas = Partial<Record<string, unknown>>;

/** The schema Fastify validated a request part with, `$ref`s to shared schemas resolved. */
function schemaOf(app: FastifyInstance, request: FastifyRequest, part: string): PropertySchema {
  const schema = (request.routeOptions.schema as RouteSchemas | undefined)?.[part] as PropertySchema | undefined;
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.replace(/#$/, '') : undefined;
  return ((ref ? app.getSchema(ref) : schema) ?? {}) as PropertySchema;
}

/** A child record's field messages, under the child's place in the parent's body (`units.2.name`). */
function childErrors({ path, schema, errors }: ChildInvalid): ApiError {
  const described = describeErrors(schema, errors);
  const fields: Record<string, FieldError> = {};
  for (const [field, message] of Object.entries(described.fields)) fields[`${path}.${field}`] = message;
  return new ApiError(400, described.key, fields, described.params);
}

/** 409 naming the status the record is in, by its label in the request's language. */
function transitionRefused(request: FastifyRequest, { entity, property, status }: TransitionRefused): ApiError {
  const key = `resources.${entity}.enums.${property}.${String(status)}`;
  const label = t(languageOf(request), key);
  return new ApiError(409, 'app.message.transition_refused', {}, { status: label === key ? String(status) : label });
}

function toApiError(app: FastifyInstance, error: FastifyError, request: FastifyRequest): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ValidationFailed) return describeErrors(error.schema, error.errors);
  if (error.validation) {
    return describeErrors(schemaOf(app, request, error.validationContext ?? 'body'), error.validation as ErrorObject[]);
  }
  if (error instanceof UniqueConflict)
    return new ApiError(409, 'app.message.conflict', { [error.field]: { key: 'app.message.conflict' } });
  if (error instanceof RecordRefused) {
    const fields = error.field ? { [error.field]: { key: error.key, params: error.params } } : {};
    return new ApiError(error.status, error.key, fields, error.params);
  }
  if (error instanceof ChildInvalid) return childErrors(error);
  if (error instanceof TransitionRefused) return transitionRefused(request, error);
  if (error instanceof PayloadDecryptionError) return fieldError('data', 'app.message.encrypted_payload_invalid');
  if (sqlState(error) === UNIQUE_VIOLATION) return new ApiError(409, 'app.message.conflict');
  // A value the client sent (path, query or body) that no column can hold: its fault, not ours.
  if (UNSTORABLE_VALUE.has(sqlState(error) ?? '')) return new ApiError(400, 'validation.type');
  const code = error.code ?? '';
  if (TOO_LARGE.has(code)) return new ApiError(413, 'app.message.payload_too_large');
  if (BAD_MEDIA_TYPE.has(code)) return new ApiError(415, 'app.message.unsupported_media_type');
  if (BAD_JSON.has(code) || error instanceof SyntaxError) return new ApiError(400, 'app.message.invalid_json');
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError(404, 'app.message.not_found');
  if (status === 429) return new ApiError(429, 'app.message.too_many_requests');
  if (status >= 400 && status < 500) return new ApiError(status, 'app.message.generic_error');
  return null;
}

/** Sends an ApiError translated into the request's language. */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const language = languageOf(request);
  const fields = Object.entries(error.fields);
  if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send({
    message: t(language, error.key, error.params),
    ...(fields.length || error.statusCode === 400
      ? {
          errors: Object.fromEntries(
            fields.map(([field, message]) => [field, t(language, message.key, message.params)]),
          ),
        }
      : {}),
  });
}

/** Installs the error handler and the JSON 404 for unknown API paths. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toApiError(app, error, request);
    if (known) return sendApiError(request, reply, known);
    request.log.error({ err: error }, 'request failed');
    return sendApiError(request, reply, new ApiError(500, 'app.message.generic_error'));
  });
}
