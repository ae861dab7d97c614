import { describe, expect, it } from 'vitest';
import { formSections, inapplicableMode, spanOf, withoutInapplicable } from './formLayout';
import { entitySchemas } from './registry';
import type { EntitySchema } from './types';
import { writeSchema } from './variants';

/** A made-up entity: a layout of two sections, a flag switching an amount, long text. */
const shop = {
  $id: 'shop',
  type: 'object',
  'x-resource': { layout: { money: ['price', 'discount_on', 'discount'], notes: ['remarks'] } },
  properties: {
    name: { type: 'string' },
    price: { type: 'string', format: 'kwd' },
    discount_on: { type: 'boolean' },
    discount: {
      type: 'string',
      format: 'kwd',
      'x-when': { discount_on: [true] },
      'x-ui': { inapplicable: 'disable' },
    },
    remarks: { type: 'string', 'x-ui': { widget: 'textarea' } },
    tags: { type: 'array', items: { type: 'string' } },
  },
} as unknown as EntitySchema;

describe('form layout hints', () => {
  it('puts the fields in the sections of x-resource.layout, the ones it leaves out first under Details', () => {
    expect(formSections(shop, ['name', 'price', 'discount_on', 'discount', 'remarks', 'tags'])).toEqual([
      { name: 'details', fields: ['name', 'tags'] },
      { name: 'money', fields: ['price', 'discount_on', 'discount'] },
      { name: 'notes', fields: ['remarks'] },
    ]);
  });

  it('leaves out a section none of whose fields the form shows (a section screen)', () => {
    expect(formSections(shop, ['price'])).toEqual([{ name: 'money', fields: ['price'] }]);
  });

  it('gives long and composite fields the whole row and the rest one column, unless x-ui.span says', () => {
    expect(spanOf(shop.properties.remarks, 'textarea')).toBe('full');
    expect(spanOf(shop.properties.name)).toBe('half');
    expect(spanOf({ type: 'array', items: { type: 'object', properties: {} } })).toBe('full');
    expect(spanOf({ type: 'string', 'x-ui': { span: 'full' } })).toBe('full');
    expect(spanOf({ type: 'string', 'x-ui': { widget: 'textarea', span: 'half' } }, 'textarea')).toBe('half');
  });

  it('hides a field that does not apply unless it asks to be disabled', () => {
    expect(inapplicableMode(shop.properties.discount)).toBe('disable');
    expect(inapplicableMode(entitySchemas.invoice.properties.customer_name)).toBe('hide');
  });

  it('drops the values that do not apply, in child records too', () => {
    expect(withoutInapplicable(shop, { discount_on: false, discount: '1.000', price: '5.000' })).toEqual({
      discount_on: false,
      price: '5.000',
    });
    const unchanged = { discount_on: true, discount: '1.000' };
    expect(withoutInapplicable(shop, unchanged)).toBe(unchanged);

    const asset = writeSchema(entitySchemas.asset, 'create');
    const values = {
      name: 'Tower',
      units: [
        { name: 'A1', rent_amount: '300.000', discount_status: false, discount_amount: '20.000' },
        { name: 'A2', rent_amount: '300.000', discount_status: true, discount_amount: '20.000' },
      ],
    };
    expect(withoutInapplicable(asset, values)).toEqual({
      name: 'Tower',
      units: [
        { name: 'A1', rent_amount: '300.000', discount_status: false },
        { name: 'A2', rent_amount: '300.000', discount_status: true, discount_amount: '20.000' },
      ],
    });
  });

  it("declares the merchant's, the asset's and the unit's form sections, each titled in both languages", async () => {
    const en = (await import('../../locales/en.json')).default as {
      app: { record: { groups: Record<string, string> } };
    };
    const ar = (await import('../../locales/ar.json')).default as typeof en;
    for (const name of ['merchant', 'asset', 'unit']) {
      const layout = entitySchemas[name]['x-resource'].layout ?? {};
      expect(Object.keys(layout).length).toBeGreaterThan(0);
      for (const section of Object.keys(layout)) {
        expect(en.app.record.groups[section], `${name} ${section}`).toBeTruthy();
        expect(ar.app.record.groups[section], `${name} ${section}`).toBeTruthy();
      }
    }
  });
});
