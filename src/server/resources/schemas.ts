import type { EntitySchema, PropertySchema } from '../../schema/types';
import { filterSchema, recordSchema, writeSchema } from '../../schema/variants';

/**
 * The schemas an entity's endpoints use, derived from its one schema file and named by `$id`
 * (`invoice.create`, `invoice.update`, `invoice.record`, `invoice.filter`) so that request
 * validation, response serialisation and the OpenAPI document all point at the same objects.
 */
export function entityRouteSchemas(entity: EntitySchema): (PropertySchema & { $id: string })[] {
  return [
    writeSchema(entity, 'create'),
    writeSchema(entity, 'update'),
    recordSchema(entity),
    { ...filterSchema(entity), $id: `${entity.$id}.filter`, title: `${entity.title} filter` },
  ];
}

/** Query string of a plain list call (values are JSON text). */
export const listQuerystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filter: { type: 'string', maxLength: 10_000, description: 'JSON object, see the `<resource>.filter` schema' },
    range: { type: 'string', maxLength: 100, description: 'JSON [first, last] row index, at most 500 rows' },
    sort: { type: 'string', maxLength: 200, description: 'JSON [field, "ASC" | "DESC"]' },
  },
} as const;

/** Query string of a list call to an encrypted resource: `{filter, range, sort}` sealed in `data`. */
export const encryptedQuerystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    data: {
      type: 'string',
      minLength: 1,
      maxLength: 20_000,
      'x-messages': { minLength: 'app.message.encrypted_payload_invalid' },
    },
  },
} as const;

/** Shape of the decrypted `data` of a list call. */
export const decryptedListQuery = {
  $id: 'list-query',
  type: 'object',
  additionalProperties: false,
  properties: { filter: {}, range: {}, sort: {} },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
