import { createAjv } from '../../../src/schema/ajv';
import { entitySchemas } from '../../../src/schema/registry';
import { childrenOf } from '../../../src/schema/relations';
import type { EntitySchema, PropertySchema } from '../../../src/schema/types';
import { writeSchema } from '../../../src/schema/variants';

/**
 * Valid bodies for the matrix's creates and updates, made from a record the merchant already has
 * (as the API returns it) and the entity's schema, never by hand per entity: the writable fields
 * are copied, then what makes a copy invalid is fixed from the schema's own hints — unique values
 * get a suffix, write-only secrets are filled, dates that must lie ahead are moved ahead,
 * references point at records of the caller's merchant and required children are added.
 */

export type Row = Record<string, unknown>;

/** Values the caller's merchant offers: an id for `property` of `owner` to point at (`x-references`), and child templates. */
export interface BodySources {
  referenceId: (owner: string, property: string) => number | undefined;
  childTemplate: (entity: string) => Row | undefined;
  /** The value the server will fill into an `x-from` property of the entity, from the record chosen. */
  filledValue: (property: string) => unknown;
}

/** `a` or `b`, whichever amount is smaller (KWD strings compared exactly, in fils). */
function smaller(a: string, b: string): string {
  const fils = (value: string) => Math.round(Number(value) * 1000);
  return fils(b) < fils(a) ? (fils(b) / 1000).toFixed(3) : a;
}

const today = () => new Date();
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function addMonths(months: number): Date {
  const date = today();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

const ajv = createAjv();

/**
 * `value` made unique with the serial number, in the first shape the property's own rules accept
 * (a suffix, or trailing characters replaced by digits when a pattern allows nothing else).
 */
function uniquified(value: unknown, property: PropertySchema, serial: number): unknown {
  if (typeof value !== 'string') return value;
  if (property.format === 'email') return `matrix${serial}.${value}`;
  const digits = String(serial);
  const max = typeof property.maxLength === 'number' ? property.maxLength : 200;
  const candidates = [
    ...[' ', '-', ''].map(
      (glue) => `${value.slice(0, Math.max(1, max - digits.length - glue.length))}${glue}${digits}`,
    ),
    `${value.slice(0, Math.max(0, value.length - digits.length))}${digits}`,
  ];
  const valid = candidates.find((candidate) => candidate !== value && ajv.validate(property, candidate));
  if (valid === undefined) throw new Error(`No unique variant of "${value}" that its rules accept`);
  return valid;
}

/** A value for a write-only field the API never returns (a password): the strongest its format allows. */
function secretFor(name: string, property: PropertySchema): string {
  if (property.format === 'strong-password') return 'Matrix@1234';
  throw new Error(`No value for the write-only field ${name}`);
}

/** The referenced entity of a property (`x-references` on it or on its items). */
export function referencedEntity(property: PropertySchema): string | undefined {
  return property['x-references']?.entity ?? property.items?.['x-references']?.entity;
}

/** A valid create body for `entity`, from `template` (a record of the caller's merchant or another). */
export function createBody(entity: EntitySchema, template: Row, serial: number, sources: BodySources): Row {
  const schema = writeSchema(entity, 'create');
  const body: Row = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const children = childrenOf(property);
    if (children) {
      if (!(schema.required ?? []).includes(name)) continue;
      const child = sources.childTemplate(children.entity);
      if (!child) throw new Error(`${entity.$id}.${name}: no ${children.entity} to copy`);
      const { [children.key]: _key, ...item } = createBody(entitySchemas[children.entity], child, serial, sources);
      body[name] = [item];
      continue;
    }
    if (template[name] !== undefined) body[name] = structuredClone(template[name]);
    if (referencedEntity(property) && body[name] !== undefined) {
      const id = sources.referenceId(entity.$id, name);
      body[name] = property.type === 'array' ? (id === undefined ? [] : [id]) : id;
    }
    if (property['x-unique']) body[name] = uniquified(body[name], property, serial);
    if (property.writeOnly && body[name] === undefined && (schema.required ?? []).includes(name))
      body[name] = secretFor(name, property);
    if (property['x-future'] && body[name] !== undefined) body[name] = addMonths(1).toISOString();
    const ahead = property['x-minMonthsAhead'];
    if (typeof ahead === 'number' && body[name] !== undefined) body[name] = isoDate(addMonths(ahead + 1));
  }
  // Amounts capped by a value the server fills (`x-atMost` a sibling taken with `x-from`) are kept under it.
  for (const [name, property] of Object.entries(schema.properties)) {
    const cap = property['x-atMost'];
    const sibling =
      typeof cap === 'object' && cap !== null && '$data' in cap ? String(cap.$data).replace(/^1\//, '') : null;
    const limit = sibling ? sources.filledValue(sibling) : undefined;
    if (typeof body[name] === 'string' && limit !== undefined && limit !== null)
      body[name] = smaller(body[name] as string, String(limit));
  }
  return body;
}

/** The body of a replace (PUT) of `record`: its fields an update may write, as read. */
export function updateBody(entity: EntitySchema, record: Row): Row {
  const fields = writeSchema(entity, 'update').properties;
  return Object.fromEntries(Object.entries(record).filter(([name]) => name in fields));
}

/**
 * Fields no client may write — `readOnly` ones, server-generated values, moved-by-action statuses —
 * plus the merchant scope itself, each with a value of its type to try to smuggle in.
 */
export function forbiddenFields(entity: EntitySchema, foreignMerchantId: number): Row {
  const fields: Row = { merchant_id: foreignMerchantId };
  for (const [name, property] of Object.entries(entity.properties)) {
    if (!property.readOnly && !property['x-generated'] && !property['x-transitions']) continue;
    fields[name] = smuggledValue(property);
  }
  return fields;
}

function smuggledValue(property: PropertySchema): unknown {
  if (property.enum) return property.enum[property.enum.length - 1];
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  if (type === 'integer' || type === 'number') return 424242;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (property.format === 'date') return '2001-02-03';
  if (property.format === 'date-time') return '2001-02-03T04:05:06.000Z';
  if (property.format === 'kwd') return '4242.000';
  return 'SMUGGLED-4242';
}
