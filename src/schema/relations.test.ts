import { describe, expect, it } from 'vitest';
import { box, pallet, shelf, shelfCategory } from '../../tests/support/relations-schema';
import {
  allowedTransitions,
  isTooLate,
  filledFrom,
  itemsReferenceOf,
  labelProperties,
  labelProperty,
  referenceOf,
  referenceText,
  transitionsOf,
} from './relations';
import type { EntitySchema } from './types';
import { recordSchema, writeSchema } from './variants';

/** How the cross-record keywords shape the schemas derived for writes and reads. */

const entities: Record<string, EntitySchema> = { shelf_category: shelfCategory, shelf, box, pallet };
const lookup = (name: string) => entities[name];

describe('x-children', () => {
  it('asks for each child as a create of the child entity, without the key pointing at the parent', () => {
    const items = writeSchema(shelf, 'create', lookup).properties.boxes.items ?? {};
    const child = writeSchema(box, 'create', lookup);
    expect(items.properties).toEqual({ name: child.properties.name, size: child.properties.size });
    expect(items.required).toEqual(['name', 'size']);
    expect(items).toMatchObject({ type: 'object', additionalProperties: false });
    // Nothing that would name a second schema `box.create` or describe the child's screens.
    expect(Object.keys(items).filter((key) => key === '$id' || key.startsWith('x-'))).toEqual([]);
  });

  it('needs at least one child on create (the array has minItems), and none on update or in a record', () => {
    expect(writeSchema(shelf, 'create', lookup).required).toContain('boxes');
    expect(writeSchema(shelf, 'update', lookup).properties).not.toHaveProperty('boxes');
    expect(recordSchema(shelf).properties).not.toHaveProperty('boxes');
  });

  it('keeps the items as written when the child entity is not known', () => {
    expect(writeSchema(shelf, 'create', () => undefined).properties.boxes.items).toEqual({ type: 'object' });
  });
});

describe('x-transitions', () => {
  it('moves a status by its actions only: never part of a write', () => {
    expect(writeSchema(box, 'create', lookup).properties).not.toHaveProperty('status');
    expect(writeSchema(box, 'update', lookup).properties).not.toHaveProperty('status');
    expect(recordSchema(box).properties).toHaveProperty('status');
  });

  it('lists the actions the current status allows', () => {
    expect(transitionsOf(box).map(({ action }) => action)).toEqual(['pack', 'ship', 'cancel']);
    const allowed = (status: string) => allowedTransitions(box, { status }).map(({ action }) => action);
    expect(allowed('waiting')).toEqual(['pack', 'cancel']);
    expect(allowed('packed')).toEqual(['ship', 'cancel']);
    expect(allowed('cancelled')).toEqual([]);
    expect(transitionsOf(box).find(({ action }) => action === 'cancel')?.confirm).toBe(true);
  });

  it('no longer offers an action once the instant it must come before has come', () => {
    const late: EntitySchema = structuredClone(box);
    const cancel = late.properties.status['x-transitions']?.cancel;
    if (cancel) cancel.until = { property: 'ship_by', message: 'app.message.too_late' };
    const now = new Date('2026-11-28T10:00:00Z');
    const allowed = (ship_by: string | null) =>
      allowedTransitions(late, { status: 'waiting', ship_by }, now).map(({ action }) => action);
    expect(allowed('2026-11-28T10:00:01Z')).toEqual(['pack', 'cancel']);
    expect(allowed('2026-11-28T10:00:00Z')).toEqual(['pack']);
    expect(allowed(null)).toEqual(['pack', 'cancel']);
    expect(isTooLate(transitionsOf(late)[2], { ship_by: '2026-11-27T23:59:59Z' }, now)).toBe(true);
  });
});

describe('x-references labels', () => {
  const perLanguage = referenceOf(shelf.properties.category_id)!;
  const single = referenceOf(box.properties.shelf_id)!;

  it('reads the label property of the language, English when it has none', () => {
    expect(labelProperty(perLanguage, 'ar')).toBe('name_ar');
    expect(labelProperty(perLanguage, 'en')).toBe('name');
    expect(labelProperty(perLanguage, 'fr')).toBe('name');
    expect(labelProperty(single, 'ar')).toBe('name');
    expect(labelProperties(perLanguage)).toEqual(['name', 'name_ar']);
  });

  it('names a record by its label in the language, else in English, else by its id', () => {
    expect(referenceText(perLanguage, { id: 1, name: 'Chilled', name_ar: 'مبرد' }, 'ar')).toBe('مبرد');
    expect(referenceText(perLanguage, { id: 1, name: 'Chilled', name_ar: 'مبرد' }, 'en')).toBe('Chilled');
    expect(referenceText(perLanguage, { id: 1, name: 'Chilled', name_ar: '' }, 'ar')).toBe('Chilled');
    expect(referenceText(perLanguage, { id: 7 }, 'ar')).toBe('7');
  });
});

describe('arrays of references and x-from', () => {
  it('finds the reference on the items of an array, and only there', () => {
    expect(itemsReferenceOf(pallet.properties.box_ids)).toMatchObject({ entity: 'box' });
    expect(itemsReferenceOf(pallet.properties.shelf_id)).toBeUndefined();
    expect(referenceOf(pallet.properties.box_ids)).toBeUndefined();
  });

  it('lists the fields filled from a referenced record, which stay part of a write', () => {
    expect(filledFrom(pallet)).toEqual([['max_load', { reference: 'shelf_id', property: 'max_load' }]]);
    expect(writeSchema(pallet, 'create', lookup).properties).toHaveProperty('max_load');
  });
});
