import { formatOf, type KnownFormat } from './formats';
import { entitySchemas } from './registry';
import { childrenOf, type XChildren } from './relations';
import type { EntitySchema, PropertySchema } from './types';

/**
 * Schemas derived from an entity schema for each operation. The entity file stays the only
 * source; these functions decide what a client may write, what the API returns and what a list
 * query may filter on.
 */

export type WriteOperation = 'create' | 'update';

/** A status with `x-transitions` moves by its actions only (`POST <endpoint>/:id/<action>`), never by a write. */
const isWritable = (property: PropertySchema) => !property.readOnly && !property['x-transitions'];

/** Properties a client may send: everything but `readOnly` and statuses moved by actions. */
export function writableProperties(entity: EntitySchema): Record<string, PropertySchema> {
  return Object.fromEntries(Object.entries(entity.properties).filter(([, property]) => isWritable(property)));
}

/**
 * Fields a replace may carry back as the record was read, though it never writes them: what the
 * record answers (`recordSchema`) and a client may not write — `readOnly` ones (`id`, `created_at`,
 * a generated reference) and statuses moved by actions. The API drops them from an update before
 * validating it, so a client may send the whole record it read (react-admin's edit form does).
 */
export function ignoredOnUpdate(entity: EntitySchema): string[] {
  const writable = writableProperties(entity);
  return Object.keys(recordSchema(entity).properties).filter((name) => !(name in writable));
}

/** Finds an entity schema by `$id`; the registry's by default. */
export type EntityLookup = (name: string) => EntitySchema | undefined;

const registered: EntityLookup = (name) => entitySchemas[name];

/**
 * The items of an `x-children` array: the child's create schema without its key (the server sets
 * it to the new parent), so the form asks for and the API checks each child as a create of the
 * child. Left as written when the child is not found (the server then checks each child itself).
 */
function withChildItems(property: PropertySchema, { entity, key }: XChildren, lookup: EntityLookup): PropertySchema {
  const child = lookup(entity);
  if (!child) return property;
  const {
    $id: _id,
    'x-resource': _resource,
    'x-list': _list,
    properties,
    required = [],
    ...rules
  } = writeSchema(child, 'create', lookup);
  const { [key]: _key, ...fields } = properties;
  return {
    ...property,
    items: { ...property.items, ...rules, properties: fields, required: required.filter((name) => name !== key) },
  };
}

/**
 * Body schema of a create or update. Unknown and read-only fields are refused; on update a
 * `writeOnly` field (a password) may be left out to keep the stored value. `x-children` arrays are
 * part of the create only (the children are records of their own afterwards).
 */
export function writeSchema(
  entity: EntitySchema,
  operation: WriteOperation,
  lookup: EntityLookup = registered,
): EntitySchema {
  const properties: Record<string, PropertySchema> = {};
  for (const [name, property] of Object.entries(writableProperties(entity))) {
    const children = childrenOf(property);
    if (!children) properties[name] = property;
    else if (operation === 'create') properties[name] = withChildItems(property, children, lookup);
  }
  const required = (entity.required ?? []).filter(
    (name) => name in properties && !(operation === 'update' && properties[name].writeOnly),
  );
  // "At least one unit before saving an asset": an array of children with `minItems` must be sent.
  for (const [name, property] of Object.entries(properties)) {
    if (childrenOf(property) && Number(property.minItems ?? 0) > 0 && !required.includes(name)) required.push(name);
  }
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

/**
 * Response schema of one record: everything but `writeOnly` (secrets never leave the server) and
 * `x-children` arrays (the children are records of their own, not a column of the parent).
 */
export function recordSchema(entity: EntitySchema): EntitySchema {
  // What a write must hold (`required`, conditions of `allOf`) says nothing about what is stored.
  const { allOf: _conditions, ...rest } = entity;
  return {
    ...rest,
    $id: `${entity.$id}.record`,
    properties: Object.fromEntries(
      Object.entries(entity.properties).filter(([, property]) => !property.writeOnly && !property['x-children']),
    ),
    required: ['id'],
  };
}

export const SEARCH_MIN_LENGTH = 3;

/** Kind of comparison a filter makes, derived from the property's schema. */
export type FilterKind = 'search' | 'equals' | 'contains' | 'range';

/** How a text property with a format is filtered: amounts and dates between two ends, the rest by a part of them. */
const FORMAT_FILTERS: Record<KnownFormat, FilterKind> = {
  kwd: 'range',
  date: 'range',
  'date-time': 'range',
  mobile: 'contains',
  'strong-password': 'contains',
  'email-list': 'contains',
  'webhook-url': 'contains',
  email: 'contains',
  uri: 'contains',
  ipv4: 'contains',
};

export function filterKind(name: string, property: PropertySchema | undefined): FilterKind {
  if (name === 'q') return 'search';
  if (!property) return 'equals';
  if (property.enum || property.type === 'integer' || property.type === 'boolean') return 'equals';
  const format = formatOf(property);
  return format ? FORMAT_FILTERS[format] : 'contains';
}

/** A date-time range takes bare dates too (whole business days, see `listDateRange`). */
const dateTimeBound: PropertySchema = {
  type: 'string',
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
  'x-messages': { anyOf: 'validation.format.date', format: 'validation.format.date' },
};

/**
 * The properties holding one referenced record's id (`x-references`): a list may always be
 * filtered by one, for the records pointing at a record (a transaction's refunds, on its page).
 */
export const referenceFilters = (entity: EntitySchema): string[] =>
  Object.entries(entity.properties)
    .filter(([, property]) => property['x-references'] && property.type === 'integer')
    .map(([name]) => name);

/**
 * Properties a list may filter on: `x-list.filters`, plus what views and date range rules filter
 * on (`x-resource.views.*.filter`, `dateRange.field`) even when the filter bar does not offer it,
 * and its references.
 */
function filteredProperties(entity: EntitySchema): string[] {
  const names = new Set([...entity['x-list'].filters, ...referenceFilters(entity)]);
  const rules = [entity['x-list'].dateRange];
  for (const view of Object.values(entity['x-resource'].views ?? {})) {
    rules.push(view.dateRange);
    for (const key of Object.keys(view.filter ?? {})) {
      const base = key in entity.properties ? key : key.replace(/_(gte|lte)$/, '');
      if (base in entity.properties) names.add(base);
    }
  }
  for (const rule of rules) if (rule && rule.field in entity.properties) names.add(rule.field);
  return [...names];
}

/**
 * Schema of the `filter` object of a list query. Free text (`q`) needs at least three characters;
 * enum filters take one value or several; ranges take `<field>_gte` / `<field>_lte`; `id` takes a
 * list of ids (react-admin's getMany); `view` names one of `x-resource.views`.
 */
export function filterSchema(entity: EntitySchema): PropertySchema {
  const properties: Record<string, PropertySchema> = {
    id: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' }, maxItems: 1000 }] },
  };
  const views = Object.keys(entity['x-resource'].views ?? {});
  if (views.length > 0) properties.view = { type: 'string', enum: views };
  for (const name of filteredProperties(entity)) {
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
      const bound = property.format === 'date-time' ? dateTimeBound : { type: 'string', format: property.format };
      properties[`${name}_gte`] = bound;
      properties[`${name}_lte`] = bound;
      properties[name] = bound;
    } else if (property?.enum) {
      properties[name] = {
        anyOf: [{ enum: property.enum }, { type: 'array', items: { enum: property.enum }, maxItems: 50 }],
      };
    } else if (property?.type === 'integer') properties[name] = { type: 'integer' };
    else if (property?.type === 'boolean') properties[name] = { type: 'boolean' };
    else properties[name] = { type: 'string', maxLength: 200 };
  }
  return { type: 'object', properties, additionalProperties: false };
}
