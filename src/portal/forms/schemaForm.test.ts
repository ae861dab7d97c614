import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { entitySchemas } from '../../schema/registry';
import { writeSchema } from '../../schema/variants';
import { translate as lookup, type Catalogue } from '../../shared/i18n';
import { catalogueErrors, serverErrorSchema, unchangedFieldErrors } from './errorMessages';
import type { Translate } from './translate';
import { deriveUiSchema, widgetFor } from './uiSchema';
import { formValidator } from './validator';

const translator =
  (catalogue: Catalogue): Translate =>
  (key, options) =>
    lookup(catalogue, key, options);
const english = translator(en as Catalogue);
const arabic = translator(ar as Catalogue);

function validate(entityName: string, data: Record<string, unknown>, translate: Translate = english) {
  const entity = entitySchemas[entityName];
  const schema = writeSchema(entity, 'create') as RJSFSchema;
  return formValidator.validateFormData(data, schema, undefined, catalogueErrors(entity, translate));
}

describe('schema form', () => {
  describe.each(Object.values(entitySchemas))('uiSchema of $title', (entity) => {
    const schema = writeSchema(entity, 'create');
    const ui = deriveUiSchema(entity, schema, english);

    it('labels every writable field from the catalogue and leaves out read-only ones', () => {
      for (const [name, property] of Object.entries(entity.properties)) {
        if (property.readOnly) expect(ui[name]).toBeUndefined();
        else expect(ui[name]['ui:title']).toBe(lookup(en as Catalogue, `resources.${entity.$id}.fields.${name}`));
      }
    });

    it('names a registered widget for amounts, passwords, files and dates', () => {
      for (const [name, property] of Object.entries(schema.properties)) {
        const widget = widgetFor(property);
        if (widget) expect(ui[name]['ui:widget']).toBe(widget);
      }
    });
  });

  it('translates enum values for checkboxes', () => {
    const entity = entitySchemas.invoice;
    const ui = deriveUiSchema(entity, writeSchema(entity, 'create'), arabic);
    expect(ui.payment_methods['ui:enumNames']).toMatchObject({ card: 'بطاقة' });
  });

  it('puts "Maximum amount must exceed minimum amount" under the maximum, in English and Arabic', () => {
    const data = { title: 'A', amount_type: 'open', min_amount: '10', max_amount: '10' };
    expect(validate('open_invoice', data).errorSchema).toEqual({
      max_amount: { __errors: ['Maximum amount must exceed minimum amount'] },
    });
    expect(validate('open_invoice', data, arabic).errorSchema.max_amount?.__errors).toEqual([
      'يجب أن يكون الحد الأقصى للمبلغ أكبر من الحد الأدنى',
    ]);
  });

  it('accepts a maximum above the minimum', () => {
    const data = { title: 'A', amount_type: 'open', min_amount: '10', max_amount: '10.001' };
    expect(validate('open_invoice', data).errors).toEqual([]);
  });

  it('uses the product formats and keywords: mobile, strong password, at least one permission', () => {
    const invoice = validate('invoice', { customer_name: 'A', mobile: '123', amount: 'abc' });
    expect(invoice.errorSchema.mobile?.__errors?.[0]).toMatch(/at least 11 digits/);
    expect(invoice.errorSchema.amount?.__errors).toEqual(['Enter valid amount']);

    const employee = validate('employee', { name: 'A', email: 'a@b.co', password: 'weak', permissions: {} });
    expect(employee.errorSchema.password?.__errors?.[0]).toMatch(/at least six characters/);
    expect(employee.errorSchema.permissions?.__errors).toEqual(['At least one permission must be selected']);
  });

  it("shows a required field's message under that field", () => {
    const result = validate('invoice', { kind: 'quick', mobile: '96550001234', amount: '1' });
    expect(result.errorSchema.customer_name).toEqual({ __errors: ['This field is required'] });
  });

  it('turns server field errors (nested like the record) into rjsf extra errors', () => {
    expect(serverErrorSchema({ email: 'Taken', permissions: { general: 'Pick one' } })).toEqual({
      email: { __errors: ['Taken'] },
      permissions: { general: { __errors: ['Pick one'] } },
    });
  });
});

describe('server field errors', () => {
  it('stop applying once the user changes the refused field', () => {
    const errors = { email: 'This value is already in use', permissions: { general: 'Select at least 1' } };
    const sent = { email: 'staff@demo.test', permissions: { general: [] } };
    expect(unchangedFieldErrors(errors, sent, sent)).toEqual(errors);
    expect(unchangedFieldErrors(errors, sent, { ...sent, email: 'new@demo.test' })).toEqual({
      permissions: { general: 'Select at least 1' },
    });
    expect(
      unchangedFieldErrors(errors, sent, { email: 'new@demo.test', permissions: { general: ['invoices'] } }),
    ).toBeUndefined();
  });
});
