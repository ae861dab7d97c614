import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';
import type { EntityCreate, EntityName } from '../../generated/entities';
import { createAjv } from '../../schema/ajv';
import type { VocabularyOptions } from '../../schema/keywords';
import { fieldMessages, pathOf, type RuleError } from '../../schema/errors';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { ApiError, type FieldError } from './api-error';

/**
 * Request validation outside Fastify's own body/query check (decrypted payloads, list filters),
 * with the same ajv vocabulary and the same error shape.
 */

/** A value failed its schema; the error handler turns it into field messages. */
export class ValidationFailed extends Error {
  constructor(
    /** Schema the value was checked against: its `x-messages` choose the messages. */
    readonly schema: PropertySchema,
    readonly errors: ErrorObject[],
  ) {
    super('Validation failed');
    this.name = 'ValidationFailed';
  }
}

/** Field messages of ajv errors, plus the summary message key of the whole response. */
export function describeErrors(schema: PropertySchema, errors: ErrorObject[]): ApiError {
  const rules: RuleError[] = errors.map((error) => ({
    path: pathOf(error.instancePath),
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
  }));
  // fieldMessages only reads `properties`, `items` and `x-messages`, which any object schema has.
  const messages = fieldMessages(schema as EntitySchema, rules);
  const fields: Record<string, FieldError> = {};
  for (const message of messages)
    if (message.field) fields[message.field] = { key: message.key, params: message.params };
  const first = messages.find((message) => message.field) ?? messages[0];
  const missing = messages.some((message) => message.key === 'validation.required') || !first?.field;
  return missing
    ? new ApiError(400, 'app.message.required_fields', fields)
    : new ApiError(400, first.key, fields, first.params);
}

/** One ajv for the server's own checks, holding every shared schema by `$id`. */
export class Validator {
  private readonly ajv: ReturnType<typeof createAjv>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(options: VocabularyOptions = {}) {
    this.ajv = createAjv(options);
  }

  /** Registers a schema under its `$id` (schemas are plain JSON; ajv's type asks for a mutable object). */
  add(schema: { readonly $id: string }): void {
    this.ajv.addSchema(schema as AnySchemaObject);
  }

  /** Throws ValidationFailed unless `value` is valid against the schema registered as `id`. */
  check(id: string, value: unknown): void {
    let validate = this.compiled.get(id);
    if (!validate) {
      validate = this.ajv.getSchema(id);
      if (!validate) throw new Error(`Unknown schema ${id}`);
      this.compiled.set(id, validate);
    }
    if (!validate(value)) throw new ValidationFailed(validate.schema as PropertySchema, validate.errors ?? []);
  }

  /** Throws ValidationFailed unless `value` is a valid create of `entity` (its `<entity>.create` schema). */
  checkCreate<N extends EntityName>(entity: N, value: unknown): asserts value is EntityCreate<N> {
    this.check(`${entity}.create`, value);
  }
}
