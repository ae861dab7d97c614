import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv';
import { entitySchemas } from './registry';
import { filterKind, filterSchema, ignoredOnUpdate, recordSchema, writeSchema } from './variants';

const ajv = createAjv();

describe.each(Object.values(entitySchemas))('derived schemas of $title', (entity) => {
  const create = ajv.compile(writeSchema(entity, 'create'));

  it('refuses read-only and unknown fields in a write', () => {
    const readOnly = Object.keys(entity.properties).find((name) => entity.properties[name].readOnly);
    expect(readOnly).toBeDefined();
    create({ [readOnly as string]: 'x', not_a_field: 1 });
    const keywords = (create.errors ?? []).map((error) => error.keyword);
    expect(keywords).toContain('additionalProperties');
  });

  it('requires what the schema requires on create', () => {
    create({});
    const missing = (create.errors ?? [])
      .filter((error) => error.keyword === 'required')
      .map((error) => error.params.missingProperty);
    // An array of child records with `minItems` must be sent too (at least one unit with an asset).
    const children = Object.keys(entity.properties).filter(
      (name) => entity.properties[name]['x-children'] && Number(entity.properties[name].minItems) > 0,
    );
    // A condition (`allOf` of if/then/else) adds the fields of the branch an empty record takes.
    const conditions = (entity.allOf ?? []) as {
      if: object;
      then?: { required?: string[] };
      else?: { required?: string[] };
    }[];
    const conditional = conditions.flatMap(
      (rule) => (ajv.validate(rule.if, {}) ? rule.then : rule.else)?.required ?? [],
    );
    expect(missing.sort()).toEqual([...new Set([...(entity.required ?? []), ...children, ...conditional])].sort());
  });

  it('never returns write-only fields, nor child records sent with a create', () => {
    const record = recordSchema(entity);
    for (const [name, property] of Object.entries(entity.properties)) {
      expect(name in record.properties).toBe(!property.writeOnly && !property['x-children']);
    }
  });

  it("lets a replace carry back exactly the record's fields it does not write", () => {
    const ignored = ignoredOnUpdate(entity);
    const update = writeSchema(entity, 'update').properties;
    const record = recordSchema(entity).properties;
    expect(ignored).toContain('id');
    for (const name of ignored) {
      expect(name in update, name).toBe(false);
      expect(Boolean(record[name].readOnly || record[name]['x-transitions']), name).toBe(true);
    }
    for (const name of Object.keys(record)) expect(ignored.includes(name) || name in update, name).toBe(true);
  });

  it('lists and filters only known properties', () => {
    for (const column of entity['x-list'].columns) expect(entity.properties).toHaveProperty(column);
    for (const filter of entity['x-list'].filters) if (filter !== 'q') expect(entity.properties).toHaveProperty(filter);
  });

  it.runIf(entity['x-list'].filters.includes('q'))('refuses a search text shorter than 3 characters', () => {
    const filter = ajv.compile(filterSchema(entity));
    expect(filter({ q: 'ab' })).toBe(false);
    expect(filter({ q: 'abc' })).toBe(true);
  });

  it('searches text properties when it offers a search', () => {
    const search = entity['x-list'].search ?? [];
    expect(entity['x-list'].filters.includes('q')).toBe(search.length > 0);
    for (const name of search) expect(entity.properties[name]?.type, name).toBe('string');
  });
});

describe('write-only fields on update', () => {
  it('may be left out to keep the stored value', () => {
    const update = ajv.compile(writeSchema(entitySchemas.employee, 'update'));
    const ok = update({ name: 'Sara', email: 'sara@demo.test', permissions: { general: ['invoices'] } });
    expect(update.errors).toBeNull();
    expect(ok).toBe(true);
  });
});

describe('filter kinds', () => {
  it('follow the property schema', () => {
    const invoice = entitySchemas.invoice.properties;
    expect(filterKind('q', undefined)).toBe('search');
    expect(filterKind('status', invoice.status)).toBe('equals');
    expect(filterKind('expiry_date', invoice.expiry_date)).toBe('range');
    expect(filterKind('amount', invoice.amount)).toBe('range');
    expect(filterKind('customer_name', invoice.customer_name)).toBe('contains');
  });
});
