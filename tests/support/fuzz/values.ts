import type { ErrorObject } from 'ajv';
import { addDays, addMonths, today } from '../../../src/schema/calendar';
import type { XChildren } from '../../../src/schema/relations';
import type { XFrom, XLimit } from '../../../src/schema/types';
import { fromFils, toFils } from '../../../src/shared/money';
import type { Schema, SchemaBook } from './openapi';
import type { Random } from './random';
import { stringMatching } from './regex';

/**
 * Valid values generated from JSON Schema: enums, formats of the product, patterns, bounds,
 * references to the signed-in merchant's own records, `x-from` values read from the record they
 * come from, and the object rules (`x-dateRange`, `x-period`, an `x-children` array within the
 * `x-limit` its children's key puts on the parent). A value is checked against the schema and
 * repaired (missing required properties added, failing ones regenerated) before use; a value filled
 * from a record, or compared with one that is, is repaired by choosing another record.
 */

/** Where references point: ids of the merchant's records of an entity, and one record's fields. */
export interface RecordSource {
  ids(entity: string, refuse?: Record<string, unknown[]>): Promise<number[]>;
  record(entity: string, id: number): Promise<Record<string, unknown> | undefined>;
}

interface References {
  entity: string;
  refuse?: Record<string, unknown[]>;
}

type Json = Record<string, unknown>;

const WORDS = ['alpha', 'bravo', 'salmiya', 'hawalli', 'fahaheel', 'مرحبا', 'الكويت', 'فاتورة', 'market', 'store'];

let serial = 0;
/** A number unique within the process, so generated e-mails and names never collide. */
const nextSerial = () => ++serial;

export class ValueGenerator {
  /** Why the last value could not be made valid. */
  lastProblem = '';
  /** The entity a reference of the value being made found no record of, in a state it accepts. */
  private unpointable: string | undefined;

  constructor(
    private readonly book: SchemaBook,
    private readonly source: RecordSource,
    private readonly random: Random,
  ) {}

  /** A value valid against `schema`, or undefined when none was found in a few attempts. */
  async valid(schema: Schema): Promise<unknown> {
    this.unpointable = undefined;
    const validate = this.book.validator(schema);
    const root = this.book.resolve(schema);
    let value = await this.value(schema, undefined);
    for (let attempt = 0; attempt < 8 && !this.unpointable; attempt++) {
      if (isObject(value)) this.fitChildren(root, value);
      if (validate(value)) return value;
      value = await this.repair(schema, value, validate.errors ?? []);
    }
    if (this.unpointable) {
      this.lastProblem = `no ${this.unpointable} in a state the reference accepts is left`;
      return undefined;
    }
    if (isObject(value)) this.fitChildren(root, value);
    if (validate(value)) return value;
    this.lastProblem = `${JSON.stringify(value).slice(0, 300)}: ${this.book.errorsText(validate.errors)}`;
    return undefined;
  }

  /** Fixes what ajv reported: adds missing properties, regenerates failing ones. */
  private async repair(schema: Schema, value: unknown, errors: ErrorObject[]): Promise<unknown> {
    if (!isObject(value)) return this.value(schema, undefined);
    const root = this.book.resolve(schema);
    for (const error of errors) {
      const path = error.instancePath.split('/').slice(1);
      const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
      const target = missing ? [...path, missing] : path;
      if (error.keyword === 'x-period' && isObject(value)) {
        const rule = root['x-period'] as { count: string };
        value[rule.count] = 1;
        continue;
      }
      if (target.length === 0) return this.value(schema, undefined);
      await this.regenerate(root, value, target);
    }
    return value;
  }

  private async regenerate(schema: Schema, value: Json, path: string[]): Promise<void> {
    let current: Json = value;
    let currentSchema = schema;
    for (let i = 0; i < path.length - 1; i++) {
      const next = current[path[i]];
      const nextSchema = this.propertySchema(currentSchema, path[i]);
      if (!isObject(next) || !nextSchema) return;
      current = next;
      currentSchema = this.book.resolve(nextSchema);
    }
    const last = path[path.length - 1];
    const reference = this.sourceOf(currentSchema, last);
    if (reference) return this.reselect(currentSchema, current, reference);
    const propertySchema = this.propertySchema(currentSchema, last);
    if (propertySchema) current[last] = await this.value(propertySchema, current);
    else delete current[last];
  }

  /**
   * The reference to choose again when property `name` of an object fails: the reference itself
   * when `x-from` fields read from it, the one an `x-from` field reads from, or the one a field
   * compared with an `x-from` sibling (`x-atMost: {$data}`) depends on — a refund above what its
   * transaction still holds needs another transaction, not another amount.
   */
  private sourceOf(schema: Schema, name: string): string | undefined {
    const properties = this.book.resolve(schema).properties ?? {};
    const fromOf = (property: string) => properties[property]?.['x-from'] as XFrom | undefined;
    const property = properties[name];
    if (!property) return undefined;
    if (Object.keys(properties).some((other) => fromOf(other)?.reference === name)) return name;
    if (fromOf(name)) return fromOf(name)!.reference;
    for (const compared of dataSiblings(property)) if (fromOf(compared)) return fromOf(compared)!.reference;
    return undefined;
  }

  /**
   * Chooses another record for `reference`, fills the `x-from` fields reading from it again and
   * regenerates the fields compared with siblings (`$data`), which may compare with those.
   */
  private async reselect(schema: Schema, value: Json, reference: string): Promise<void> {
    const resolved = this.book.resolve(schema);
    const properties = resolved.properties ?? {};
    delete value[reference];
    const record = await this.referenced(resolved, value, reference);
    for (const [name, property] of Object.entries(properties)) {
      const from = property['x-from'] as XFrom | undefined;
      if (from?.reference !== reference || !(name in value)) continue;
      const filled = record?.[from.property];
      if (filled === undefined || filled === null) delete value[name];
      else value[name] = filled;
    }
    for (const [name, property] of Object.entries(properties))
      if (name in value && dataSiblings(property).length > 0) value[name] = await this.value(property, value);
  }

  /**
   * Trims an `x-children` array to the count its children's key allows (`x-limit`: at most the
   * parent's `field`), or raises that count when the array may not be that short (`minItems`).
   */
  private fitChildren(schema: Schema, value: Json): void {
    for (const [name, raw] of Object.entries(schema.properties ?? {})) {
      const items = value[name];
      const children = this.book.resolve(raw)['x-children'] as XChildren | undefined;
      if (!children || !Array.isArray(items)) continue;
      const key = this.book.component(`${children.entity}.record`)?.properties?.[children.key];
      const limit = key?.['x-limit'] as XLimit | undefined;
      const allowed = limit ? value[limit.field] : undefined;
      if (!limit || typeof allowed !== 'number' || items.length <= allowed) continue;
      if (allowed >= Number(this.book.resolve(raw).minItems ?? 0)) items.length = Math.max(0, Math.floor(allowed));
      else value[limit.field] = items.length;
    }
  }

  private propertySchema(schema: Schema, name: string): Schema | undefined {
    const resolved = this.book.resolve(schema);
    if (resolved.properties?.[name]) return resolved.properties[name];
    if (resolved.type === 'array' && resolved.items) return resolved.items;
    if (typeof resolved.additionalProperties === 'object') return resolved.additionalProperties;
    return undefined;
  }

  /** A value for `schema`; `parent` holds its siblings already generated (for `$data`). */
  async value(raw: Schema, parent: Json | undefined): Promise<unknown> {
    const schema = this.book.resolve(raw);
    const random = this.random;
    // A value that must equal a sibling's (`const: { $data }`: a confirmation) copies it.
    if ('const' in schema) return isData(schema.const) ? sibling(parent, schema.const.$data) : schema.const;
    if (schema.enum) return random.pick(schema.enum);
    if (schema.anyOf) return this.value(random.pick(schema.anyOf), parent);
    const references = schema['x-references'] as References | undefined;
    if (references) {
      const ids = await this.source.ids(references.entity, references.refuse);
      // None left in a state the reference accepts (every authorisation captured): no valid value now.
      if (!ids.length && references.refuse) this.unpointable = references.entity;
      return ids.length ? random.pick(ids) : 1;
    }
    const type = Array.isArray(schema.type) ? random.pick(schema.type.filter((t) => t !== 'null')) : schema.type;
    switch (type) {
      case 'string':
        return this.string(schema, parent);
      case 'integer':
      case 'number':
        return this.number(schema, type === 'integer');
      case 'boolean':
        return random.chance(0.5);
      case 'array':
        return this.array(schema, parent);
      case 'object':
        return this.object(schema);
      default:
        // A schema without a type ("any JSON value", e.g. a payload to encrypt).
        return random.pick([{ note: this.text(1, 30) }, [1, 2, 3], 'text', 42, true]);
    }
  }

  private async object(schema: Schema): Promise<Json> {
    const result: Json = {};
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const names = Object.keys(properties).filter(
      (name) => required.has(name) || (!properties[name]['x-file'] && this.random.chance(0.6)),
    );
    // Values read from another record first, then plain ones, then those compared with siblings.
    const order = (name: string) =>
      properties[name]['x-from'] ? 0 : JSON.stringify(properties[name]).includes('$data') ? 2 : 1;
    for (const name of names.sort((a, b) => order(a) - order(b))) {
      // A reference an `x-from` field has already chosen keeps its value: the filled fields are its record's.
      if (name in result) continue;
      const property = properties[name];
      const from = property['x-from'] as { reference: string; property: string } | undefined;
      const reference = from ? await this.referenced(schema, result, from.reference) : undefined;
      result[name] = reference ? reference[from!.property] : await this.value(property, result);
      if (result[name] === undefined || result[name] === null) delete result[name];
    }
    if (typeof schema.additionalProperties === 'object' && this.random.chance(0.5)) {
      for (let i = this.random.int(1, 2); i > 0; i--)
        result[`key_${nextSerial()}`] = await this.value(schema.additionalProperties, result);
    }
    const range = schema['x-dateRange'] as
      { from: string; to: string; maxDays?: number; maxMonths?: number } | undefined;
    if (range && typeof result[range.from] === 'string' && typeof result[range.to] === 'string') {
      const span = Math.min(range.maxDays ?? 28, 28);
      result[range.to] = addDays(String(result[range.from]).slice(0, 10), this.random.int(0, span));
    }
    this.fitChildren(schema, result);
    return result;
  }

  /** The record a reference sibling names, generating the reference first when needed. */
  private async referenced(schema: Schema, result: Json, name: string): Promise<Json | undefined> {
    const property = schema.properties?.[name];
    const references = property?.['x-references'] as References | undefined;
    if (!property || !references) return undefined;
    if (result[name] === undefined) result[name] = await this.value(property, result);
    return this.source.record(references.entity, Number(result[name]));
  }

  private async array(schema: Schema, parent: Json | undefined): Promise<unknown[]> {
    const min = Number(schema.minItems ?? 0);
    const max = Math.min(Number(schema.maxItems ?? min + 3), min + 3);
    const count = this.random.int(min, max);
    const items: unknown[] = [];
    for (let tries = 0; items.length < count && tries < count * 5; tries++) {
      const item = await this.value(schema.items ?? {}, parent);
      if (schema.uniqueItems && items.some((other) => JSON.stringify(other) === JSON.stringify(item))) continue;
      items.push(item);
    }
    return items;
  }

  private number(schema: Schema, integer: boolean): number {
    const minimum = Number(
      schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 0),
    );
    const maximum = Number(
      schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Number(schema.exclusiveMaximum) - 1 : minimum + 1000),
    );
    const high = Math.min(maximum, minimum + 1000);
    const step = Number(schema.multipleOf ?? (integer ? 1 : 0));
    if (step > 0)
      return Math.ceil(minimum / step) * step + step * this.random.int(0, Math.floor((high - minimum) / step));
    return integer
      ? this.random.int(minimum, high)
      : Math.round((minimum + this.random.next() * (high - minimum)) * 100) / 100;
  }

  private string(schema: Schema, parent: Json | undefined): string {
    const random = this.random;
    const min = Number(schema.minLength ?? 0);
    const max = Number(schema.maxLength ?? Math.max(min, 40));
    if (schema['x-unique'] && schema.format === undefined) {
      // Unique among the merchant's records: a serial no other value of the run shares.
      const serial = `u${nextSerial()}`;
      const unique = serial.padEnd(min, 'x').slice(0, Math.max(max, serial.length));
      if (!schema.pattern || new RegExp(String(schema.pattern), 'u').test(unique)) return unique;
    }
    if (schema.pattern) return stringMatching(schema.pattern, random);
    switch (schema.format) {
      case 'email':
        return `fuzz${nextSerial()}.${random.int(1000, 9999)}@example.com`;
      case 'email-list':
        return [1, 2].map(() => `list${nextSerial()}@example.com`).join(',');
      case 'mobile':
        return `965${random.int(50000000, 99999999)}`;
      case 'strong-password':
        return `Fz${random.int(10, 99)}!${this.text(2, 8).replace(/[^A-Za-z]/g, 'q')}`;
      case 'kwd':
        return this.amount(schema, parent);
      case 'date': {
        const months = schema['x-minMonthsAhead'];
        const start = typeof months === 'number' ? addMonths(today(), months) : today();
        return addDays(start, random.int(typeof months === 'number' ? 1 : -20, 60));
      }
      case 'date-time':
        return new Date(Date.now() + random.int(2, 60 * 24 * 20) * 60_000).toISOString();
      case 'uri':
        return `https://example.com/${this.slug()}`;
      case 'webhook-url':
        return `https://hooks.example.com/${this.slug()}`;
      case 'ipv4':
        return `8.8.${random.int(0, 255)}.${random.int(1, 254)}`;
      case undefined:
        return this.text(min, Math.min(max, min + 24));
      default:
        throw new Error(`No generator for format ${schema.format}`);
    }
  }

  /**
   * A KWD amount above `x-greaterThan` and at most `x-atMost` (constants or siblings). Below a
   * sibling (what a transaction still holds), at most a tenth of it: every valid refund or capture
   * takes its amount off the transaction, and later valid ones still need some left.
   */
  private amount(schema: Schema, parent: Json | undefined): string {
    const bound = (rule: unknown) =>
      typeof rule === 'string'
        ? toFils(rule)
        : isObject(rule) && typeof rule.$data === 'string'
          ? toFils(String(sibling(parent, rule.$data) ?? ''))
          : null;
    const above = bound(schema['x-greaterThan']) ?? 0n;
    const atMost = bound(schema['x-atMost']) ?? above + 500_000n;
    const low = above + 1n;
    if (atMost < low) return fromFils(low);
    const share = isObject(schema['x-atMost']) ? 10n : 1n;
    const span = (atMost - low) / share;
    const offset = BigInt(Math.floor(this.random.next() * Number(span > 100_000n ? 100_000n : span + 1n)));
    return fromFils(low + offset);
  }

  private slug(): string {
    return `p${nextSerial()}-${this.random.int(100, 999)}`;
  }

  /** Text of `min`–`max` characters, partly Arabic, made unique by a serial when there is room. */
  text(min: number, max: number): string {
    const length = this.random.int(min, Math.max(min, max));
    let text = `${this.random.pick(WORDS)} ${nextSerial()} ${this.random.pick(WORDS)}`;
    while (text.length < length) text += ` ${this.random.pick(WORDS)}`;
    text = text.slice(0, length);
    // No leading or trailing blanks: trimmed values could fall below minLength on the server.
    return text.length > 1 ? text.replace(/^\s|\s$/g, 'x') : text.replace(/\s/, 'x');
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The siblings a property's rules compare it with (`{ $data: "1/name" }`). */
function dataSiblings(property: Schema): string[] {
  return [...JSON.stringify(property).matchAll(/"\$data":"1\/([^"]+)"/g)].map((match) => match[1]);
}

/** A `{ $data: pointer }` value: the rule compares with the sibling the pointer names. */
const isData = (value: unknown): value is { $data: string } => isObject(value) && typeof value.$data === 'string';

/** The sibling a relative JSON pointer of depth 1 (`1/name`) names. */
function sibling(parent: Json | undefined, pointer: string): unknown {
  const match = /^1\/(.+)$/.exec(pointer);
  return match && parent ? parent[match[1]] : undefined;
}
