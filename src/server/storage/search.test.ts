import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../schema/registry';
import { searchIndexes } from './search';

describe('the search indexes', () => {
  it('finds figures by an index of each entity searched everywhere that has one', () => {
    expect(searchIndexes(entitySchemas.invoice)).toEqual([
      'create index if not exists "invoices_search_amount_idx" on "invoices" (merchant_id, "amount")',
    ]);
    expect(searchIndexes(entitySchemas.customer)).toEqual([]);
    expect(searchIndexes(entitySchemas.product)).toEqual([]);
  });
});
