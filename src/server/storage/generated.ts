import { randomBytes } from 'node:crypto';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';
import { MERCHANT_KEYS } from '../kernel/keys';
import { ident } from './columns';

/**
 * Values the server fills for `x-generated` properties, named by generator: `"reference"`, or with
 * the generator's option, `{ "reference": "SO" }`. Numbered values come from one sequence per
 * column, so they are unique without locking; derived values (a link) are computed after them.
 */

export interface GeneratorContext {
  q: Queryable;
  entity: EntitySchema;
  column: string;
  /** The generator's option (`{ "reference": "SO" }` → `"SO"`). */
  option?: string;
  /** Values of the record so far, generated numbered values included. */
  record: Row;
  publicUrl: string;
}

interface Generator {
  /** Numbered generators draw from `<table>_<column>_seq` and get a unique index. */
  numbered: boolean;
  /**
   * SQL giving one fresh value per row, for generators whose values are secrets looked up on their
   * own (a token): the column gets a unique index, and rows made before it existed get a value
   * from this when the database is migrated.
   */
  backfill?: string;
  /** Refuses at start an option the generator cannot use. */
  check(entity: EntitySchema, option: string | undefined): void;
  /** A numbered generator's value of the number drawn from its sequence. */
  format?(number: number, entity: EntitySchema, option: string | undefined): string;
  generate(context: GeneratorContext): Promise<string>;
}

/** A generator's name and option, read from `x-generated`. */
export interface GeneratedSpec {
  name: string;
  option?: string;
}

/** The `x-generated` of a property: `"name"` or `{ "name": "option" }`; null when it has none. */
export function generatedOf(property: PropertySchema): GeneratedSpec | null {
  const value = property['x-generated'];
  if (value === undefined) return null;
  if (typeof value === 'string') return { name: value };
  const entries = Object.entries(value);
  if (entries.length !== 1 || typeof entries[0][1] !== 'string')
    throw new Error(`x-generated must name one generator: ${JSON.stringify(value)}`);
  return { name: entries[0][0], option: entries[0][1] };
}

/** "invoice" → "INV", "employee" → "EMP". */
const prefixOf = (entity: EntitySchema) =>
  entity.$id
    .replace(/[^a-z]/gi, '')
    .slice(0, 3)
    .toUpperCase();

const PREFIX = /^[A-Z][A-Z0-9]{0,5}$/;

/** The option of a numbered generator is its prefix: a few capitals and digits. */
function checkPrefix(entity: EntitySchema, option: string | undefined): void {
  if (option !== undefined && !PREFIX.test(option))
    throw new Error(`${entity.$id}: x-generated prefix "${option}" must be 1–6 capitals or digits, from a capital`);
}

function noOption(entity: EntitySchema, option: string | undefined): void {
  if (option !== undefined) throw new Error(`${entity.$id}: this x-generated value takes no option ("${option}")`);
}

/** Sequence a numbered generated column draws from. */
export const sequenceName = (entity: EntitySchema, column: string) => `${entity['x-resource'].table}_${column}_seq`;

async function nextNumber({ q, entity, column }: GeneratorContext): Promise<number> {
  const [row] = await q.query<{ n: number }>(`select nextval('${ident(sequenceName(entity, column))}') as n`);
  return row.n;
}

/** `<prefix>-<number padded to digits>`, the prefix the option or the entity's. */
const numbered = (digits: number, withYear: boolean): Generator => {
  const format = (number: number, entity: EntitySchema, option: string | undefined) => {
    const year = withYear ? `${new Date().getUTCFullYear()}-` : '';
    return `${option ?? prefixOf(entity)}-${year}${String(number).padStart(digits, '0')}`;
  };
  return {
    numbered: true,
    check: checkPrefix,
    format,
    generate: async (context) => format(await nextNumber(context), context.entity, context.option),
  };
};

/** A random key, generated once, made as a merchant account's own keys are. */
const key = (make: () => string): Generator => ({
  numbered: false,
  check: noOption,
  generate: async () => make(),
});

/**
 * 256 random bits, URL-safe (43 characters of base64url), the same shape in SQL for the rows a
 * migration fills: each `uuid_send(gen_random_uuid())` gives 16 bytes, 122 of their bits random.
 */
const token: Generator = {
  numbered: false,
  backfill: `rtrim(translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`,
  check: noOption,
  generate: async () => randomBytes(32).toString('base64url'),
};

/** `{name}` placeholders of a link's path. */
const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g;

/** Properties of the entity whose values are numbered generated ones (known before the insert). */
function numberedProperties(entity: EntitySchema): string[] {
  return Object.entries(entity.properties).flatMap(([name, property]) => {
    const spec = generatedOf(property);
    return spec && generators[spec.name]?.numbered ? [name] : [];
  });
}

/** The public page of a path on the portal, absolute so it can be sent by SMS or e-mail. */
function publicLink(publicUrl: string, path: string, record: Row, entity: EntitySchema): string {
  const filled = path.replace(PLACEHOLDER, (_match, name: string) => {
    const value = record[name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${entity.$id}: the link needs a value of ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${publicUrl.replace(/\/+$/, '')}${filled}`;
}

/** Column of the entity's generated reference, which `payment_link` points at. */
function referenceColumn(entity: EntitySchema): string | undefined {
  return Object.keys(entity.properties).find((name) => generatedOf(entity.properties[name])?.name === 'reference');
}

const generators: Record<string, Generator> = {
  /** Reference shown to payers and used in links: INV-2026-000123 (`{ "reference": "SO" }`: SO-2026-000123). */
  reference: numbered(6, true),
  /** Staff number: EMP-0001. */
  user_id: numbered(4, false),
  /** Code of a record, such as a sub-merchant's: SUB-00012. */
  code: numbered(5, false),
  /** Keys a (sub-)merchant calls the gateway and seals payloads with; the secret is never returned. */
  access_code: key(MERCHANT_KEYS.access_code),
  secret_key: key(MERCHANT_KEYS.secret_key),
  iv_key: key(MERCHANT_KEYS.iv_key),
  /** An unguessable value naming the record in a public link without its sequential id (a tenant's pay page). */
  token,
  /**
   * A public page of the record: `{ "link": "/open-invoice/checkout/{reference_no}" }`, each
   * placeholder a numbered generated property of the record.
   */
  link: {
    numbered: false,
    check: (entity, option) => {
      if (option === undefined || !option.startsWith('/'))
        throw new Error(`${entity.$id}: x-generated link needs a path from "/" ("${option ?? ''}")`);
      const known = numberedProperties(entity);
      for (const [, name] of option.matchAll(PLACEHOLDER)) {
        if (!known.includes(name))
          throw new Error(`${entity.$id}: x-generated link names "${name}", which is no numbered generated property`);
      }
    },
    generate: async ({ entity, option, record, publicUrl }) => publicLink(publicUrl, option as string, record, entity),
  },
  /** The payer's page of an invoice's reference: /smspay/{reference}. */
  payment_link: {
    numbered: false,
    check: (entity, option) => {
      noOption(entity, option);
      if (!referenceColumn(entity)) throw new Error(`${entity.$id}: payment_link needs a generated reference`);
    },
    generate: async ({ entity, record, publicUrl }) =>
      publicLink(publicUrl, `/smspay/{${referenceColumn(entity) as string}}`, record, entity),
  },
};

/** The generator named by `x-generated`; unknown names fail at start. */
export function generatorOf(name: string): Generator {
  const generator = generators[name];
  if (!generator) throw new Error(`Unknown x-generated value "${name}"`);
  return generator;
}

export interface GeneratedColumn {
  column: string;
  generator: Generator;
  option?: string;
}

/**
 * Generated columns of an entity, numbered ones first so derived ones can read them. Fails on an
 * unknown generator or an option it cannot use (at start, through the storage's checks).
 */
export function generatedColumns(entity: EntitySchema): GeneratedColumn[] {
  let columns = columnsByEntity.get(entity);
  if (!columns) {
    columns = readGeneratedColumns(entity);
    columnsByEntity.set(entity, columns);
  }
  return columns;
}

const columnsByEntity = new WeakMap<EntitySchema, GeneratedColumn[]>();

function readGeneratedColumns(entity: EntitySchema): GeneratedColumn[] {
  return Object.entries(entity.properties)
    .flatMap(([column, property]) => {
      const spec = generatedOf(property);
      if (!spec) return [];
      const generator = generatorOf(spec.name);
      generator.check(entity, spec.option);
      return [{ column, generator, ...(spec.option === undefined ? {} : { option: spec.option }) }];
    })
    .sort((a, b) => Number(b.generator.numbered) - Number(a.generator.numbered));
}

/**
 * `count` fresh values of the numbered generated `column` of `entity`, drawn at once and written as
 * its generator writes one: for a flow that inserts many records with one statement.
 */
export async function nextNumbered(
  q: Queryable,
  entity: EntitySchema,
  column: string,
  count: number,
): Promise<string[]> {
  const found = generatedColumns(entity).find((candidate) => candidate.column === column);
  const format = found?.generator.format;
  if (!found || !format) throw new Error(`${entity.$id}.${column} is no numbered generated property`);
  if (count === 0) return [];
  const rows = await q.query<{ n: number | string }>(
    `select nextval('${ident(sequenceName(entity, column))}') as n from generate_series(1, $1::integer)`,
    [count],
  );
  return rows.map((row) => format(Number(row.n), entity, found.option));
}

/** Fills every generated column of a new record. */
export async function fillGenerated(q: Queryable, entity: EntitySchema, record: Row, publicUrl: string): Promise<void> {
  for (const { column, generator, option } of generatedColumns(entity)) {
    record[column] = await generator.generate({ q, entity, column, option, record, publicUrl });
  }
}
