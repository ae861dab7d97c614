import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';

/**
 * Test-only entities that use every cross-record keyword, so the storage rules are tested apart
 * from the product's own entities: shelves (unique name, a category reference labelled per
 * language and refusing closed categories, a capacity with the remaining places kept, boxes
 * created inline), boxes (a name unique per shelf, counted against the shelf's capacity, a status
 * moved by actions) and pallets (an array of boxes, a capacity filled from a shelf, lines).
 */

const stamps = {
  created_at: { type: 'string', format: 'date-time', readOnly: true },
  updated_at: { type: 'string', format: 'date-time', readOnly: true },
} as const;

export const shelfCategory: EntitySchema = {
  $id: 'shelf_category',
  title: 'Shelf category',
  type: 'object',
  'x-resource': {
    table: 'test_shelf_categories',
    endpoint: '/test/shelf-categories',
    routes: { list: '/test/shelf-categories' },
    permission: 'sales',
  },
  'x-list': { columns: ['name', 'state'], filters: ['state'], sort: ['name', 'ASC'] },
  required: ['name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 80, 'x-unique': 'merchant' },
    name_ar: { type: 'string', maxLength: 80 },
    state: { type: 'string', enum: ['open', 'closed'], default: 'open' },
  },
};

export const shelf: EntitySchema = {
  $id: 'shelf',
  title: 'Shelf',
  type: 'object',
  'x-resource': {
    table: 'test_shelves',
    endpoint: '/test/shelves',
    routes: { list: '/test/shelves' },
    permission: 'sales',
  },
  'x-list': {
    columns: ['name', 'category_id', 'capacity', 'remaining'],
    filters: ['category_id'],
    sort: ['id', 'ASC'],
  },
  required: ['name', 'category_id', 'capacity'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 80, 'x-unique': 'merchant' },
    category_id: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      'x-references': {
        entity: 'shelf_category',
        label: { en: 'name', ar: 'name_ar' },
        refuse: { state: ['closed'] },
      },
    },
    capacity: { type: 'integer', minimum: 1, maximum: 1000 },
    remaining: { type: 'integer', readOnly: true },
    max_load: { type: 'string', format: 'kwd' },
    boxes: {
      type: 'array',
      items: { type: 'object' },
      minItems: 1,
      maxItems: 100,
      'x-children': { entity: 'box', key: 'shelf_id' },
    },
    ...stamps,
  },
};

export const box: EntitySchema = {
  $id: 'box',
  title: 'Box',
  type: 'object',
  'x-resource': {
    table: 'test_boxes',
    endpoint: '/test/boxes',
    routes: { list: '/test/boxes' },
    permission: 'sales',
  },
  'x-list': { columns: ['name', 'shelf_id', 'size', 'status'], filters: ['shelf_id', 'status'], sort: ['id', 'ASC'] },
  required: ['name', 'shelf_id', 'size'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 80,
      'x-unique': { within: 'shelf_id' },
      // A message of the schema's choosing instead of the default one.
      'x-messages': { 'x-unique': 'app.message.conflict' },
    },
    shelf_id: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      'x-references': { entity: 'shelf', label: 'name' },
      'x-limit': { field: 'capacity', remaining: 'remaining' },
    },
    size: { type: 'string', enum: ['small', 'large'] },
    status: {
      type: 'string',
      enum: ['waiting', 'packed', 'shipped', 'cancelled'],
      default: 'waiting',
      readOnly: true,
      'x-transitions': {
        pack: { from: ['waiting'], to: 'packed' },
        ship: { from: ['packed'], to: 'shipped' },
        cancel: { from: ['waiting', 'packed'], to: 'cancelled', confirm: true },
      },
    },
    ...stamps,
  },
};

export const pallet: EntitySchema = {
  $id: 'pallet',
  title: 'Pallet',
  type: 'object',
  'x-resource': {
    table: 'test_pallets',
    endpoint: '/test/pallets',
    routes: { list: '/test/pallets' },
    permission: 'sales',
  },
  'x-list': { columns: ['name', 'box_ids', 'shelf_id'], filters: ['shelf_id'], sort: ['id', 'ASC'] },
  required: ['name', 'box_ids'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 80 },
    box_ids: {
      type: 'array',
      items: {
        type: 'integer',
        'x-references': { entity: 'box', label: 'name', refuse: { status: ['cancelled'] } },
      },
      uniqueItems: true,
      minItems: 1,
      maxItems: 20,
    },
    shelf_id: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      'x-references': { entity: 'shelf', label: 'name' },
    },
    max_load: { type: 'string', format: 'kwd', 'x-from': { reference: 'shelf_id', property: 'max_load' } },
    // A rule on the filled value: the load may not exceed the shelf's real maximum.
    load: { type: 'string', format: 'kwd', 'x-atMost': { $data: '1/max_load' } },
    lines: {
      type: 'array',
      readOnly: true,
      items: {
        type: 'object',
        properties: {
          item_id: { type: 'integer', 'x-ui': { technical: true } },
          item: { type: 'string' },
          qty: { type: 'integer' },
          price: { type: 'string', format: 'kwd' },
        },
      },
    },
    ...stamps,
  },
};

/** Every entity of the registry plus the test-only four. */
export function entitiesWithRelations(): EntitySchema[] {
  return [...Object.values(entitySchemas), shelfCategory, shelf, box, pallet];
}
