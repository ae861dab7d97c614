import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../registry';
import { registryProblems } from './checkRegistry';
import { productWith, reported } from './testSchemas';

/**
 * What the meta-schema cannot say, checked with the schemas served together: the names in the
 * keywords lead somewhere — permissions of the employee schema, merchant flags, menu groups,
 * entities, their properties, enum values, the formats every layer knows.
 */

/** The problems of the product with `value` at `pointer` of `id`'s schema. */
const problems = (id: string, pointer: string, value: unknown) =>
  reported(registryProblems(productWith(id, pointer, value)));

describe('the cross-checks', () => {
  describe.each([
    [
      'a permission map the employee schema lacks',
      'invoice',
      '/x-resource/permission',
      'billing.invoices',
      /no permission map "billing" in employee's permissions/,
    ],
    [
      'a permission its general map lacks',
      'invoice',
      '/x-resource/permission',
      'invoicing',
      /"invoicing" is not a value of employee's permissions\.general/,
    ],
    [
      'a view permission',
      'transaction',
      '/x-resource/views/incomplete/permission',
      ['reports', 'report.incomplet'],
      /"incomplet" is not a value of employee's permissions\.report/,
    ],
    [
      'the permission of an operation',
      'open_invoice',
      '/x-resource/permissions/create',
      ['invoices', 'open_invoice.creat'],
      /"creat" is not a value of employee's permissions\.open_invoice/,
    ],
    [
      'an operation the entity lacks',
      'subscription',
      '/x-resource/permissions/refund',
      'subscription',
      /"refund" is not an operation of subscription: one of list, show, create, update, delete, export, cancel/,
    ],
    [
      'the permission of a value',
      'invoice',
      '/properties/kind/x-permissions/delivery',
      'sms.deliver',
      /"deliver" is not a value of employee's permissions\.sms/,
    ],
    [
      'a value the enum lacks',
      'invoice',
      '/properties/kind/x-permissions/courier',
      'sms.delivery',
      /"courier" is not a value of the property's enum/,
    ],
    ['the own record permission', 'merchant', '/x-resource/own/permission', 'setting', /"setting" is not a value/],
    [
      'a service',
      'invoice',
      '/x-resource/service',
      'quick_invoices',
      /unknown service "quick_invoices": a merchant flag is one of .*multi_vendor/,
    ],
    ['a view service', 'transaction', '/x-resource/views/pos/service', 'pos', /unknown service "pos"/],
    ['a menu group', 'invoice', '/x-resource/group', 'invoice', /unknown menu group "invoice"/],
  ])('gates: %s', (_what, id, pointer, value, message) => {
    it('is refused at its pointer', () => {
      const at = Array.isArray(value) ? `${pointer}/1` : pointer;
      expect(problems(id, pointer, value)).toEqual([expect.stringMatching(`^schemas/${id}\\.json#${at}: `)]);
      expect(problems(id, pointer, value)[0]).toMatch(message);
    });
  });

  describe.each([
    ['a referenced entity', 'unit', '/properties/asset_id/x-references/entity', 'assets', /unknown entity "assets"/],
    [
      'an entity referenced by items',
      'sale_list',
      '/properties/product_ids/items/x-references/entity',
      'products',
      /unknown entity "products"/,
    ],
    ['a child entity', 'asset', '/properties/units/x-children/entity', 'units', /unknown entity "units"/],
    ['a child key', 'asset', '/properties/units/x-children/key', 'asset', /"asset" is not a property of unit/],
    [
      'a reference label',
      'unit',
      '/properties/asset_id/x-references/label',
      'title',
      /"title" is not a property of asset/,
    ],
    [
      'a refused value',
      'unit',
      '/properties/asset_id/x-references/refuse/state',
      ['blocked'],
      /"state" is not a property of asset/,
    ],
    ['a limit', 'unit', '/properties/asset_id/x-limit/field', 'unit_count', /"unit_count" is not a property of asset/],
    [
      'an x-from reference',
      'refund',
      '/properties/pending_amount/x-from/reference',
      'method',
      /"method" is not an x-references property/,
    ],
    [
      'an x-from property',
      'refund',
      '/properties/pending_amount/x-from/property',
      'pending',
      /"pending" is not a property of transaction/,
    ],
  ])('entities: %s', (_what, id, pointer, value, message) => {
    it('is refused at its pointer', () => {
      expect(problems(id, pointer, value)).toEqual([expect.stringMatching(`^schemas/${id}\\.json#${pointer}: `)]);
      expect(problems(id, pointer, value)[0]).toMatch(message);
    });
  });

  it('refuses a column of the records listed on the referenced record that is not theirs', () => {
    const pointer = '/properties/transfer_id/x-references/columns';
    expect(problems('transaction', pointer, ['amount', 'net'])).toEqual([
      `schemas/transaction.json#${pointer}/1: "net" is not a property of transaction`,
    ]);
  });

  describe.each([
    ['a list column', 'invoice', '/x-list/columns/0', 'reference'],
    ['a filter', 'invoice', '/x-list/filters/1', 'state'],
    ['a searched property', 'invoice', '/x-list/search/0', 'ref'],
    ['the sort', 'invoice', '/x-list/sort/0', 'createdAt'],
    ['the date range', 'transaction', '/x-list/dateRange/field', 'created'],
    ['a view column', 'transaction', '/x-resource/views/pos/columns/0', 'created'],
    ['a view date range', 'transaction', '/x-resource/views/incomplete/dateRange/field', 'created'],
    ['a view filter', 'invoice', '/x-resource/views/delivery/filter/kinds', ['delivery']],
    ['a section field', 'employee', '/x-resource/sections/permissions/fields/0', 'permission'],
    ['an own section field', 'merchant', '/x-resource/own/sections/paymentsettings/fields/0', 'webhook'],
    ['a command condition', 'invoice', '/x-resource/commands/resend/when/state', ['unpaid']],
    ['what keeps a record editable', 'invoice', '/x-resource/editable/state', ['unpaid']],
    ['an x-when sibling', 'invoice', '/properties/instalments/x-when/kinds', ['instalment']],
    ['an x-unique sibling', 'unit', '/properties/name/x-unique/within', 'asset'],
    ['the field an x-ui value names', 'audit_event', '/properties/field/x-ui/fieldOf', 'entities'],
  ])('properties: %s', (_what, id, pointer, value) => {
    it('is refused at its pointer', () => {
      const name = Array.isArray(value) ? pointer.split('/').pop() : value;
      expect(problems(id, pointer, value)).toEqual([
        `schemas/${id}.json#${pointer}: "${name}" is not a property of ${id}`,
      ]);
    });
  });

  it('refuses an entity searched everywhere with nothing to search or no page to open', () => {
    expect(problems('invoice', '/x-list/search', [])).toEqual([
      'schemas/invoice.json#/x-list/filters: the free-text filter "q" needs x-list.search',
      'schemas/invoice.json#/x-list/everywhere: the search everywhere needs x-list.search',
    ]);
    expect(problems('sale_order', '/x-resource/operations', ['list'])).toEqual([
      'schemas/sale_order.json#/x-list/everywhere: the search everywhere opens the record: it needs the show operation',
    ]);
  });

  describe('records a page lists by a value (x-resource.related)', () => {
    const at = '/x-resource/related/payments';
    it("accepts the invoice's payments as the schemas declare them", () => {
      expect(reported(registryProblems(Object.values(entitySchemas)))).toEqual([]);
    });
    it('refuses an unknown entity', () => {
      expect(problems('invoice', `${at}/entity`, 'payment')).toEqual([
        `schemas/invoice.json#${at}/entity: unknown entity "payment"`,
      ]);
    });
    it('refuses a column the listed entity lacks, or cannot be filtered by', () => {
      expect(problems('invoice', `${at}/column`, 'invoice')).toEqual([
        `schemas/invoice.json#${at}/column: "invoice" is not a property of transaction`,
      ]);
      expect(problems('invoice', `${at}/column`, 'track_id')).toEqual([
        `schemas/invoice.json#${at}/column: "track_id" is not a list filter of transaction`,
      ]);
    });
    it('refuses a key the record lacks and a listed column the entity lacks', () => {
      expect(problems('invoice', `${at}/key`, 'reference')).toEqual([
        `schemas/invoice.json#${at}/key: "reference" is not a property of invoice`,
      ]);
      expect(problems('invoice', `${at}/columns/1`, 'ref')).toEqual([
        `schemas/invoice.json#${at}/columns/1: "ref" is not a property of transaction`,
      ]);
    });
  });

  describe('the merchant setting an x-confirmEmpty question waits for', () => {
    const at = '/properties/invoice_number/x-confirmEmpty';
    it('accepts the plain question and one switched on by a boolean setting of the merchant', () => {
      expect(problems('invoice', at, 'resources.invoice.confirm_no_number')).toEqual([]);
      expect(
        problems('invoice', at, { message: 'resources.invoice.confirm_no_number', when: 'terms_enabled' }),
      ).toEqual([]);
    });
    it('refuses a setting the merchant lacks and one that is not a boolean', () => {
      expect(problems('invoice', `${at}/when`, 'ask_number')).toEqual([
        `schemas/invoice.json#${at}/when: "ask_number" is not a property of merchant`,
      ]);
      expect(problems('invoice', `${at}/when`, 'webhook_url')).toEqual([
        `schemas/invoice.json#${at}/when: "webhook_url" of merchant is not a boolean`,
      ]);
    });
  });

  it('refuses a country code hint on a value that is not a string', () => {
    expect(problems('merchant', '/properties/seq_id/x-ui/country', true)).toEqual([
      'schemas/merchant.json#/properties/seq_id/x-ui/country: a country code is a string',
    ]);
  });

  it("refuses a secret that is none of the merchant's keys", () => {
    expect(problems('merchant', '/properties/iban/x-ui/secret', true)).toEqual([
      "schemas/merchant.json#/properties/iban/x-ui/secret: a secret is one of the merchant's keys (x-generated: access_code, secret_key, iv_key)",
    ]);
  });

  it('refuses a section field no screen may edit', () => {
    expect(problems('employee', '/x-resource/sections/permissions/fields/0', 'user_id')).toEqual([
      'schemas/employee.json#/x-resource/sections/permissions/fields/0: "user_id" is readOnly: no screen edits it',
    ]);
  });

  it.each([
    ['x-dateRange', 'contract', '/x-dateRange/to', 'end'],
    ['x-period', 'subscription', '/x-period/frequency', 'period'],
  ])('refuses an %s naming no property of its object', (_rule, id, pointer, value) => {
    expect(problems(id, pointer, value)).toEqual([
      `schemas/${id}.json#${pointer}: "${value}" is not a property of the object`,
    ]);
  });

  it('refuses a transition to a status outside the enum', () => {
    expect(problems('invoice', '/properties/status/x-transitions/cancel/to', 'canceled')).toEqual([
      `schemas/invoice.json#/properties/status/x-transitions/cancel/to: "canceled" is not a value of the property's enum`,
    ]);
  });

  it.each([
    ['a property', '/properties/amount/format', 'money'],
    ['a nested property', '/properties/parts/items/properties/due_date/format', 'day'],
  ])('refuses a format no layer knows, on %s', (_place, pointer, format) => {
    expect(problems('invoice', pointer, format)).toEqual([
      expect.stringMatching(`^schemas/invoice\\.json#${pointer}: unknown format "${format}": one of kwd, mobile, `),
    ]);
  });

  describe('logs', () => {
    const without = (log: string, name: string) => {
      const names = (entitySchemas[log].properties.entity.enum ?? []).filter((value) => value !== name);
      return reported(registryProblems(productWith(log, '/properties/entity/enum', names)));
    };

    it('refuses x-audit on an entity the activity log does not list', () => {
      expect(without('audit_event', 'invoice')).toEqual([
        expect.stringMatching(
          /^schemas\/invoice\.json#\/properties\/\w+\/x-audit: x-audit needs "invoice" in schemas\/audit_event\.json#\/properties\/entity\/enum$/,
        ),
      ]);
    });

    it('refuses a history the change history does not list', () => {
      expect(without('change_history', 'asset')).toEqual([
        'schemas/asset.json#/x-resource/history: x-resource.history needs "asset" in schemas/change_history.json#/properties/entity/enum',
      ]);
    });

    it('refuses a listed entity that does not exist', () => {
      const names = [...(entitySchemas.change_history.properties.entity.enum ?? []), 'locker'];
      expect(problems('change_history', '/properties/entity/enum', names)).toEqual([
        `schemas/change_history.json#/properties/entity/enum/${names.length - 1}: unknown entity "locker"`,
      ]);
    });
  });
});
