import Ajv2019 from 'ajv/dist/2019';
import { describe, expect, it } from 'vitest';
import { customKeywords } from '../keywords';
import { entitySchemas } from '../registry';
import { keywordPlaces, keywordsOf, PLACES, VOCABULARY } from '../vocabulary';
import { checkRegistry, registryProblems } from './checkRegistry';
import { SchemaError } from './problems';
import { productWith, reported } from './testSchemas';

/**
 * Every entity schema keeps to the vocabulary of `schemas/meta/x-vocabulary.json`: an `x-` keyword
 * that does not exist, one standing where it means nothing, a misspelled key inside one or a value
 * of the wrong shape is refused with its file and JSON pointer.
 */

/** The problems of the product with one change, as reported. */
const problems = (id: string, pointer: string, value: unknown) =>
  reported(registryProblems(productWith(id, pointer, value)));

describe('the vocabulary check', () => {
  it('accepts every product schema', () => {
    expect(reported(registryProblems(Object.values(entitySchemas)))).toEqual([]);
    expect(() => checkRegistry()).not.toThrow();
  });

  it('refuses a misspelled key with the file, the pointer and the key meant', () => {
    const change = productWith('invoice', '/x-resource/permision', 'invoices');
    expect(() => checkRegistry(change)).toThrow(SchemaError);
    expect(() => checkRegistry(change)).toThrow(
      'schemas/invoice.json#/x-resource/permision: unknown key "permision" in x-resource (did you mean "permission"?)',
    );
  });

  it.each([
    ['a view', 'invoice', '/x-resource/views/delivery/colums', 'x-resource.views.delivery'],
    ['the list', 'transaction', '/x-list/dateRange/maxMonth', 'x-list.dateRange'],
    ['a property hint', 'invoice', '/properties/delivery_address/x-ui/widgte', 'x-ui'],
    ['a reference', 'unit', '/properties/asset_id/x-references/lable', 'x-references'],
  ])('refuses a misspelled key inside %s', (_place, id, pointer, owner) => {
    const key = pointer.split('/').pop() ?? '';
    expect(problems(id, pointer, 'x')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^schemas/${id}\\.json#${pointer}: unknown key "${key}" in ${owner.replace(/\./g, '\\.')} \\(did you mean`,
        ),
      ),
    ]);
  });

  it.each([
    ['on the schema', '/x-colour'],
    ['on a property', '/properties/amount/x-messsages'],
    ['on an array’s items', '/properties/customer_ids/items/x-label'],
    ['on a nested property', '/properties/parts/items/properties/seq/x-order'],
    ['in a condition', '/allOf/0/then/x-required'],
  ])('refuses an unknown x- keyword %s', (_place, pointer) => {
    const [line] = problems('invoice', pointer, true);
    expect(line).toMatch(`schemas/invoice.json#${pointer}: unknown keyword "${pointer.split('/').pop()}"`);
  });

  it('names the keyword a misspelled one was meant to be', () => {
    expect(problems('invoice', '/properties/amount/x-messsages', {})).toEqual([
      'schemas/invoice.json#/properties/amount/x-messsages: unknown keyword "x-messsages" (did you mean "x-messages"?)',
    ]);
  });

  it.each([
    ['a property keyword on the schema', 'invoice', '/x-ui', {}, 'the schema', 'a property or a nested property'],
    ['a schema keyword on a property', 'invoice', '/properties/amount/x-resource', {}, 'a property', 'the schema'],
    [
      'a column keyword on items',
      'sale_list',
      '/properties/product_ids/items/x-file',
      {},
      "an array's items",
      'a property',
    ],
    [
      'a reference on a nested property',
      'employee',
      '/properties/permissions/properties/general/x-references',
      {},
      'a nested property',
      "a property or an array's items",
    ],
    ['a hint in a condition', 'invoice', '/allOf/0/then/x-when', {}, 'a condition', 'a property'],
  ])('refuses %s, saying where it belongs', (_what, id, pointer, value, here, there) => {
    const keyword = pointer.split('/').pop();
    expect(problems(id, pointer, value)).toEqual([
      `schemas/${id}.json#${pointer}: "${keyword}" may not stand on ${here}; it belongs on ${there}`,
    ]);
  });

  it.each([
    ['/properties/amount/x-audit', false, 'must be true | "changed"'],
    ['/x-resource/permission', 5, 'must be string | string[]'],
    ['/x-list/everywhere', 'yes', 'must be boolean'],
    ['/x-resource/operations', ['list', 'remove'], 'must be "list" | "show" | "create" | "update" | "delete"'],
    ['/x-resource/routes/list', 'invoice/list', 'must match pattern "^/"'],
    ['/properties/status/x-transitions/cancel', { to: 'cancelled' }, '"from" is required'],
    ['/properties/id/x-ui/technical', 'yes', 'must be boolean'],
    ['/properties/mobile/x-ui/country', 1, 'must be boolean'],
    ['/x-resource/related/payments', { entity: 'transaction', column: 'invoice_reference' }, '"key" is required'],
  ])('refuses %s holding %j', (pointer, value, message) => {
    const at = Array.isArray(value) ? `${pointer}/1` : pointer;
    expect(problems('invoice', pointer, value)).toEqual([`schemas/invoice.json#${at}: ${message}`]);
  });

  it('refuses an entity without its list, at the root', () => {
    expect(problems('invoice', '/x-list', undefined)).toEqual(['schemas/invoice.json#: "x-list" is required']);
  });
});

describe('the meta-schema', () => {
  it('is a valid JSON Schema (draft 2019-09) that ajv compiles in strict mode', () => {
    const ajv = new Ajv2019({ strictTypes: false });
    expect(ajv.validateSchema(VOCABULARY), ajv.errorsText()).toBe(true);
    expect(() => ajv.compile(VOCABULARY)).not.toThrow();
  });

  it('gives every keyword and every key a description, which the README shows', () => {
    const undescribed: string[] = [];
    const visit = (schema: Record<string, unknown>, path: string) => {
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>))
        if (!value.description && !value.$ref) undescribed.push(`${path}.${key}`);
    };
    for (const [name, schema] of Object.entries(VOCABULARY.$defs)) {
      if (/^[A-Z]/.test(name) && !schema.description) undescribed.push(name);
      if (/^X/.test(name)) visit(schema, name);
    }
    expect(undescribed).toEqual([]);
  });

  it('places every keyword somewhere, and places are made of keyword groups', () => {
    expect(PLACES.map(({ name }) => name)).toEqual(['entity', 'property', 'item', 'nested', 'condition']);
    for (const place of PLACES) expect(place.groups.length, place.name).toBeGreaterThan(0);
    const grouped = Object.keys(VOCABULARY.$defs)
      .filter((name) => name.endsWith('Keywords'))
      .flatMap((group) => keywordsOf(group).map(([keyword]) => keyword));
    expect([...keywordPlaces().keys()].sort()).toEqual([...new Set(grouped)].sort());
  });

  it('holds as rules exactly the keywords src/schema/keywords.ts defines', () => {
    const rules = Object.keys(VOCABULARY.$defs)
      .filter((group) => group.endsWith('RuleKeywords'))
      .flatMap((group) => keywordsOf(group).map(([keyword]) => keyword));
    expect(rules.sort()).toEqual(customKeywords.map(({ keyword }) => String(keyword)).sort());
  });
});
