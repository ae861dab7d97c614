import type { EntitySchema, PropertySchema } from '../../schema/types';
import { formatOf, type KnownFormat } from '../../schema/formats';

/**
 * How each property of an entity schema is stored. The mapping is the whole "migration language":
 * a new property in a schema file becomes a new column on the next start.
 */

export type ColumnKind = 'kwd' | 'integer' | 'bigint' | 'boolean' | 'date' | 'timestamp' | 'json' | 'text';

export interface Column {
  name: string;
  kind: ColumnKind;
  property: PropertySchema;
}

const SQL_TYPES: Record<ColumnKind, string> = {
  kwd: 'numeric(15,3)',
  integer: 'integer',
  bigint: 'bigint',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamptz',
  json: 'jsonb',
  text: 'text',
};

/** Casts put on every parameter so both drivers send and PostgreSQL reads them the same way. */
const PARAM_CASTS: Record<ColumnKind, string> = {
  kwd: '::numeric',
  integer: '::integer',
  bigint: '::bigint',
  boolean: '::boolean',
  date: '::date',
  timestamp: '::timestamptz',
  json: '::text::jsonb',
  text: '::text',
};

const INT32_MAX = 2147483647;

function typeOf(property: PropertySchema): string | undefined {
  return Array.isArray(property.type) ? property.type.find((type) => type !== 'null') : property.type;
}

/** The column a string of each format is stored in: KWD exact, dates as dates, the rest as text. */
const FORMAT_COLUMNS: Record<KnownFormat, ColumnKind> = {
  kwd: 'kwd',
  date: 'date',
  'date-time': 'timestamp',
  mobile: 'text',
  'strong-password': 'text',
  'email-list': 'text',
  'webhook-url': 'text',
  email: 'text',
  uri: 'text',
  ipv4: 'text',
};

/** Storage kind of a property: by its format (`FORMAT_COLUMNS`), integer, boolean, JSON for arrays/objects, else text. */
export function kindOf(property: PropertySchema): ColumnKind {
  const type = typeOf(property);
  const format = formatOf(property);
  if (format) return FORMAT_COLUMNS[format];
  if (type === 'integer')
    return typeof property.maximum === 'number' && property.maximum <= INT32_MAX ? 'integer' : 'bigint';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' || type === 'object') return 'json';
  return 'text';
}

/**
 * Columns of an entity's table besides `id` and `merchant_id`, in schema order. An `x-children`
 * array is no column: its items are rows of the child's own table.
 */
export function columnsOf(entity: EntitySchema): Column[] {
  return Object.entries(entity.properties)
    .filter(([name, property]) => name !== 'id' && !property['x-children'])
    .map(([name, property]) => ({ name, kind: kindOf(property), property }));
}

/** Column type of a column in DDL. */
export const sqlType = (column: Column) => SQL_TYPES[column.kind];

/** `$n` with the cast for the column's kind. */
export const placeholder = (kind: ColumnKind, index: number) => `$${index}${PARAM_CASTS[kind]}`;

/** Quotes an identifier taken from a schema (names are checked at start, this is belt and braces). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SQL identifier in a schema: ${name}`);
  return `"${name}"`;
}

/**
 * The `insert` of one row of `entity` for a merchant: `$1` is the merchant's id, then `columns` in
 * their order, each cast as its property's column. Fails when the entity lacks one of them.
 */
export function merchantRowInsert(entity: EntitySchema, columns: readonly string[]): string {
  for (const column of columns)
    if (!entity.properties[column]) throw new Error(`${entity.$id} needs a property "${column}"`);
  const values = columns.map((column, i) => placeholder(kindOf(entity.properties[column]), i + 2));
  return `insert into ${ident(entity['x-resource'].table)} (merchant_id, ${columns.map(ident).join(', ')})
    values ($1::integer, ${values.join(', ')})`;
}

/**
 * The `insert` of many rows of `entity` for a merchant: `$1` is the merchant's id, `$2` the rows as
 * a JSON array of objects keyed by `columns`, each value cast as its property's column.
 */
export function merchantRowsInsert(entity: EntitySchema, columns: readonly string[]): string {
  for (const column of columns)
    if (!entity.properties[column]) throw new Error(`${entity.$id} needs a property "${column}"`);
  const values = columns.map((column) => `x.${ident(column)}${PARAM_CASTS[kindOf(entity.properties[column])]}`);
  return `insert into ${ident(entity['x-resource'].table)} (merchant_id, ${columns.map(ident).join(', ')})
    select $1::integer, ${values.join(', ')}
    from jsonb_to_recordset($2::text::jsonb) as x(${columns.map((column) => `${ident(column)} text`).join(', ')})`;
}

/** A value cut to the property's `maxLength` of `entity` (counted in characters, as the schema counts). */
export function fitTo(entity: EntitySchema, field: string, value: string | number | null): string | number | null {
  const max = entity.properties[field]?.maxLength;
  if (typeof value !== 'string' || max === undefined) return value;
  const characters = [...value];
  return characters.length > max ? characters.slice(0, max).join('') : value;
}
