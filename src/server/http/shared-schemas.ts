/**
 * Schemas shared by many routes, registered once by `$id` so the OpenAPI document names them.
 */

export const errorSchema = {
  $id: 'error',
  type: 'object',
  description: 'A failure, in the language of the `locale` header; `errors` holds one message per invalid field.',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

export const messageSchema = {
  $id: 'message',
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** Body of a write to an endpoint marked `x-resource.encrypted`: the record, sealed with the merchant's keys. */
export const encryptedPayloadSchema = {
  $id: 'encrypted-payload',
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'string',
      minLength: 1,
      maxLength: 2_000_000,
      'x-messages': {
        required: 'app.message.encrypted_payload_invalid',
        type: 'app.message.encrypted_payload_invalid',
        minLength: 'app.message.encrypted_payload_invalid',
      },
    },
  },
} as const;

export const SHARED_SCHEMAS = [errorSchema, messageSchema, encryptedPayloadSchema];

/** Every route documents its failures with the shared error shape. */
export const errorResponses = { '4xx': { $ref: 'error#' }, '5xx': { $ref: 'error#' } } as const;
