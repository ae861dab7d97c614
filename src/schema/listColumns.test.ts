import { describe, expect, it } from 'vitest';
import { registryProblems } from './check/checkRegistry';
import { productWith, reported } from './check/testSchemas';
import { columnPriority, columnsUpTo, hasTotals, moneyColumns, rowTitleColumn } from './listColumns';
import { entitySchemas } from './registry';
import type { EntitySchema } from './types';
import { VOCABULARY } from './vocabulary';

/**
 * Column priorities (`x-list.priority`): which columns a narrow screen keeps and which fold into
 * the row's detail, and the money columns a report's totals sum.
 */

const problems = (id: string, pointer: string, value: unknown) =>
  reported(registryProblems(productWith(id, pointer, value)));

const withPriority = (entity: EntitySchema, priority: Record<string, 1 | 2 | 3>): EntitySchema => ({
  ...entity,
  'x-list': { ...entity['x-list'], priority },
});

describe('column priorities', () => {
  const { invoice, transaction } = entitySchemas;

  it('keeps the title, the key figure and the status on a phone when the schema says nothing', () => {
    const bare = withPriority(transaction, {});
    expect(columnPriority(bare, transaction['x-resource'].figure ?? '')).toBe(1);
    expect(columnPriority(bare, 'status')).toBe(1);
    expect(columnPriority(bare, 'customer_name')).toBe(2);
  });

  it('follows the priority the schema declares', () => {
    const entity = withPriority(transaction, { status: 3, payment_method: 1 });
    expect(columnPriority(entity, 'status')).toBe(3);
    expect(columnPriority(entity, 'payment_method')).toBe(1);
    expect(columnsUpTo(entity, ['created_at', 'payment_method', 'status'], 1)).toEqual(['payment_method']);
  });

  it('gives the invoice list a phone row of its reference, amount and status', () => {
    expect(columnsUpTo(invoice, invoice['x-list'].columns, 1)).toEqual(['reference_no', 'amount', 'status']);
    expect(rowTitleColumn(invoice, invoice['x-list'].columns)).toBe('reference_no');
  });

  it('folds the invoice list at a laptop width to what fits its card', () => {
    expect(columnsUpTo(invoice, invoice['x-list'].columns, 2).length).toBeLessThanOrEqual(6);
  });
});

describe('money columns', () => {
  it('are the kwd columns of the list or of its view', () => {
    expect(moneyColumns(entitySchemas.invoice)).toEqual(['amount']);
    expect(moneyColumns(entitySchemas.customer)).toEqual(
      entitySchemas.customer['x-list'].columns.filter(
        (name) => entitySchemas.customer.properties[name]?.format === 'kwd',
      ),
    );
    expect(hasTotals(entitySchemas.transaction)).toBe(true);
    expect(hasTotals(entitySchemas.faq)).toBe(false);
    // A price list sums nothing worth reading.
    expect(hasTotals(entitySchemas.product)).toBe(false);
  });
});

describe('the meta-schema knows x-list.priority', () => {
  it('describes it', () => {
    const list = VOCABULARY.$defs.XList as { properties: Record<string, { description?: string }> };
    expect(list.properties.priority.description).toMatch(/narrow/);
  });

  it('refuses a priority other than 1, 2 or 3', () => {
    expect(problems('invoice', '/x-list/priority/amount', 4)).toEqual([
      'schemas/invoice.json#/x-list/priority/amount: must be 1 | 2 | 3',
    ]);
  });

  it('refuses a priority of a column no list of the entity shows', () => {
    expect(problems('invoice', '/x-list/priority/discount_amount', 3)).toEqual([
      'schemas/invoice.json#/x-list/priority/discount_amount: "discount_amount" is not a column of the invoice list',
    ]);
  });
});
