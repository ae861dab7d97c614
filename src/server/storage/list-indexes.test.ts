import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../schema/registry';
import { listIndexes, replacedIndexes } from './list-indexes';
import { searchText } from './list-query';

describe('indexes derived from x-list', () => {
  const transaction = entitySchemas.transaction;
  const statements = listIndexes(transaction, 'public.gin_trgm_ops');

  it('follows the default sort, alone and after each equality filter', () => {
    const order = '"created_at" desc nulls last, id desc';
    expect(statements).toContain(
      `create index if not exists "transactions_list_by_created_at_desc_idx" on "transactions" (merchant_id, ${order})`,
    );
    for (const filter of ['status', 'payment_method', 'channel']) {
      expect(statements).toContain(
        `create index if not exists "transactions_list_${filter}_idx" on "transactions" (merchant_id, "${filter}", ${order})`,
      );
    }
  });

  it('covers the free-text search with one trigram index, only where the database has trigrams', () => {
    const text = searchText(transaction);
    expect(text).toContain(`coalesce("reference_no", '')`);
    expect(
      statements.filter((statement) => statement.includes(`using gin (${text} public.gin_trgm_ops)`)),
    ).toHaveLength(1);
    expect(listIndexes(transaction, null).some((statement) => statement.includes('gin'))).toBe(false);
  });

  it('replaces the indexes of one column each made before', () => {
    expect(replacedIndexes(transaction)).toContain('transactions_merchant_status_idx');
  });
});
