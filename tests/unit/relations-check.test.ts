import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema, PropertySchema } from '../../src/schema/types';
import { checkRelations, inboundOf, referencesOf } from '../../src/server/storage/relations';
import { box, pallet, shelf, shelfCategory } from '../support/relations-schema';

/**
 * The server refuses at start a schema whose cross-record keywords it could not honour: arrays of
 * references, labels per language and `x-from` included. The product's own schemas all pass.
 */

const entities = [shelfCategory, shelf, box, pallet];

/** The pallet with one property replaced. */
function palletWith(name: string, property: PropertySchema): EntitySchema {
  return { ...pallet, properties: { ...pallet.properties, [name]: property } };
}

const check = (entity: EntitySchema) => () => checkRelations(entity, [...entities.filter((e) => e !== pallet), entity]);

describe('checkRelations', () => {
  it('accepts every product schema and the test ones', () => {
    const all = Object.values(entitySchemas);
    for (const entity of all) expect(() => checkRelations(entity, all), entity.$id).not.toThrow();
    for (const entity of entities) expect(() => checkRelations(entity, entities), entity.$id).not.toThrow();
  });

  it('reads an array of references as a reference of its own, and as one pointing in', () => {
    expect(referencesOf(pallet, entities).map(({ column, many }) => [column, many])).toEqual([
      ['box_ids', true],
      ['shelf_id', false],
    ]);
    expect(inboundOf(box, entities)).toEqual([
      expect.objectContaining({ source: pallet, column: 'box_ids', many: true }),
    ]);
  });

  it('refuses an array of references whose items are no integers, or with a limit', () => {
    const items = { type: 'string', 'x-references': { entity: 'box', label: 'name' } };
    expect(check(palletWith('box_ids', { type: 'array', items }))).toThrow(/integer property \(its items\)/);
    const limited = { ...pallet.properties.box_ids, 'x-limit': { field: 'capacity' } };
    expect(check(palletWith('box_ids', limited))).toThrow(/x-limit needs a single reference/);
  });

  it('refuses a label per language naming no property, or without English', () => {
    const reference = (label: unknown) => ({
      type: 'integer',
      'x-references': { entity: 'shelf', label } as PropertySchema['x-references'],
    });
    expect(check(palletWith('shelf_id', reference({ en: 'name', ar: 'name_ar' })))).toThrow(
      /"name_ar" is not a property/,
    );
    expect(check(palletWith('shelf_id', reference({ ar: 'name' })))).toThrow(/needs an "en" property/);
  });

  it('refuses an x-from naming no reference, no property, another type, or on a read-only field', () => {
    const from = (reference: string, property: string, extra: PropertySchema = {}) =>
      palletWith('max_load', { type: 'string', format: 'kwd', 'x-from': { reference, property }, ...extra });
    expect(check(from('name', 'max_load'))).toThrow(/must be an x-references property/);
    expect(check(from('shelf_id', 'weight'))).toThrow(/not a readable property of shelf/);
    expect(check(from('shelf_id', 'capacity'))).toThrow(/not of the same type/);
    expect(check(from('shelf_id', 'max_load', { readOnly: true }))).toThrow(/cannot be readOnly/);
  });
});
