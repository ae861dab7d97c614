import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import {
  DETAILS_SECTION,
  isTechnical,
  offeredCreates,
  recordSections,
  relatedOf,
  shownOnPage,
  statusProperty,
  timelineSources,
  titleProperty,
} from './recordPage';
import { entitySchemas } from './registry';
import { isStatus, toneOf } from './tones';
import type { EntitySchema } from './types';

/** The record page read from the product's schemas: tones, title, sections, related records, creates. */

const entities = Object.values(entitySchemas);
const {
  transaction,
  refund,
  capture,
  invoice,
  unit,
  merchant,
  employee,
  tenant,
  sale_order,
  product,
  sale_list,
  compliance,
  subscription,
  payment_transfer,
} = entitySchemas;

const lookup = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('status tones', () => {
  it('colour a status by its hint: a successful payment green, a pending refund amber, a failed one red', () => {
    expect(toneOf('status', transaction.properties.status, 'success')).toBe('success');
    expect(toneOf('status', transaction.properties.status, 'authorized')).toBe('info');
    expect(toneOf('status', refund.properties.status, 'pending')).toBe('warning');
    expect(toneOf('status', refund.properties.status, 'failed')).toBe('error');
    expect(toneOf('status', invoice.properties.status, 'cancelled')).toBe('default');
  });

  it('let the hint override the shared tone of a value (an active invoice is open, not done)', () => {
    expect(toneOf('status', invoice.properties.status, 'active')).toBe('info');
    expect(toneOf('status', { type: 'string', enum: ['active'] }, 'active')).toBe('success');
  });

  it('give a status without hints the shared tone of its name, and other enums none', () => {
    const status = { type: 'string', enum: ['paid', 'mystery'] };
    expect(toneOf('payment_status', status, 'paid')).toBe('success');
    expect(toneOf('payment_status', status, 'mystery')).toBeUndefined();
    expect(toneOf('payment_method', transaction.properties.payment_method, 'card')).toBeUndefined();
    expect(isStatus('channel', transaction.properties.channel)).toBe(false);
  });

  it('cover every value of every status enum of the product', () => {
    for (const entity of entities)
      for (const [name, property] of Object.entries(entity.properties))
        if (isStatus(name, property))
          for (const value of property.enum ?? [])
            expect(toneOf(name, property, value), `${entity.$id}.${name} = ${String(value)}`).toBeDefined();
  });
});

describe('the header', () => {
  it('titles a record by x-resource.title, else by the label references show it by', () => {
    expect(titleProperty(refund, entities, 'en')).toBe('document_no');
    expect(titleProperty(transaction, entities, 'en')).toBe('reference_no');
    expect(titleProperty(entitySchemas.category, entities, 'ar')).toBe('name_ar');
    const lonely: EntitySchema = {
      ...refund,
      $id: 'lonely',
      'x-resource': { ...refund['x-resource'], title: undefined },
    };
    expect(titleProperty(lonely, entities, 'en')).toBeUndefined();
  });

  it('shows the status and the key figure the schema names', () => {
    expect(statusProperty(transaction)).toBe('status');
    expect(statusProperty(entitySchemas.tenant)).toBe('tenant_status');
    expect(transaction['x-resource'].figure).toBe('amount');
  });
});

describe('sections', () => {
  it('follow x-resource.layout, the fields it leaves out first under Details', () => {
    const names = Object.keys(transaction.properties);
    const sections = recordSections(transaction, names);
    expect(sections[0]).toEqual({ name: DETAILS_SECTION, fields: ['id'] });
    expect(sections.map(({ name }) => name)).toEqual([
      DETAILS_SECTION,
      ...Object.keys(transaction['x-resource'].layout ?? {}),
    ]);
    expect(sections.flatMap(({ fields }) => fields).sort()).toEqual([...names].sort());
  });

  it('leave out fields not shown and sections left empty', () => {
    const sections = recordSections(transaction, ['amount', 'status']);
    expect(sections).toEqual([
      { name: 'amounts', fields: ['amount'] },
      { name: 'payment', fields: ['status'] },
    ]);
    expect(recordSections(capture, ['id', 'amount'])).toEqual([
      { name: DETAILS_SECTION, fields: ['id'] },
      { name: 'amounts', fields: ['amount'] },
    ]);
  });

  it('are titled in both languages', () => {
    const names = new Set([
      DETAILS_SECTION,
      ...entities.flatMap((entity) => Object.keys(entity['x-resource'].layout ?? {})),
    ]);
    for (const name of names)
      for (const catalogue of [en, ar])
        expect(lookup(catalogue, `app.record.groups.${name}`), name).toBeTypeOf('string');
  });
});

describe('the fields a page shows', () => {
  const shown = (entity: EntitySchema) => shownOnPage(entity).map(([name]) => name);

  it('leave out internal ids and technical values unless the schema says otherwise', () => {
    expect(isTechnical('id', invoice.properties.id)).toBe(true);
    expect(isTechnical('id', { type: 'integer', 'x-ui': { technical: false } })).toBe(false);
    expect(shown(invoice)).not.toContain('id');
    expect(shown(merchant)).not.toContain('seq_id');
    expect(shown(employee)).not.toContain('user_id');
    expect(shown(merchant)).toContain('reference_number');
  });

  it("show the merchant's keys (to be revealed), but no other write-only value", () => {
    expect(shown(merchant)).toEqual(expect.arrayContaining(['access_code', 'iv_key', 'secret_key']));
    expect(shown(employee)).not.toContain('password');
  });

  it('put every field of the main records in a named section, none left in one long Details', () => {
    for (const entity of [
      invoice,
      transaction,
      refund,
      capture,
      tenant,
      sale_order,
      product,
      sale_list,
      employee,
      compliance,
      subscription,
      payment_transfer,
    ]) {
      const sections = recordSections(entity, shown(entity));
      expect(
        sections.map(({ name }) => name),
        entity.$id,
      ).not.toContain(DETAILS_SECTION);
      expect(sections.length, entity.$id).toBeGreaterThan(2);
    }
  });

  it('name countries by a hint, which the meta-schema and the check know', () => {
    expect(merchant.properties.country['x-ui']?.country).toBe(true);
    expect(compliance.properties.nationality['x-ui']?.country).toBe(true);
  });

  it('label every result code of a transaction in both languages', () => {
    for (const value of transaction.properties.result_code.enum ?? [])
      for (const catalogue of [en, ar])
        expect(lookup(catalogue, `resources.transaction.enums.result_code.${String(value)}`), String(value)).toBeTypeOf(
          'string',
        );
  });
});

describe('the timeline', () => {
  it('reads the change history of an entity that keeps one, and the activity log of an entity it lists', () => {
    expect(timelineSources(tenant, entities)).toEqual({ history: true, activity: false });
    expect(timelineSources(invoice, entities)).toEqual({ history: false, activity: true });
    expect(timelineSources(sale_order, entities)).toEqual({ history: true, activity: false });
    expect(timelineSources(sale_list, entities)).toEqual({ history: false, activity: false });
  });

  it('is titled in both languages', () => {
    for (const key of ['title', 'created', 'changed', 'by', 'empty', 'unavailable'])
      for (const catalogue of [en, ar])
        expect(lookup(catalogue, `app.record.timeline.${key}`), key).toBeTypeOf('string');
  });
});

describe('related records', () => {
  it('of an invoice are its payments, the transactions holding its reference, titled in both languages', () => {
    const [payments] = relatedOf(invoice, entities);
    expect(payments).toMatchObject({ name: 'payments', column: 'invoice_reference', key: 'reference_no' });
    expect(payments.source.$id).toBe('transaction');
    for (const catalogue of [en, ar]) expect(lookup(catalogue, 'app.record.related.payments')).toBeTypeOf('string');
  });

  it('of a tenant are its rent invoices and deposits; of a sale list, its orders', () => {
    expect(relatedOf(tenant, entities).map(({ source }) => source.$id)).toEqual(
      expect.arrayContaining(['rent_invoice', 'deposit']),
    );
    expect(relatedOf(sale_list, entities).map(({ source }) => source.$id)).toContain('sale_order');
  });

  it('of a transaction are its refunds and captures, by their transaction_id', () => {
    expect(relatedOf(transaction, entities).map(({ source, column }) => `${source.$id}.${column}`)).toEqual([
      'refund.transaction_id',
      'capture.transaction_id',
    ]);
  });

  it('leave out arrays of references and entities that cannot be listed', () => {
    expect(relatedOf(unit, entities).map(({ source }) => source.$id)).toEqual(
      expect.arrayContaining(['tenant', 'contract', 'rent_invoice']),
    );
    const unlisted = { ...refund, 'x-resource': { ...refund['x-resource'], operations: ['show' as const] } };
    expect(relatedOf(transaction, [unlisted, capture]).map(({ source }) => source.$id)).toEqual(['capture']);
  });
});

describe('creates from a record', () => {
  const record = { id: 7, status: 'success', amount: '10.000', pending_amount: '8.500' };

  it('offer a refund of a successful transaction, prefilled with what can still be refunded', () => {
    expect(offeredCreates(transaction, record)).toEqual([
      { name: 'refund', entity: 'refund', values: { transaction_id: 7, refund_amount: '8.500' } },
    ]);
  });

  it('offer a capture of an authorized transaction only', () => {
    expect(offeredCreates(transaction, { ...record, status: 'authorized' })).toEqual([
      { name: 'capture', entity: 'capture', values: { transaction_id: 7, amount: '8.500' } },
    ]);
    expect(offeredCreates(transaction, { ...record, status: 'failed' })).toEqual([]);
    expect(offeredCreates(refund, { id: 1, status: 'pending' })).toEqual([]);
  });

  it('leave out values the record lacks, and are labelled in both languages', () => {
    expect(offeredCreates(transaction, { id: 7, status: 'success' })[0].values).toEqual({ transaction_id: 7 });
    for (const entity of entities)
      for (const name of Object.keys(entity['x-resource'].creates ?? {}))
        for (const catalogue of [en, ar])
          expect(lookup(catalogue, `resources.${entity.$id}.actions.${name}`), name).toBeTypeOf('string');
  });
});
