import type { EntitySchema, PropertySchema } from './types';

/**
 * Schemas derived from an entity schema for each operation. The entity file stays the only
 * source; these functions decide what a client may write, what the API returns and what a list
 * query may filter on.
 */

export type WriteOperation = 'create' | 'update';

const isWritable = (property: PropertySchema) => !property.readOnly;

/** Properties a client may send: everything but `readOnly`. */
export function writableProperties(entity: EntitySchema): Record<string, PropertySchema> {
  return Object.fromEntries(Object.entries(entity.properties).filter(([, property]) => isWritable(property)));
}

/**
 * Body schema of a create or update. Unknown and read-only fields are refused; on update a
 * `writeOnly` field (a password) may be left out to keep the stored value.
 */
export function writeSchema(entity: EntitySchema, operation: WriteOperation): EntitySchema {
  const properties = writableProperties(entity);
  const required = (entity.required ?? []).filter(
    (name) => name in properties && !(operation === 'update' && properties[name].writeOnly),
  );
  return {
    ...entity,
    $id: `${entity.$id}.${operation}`,
    properties,
    required,
    additionalProperties: false,
  };
}

/**
 * The write schema of a section screen (`x-resource.sections`): only `fields` of `schema`, with the
 * same rules (`required`, `x-minSelected`, …) for them.
 */
export function sectionSchema(schema: EntitySchema, fields: readonly string[]): EntitySchema {
  return {
    ...schema,
    $id: `${schema.$id}.${fields.join('+')}`,
    properties: Object.fromEntries(
      fields.flatMap((name) => (name in schema.properties ? [[name, schema.properties[name]]] : [])),
    ),
    required: (schema.required ?? []).filter((name) => fields.includes(name)),
  };
}

/** Response schema of one record: everything but `writeOnly` (secrets never leave the server). */
export function recordSchema(entity: EntitySchema): EntitySchema {
  return {
    ...entity,
    $id: `${entity.$id}.record`,
    properties: Object.fromEntries(Object.entries(entity.properties).filter(([, property]) => !property.writeOnly)),
    required: ['id'],
  };
}

export const SEARCH_MIN_LENGTH = 3;

/** Kind of comparison a filter makes, derived from the property's schema. */
export type FilterKind = 'search' | 'equals' | 'contains' | 'range';

export function filterKind(name: string, property: PropertySchema | undefined): FilterKind {
  if (name === 'q') return 'search';
  if (!property) return 'equals';
  if (property.enum || property.type === 'integer' || property.type === 'boolean') return 'equals';
  if (property.format === 'date' || property.format === 'date-time' || property.format === 'kwd') return 'range';
  return 'contains';
}

/**
 * Schema of the `filter` object of a list query. Free text (`q`) needs at least three characters;
 * enum filters take one value or several; ranges take `<field>_gte` / `<field>_lte`; `id` takes a
 * list of ids (react-admin's getMany).
 */
export function filterSchema(entity: EntitySchema): PropertySchema {
  const properties: Record<string, PropertySchema> = {
    id: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' }, maxItems: 1000 }] },
  };
  for (const name of entity['x-list'].filters) {
    const property = entity.properties[name];
    const kind = filterKind(name, property);
    if (kind === 'search') {
      properties.q = {
        type: 'string',
        minLength: SEARCH_MIN_LENGTH,
        maxLength: 200,
        'x-messages': { minLength: 'validation.search_min' },
      };
    } else if (kind === 'range') {
      const bound = { type: 'string', format: property.format === 'kwd' ? 'kwd' : property.format };
      properties[`${name}_gte`] = bound;
      properties[`${name}_lte`] = bound;
      properties[name] = bound;
    } else if (property?.enum) {
      properties[name] = {
        anyOf: [{ enum: property.enum }, { type: 'array', items: { enum: property.enum }, maxItems: 50 }],
      };
    } else if (property?.type === 'integer') properties[name] = { type: 'integer' };
    else properties[name] = { type: 'string', maxLength: 200 };
  }
  return { type: 'object', properties, additionalProperties: false };
}
