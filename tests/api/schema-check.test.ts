import { describe, expect, it } from 'vitest';
import { productWith } from '../../src/schema/check/testSchemas';
import { buildApp } from '../../src/server/app';

/**
 * The server does not start on schemas that break the vocabulary or name what does not exist:
 * it says which file and which key, before it opens a database.
 */

const start = (entities: ReturnType<typeof productWith>) =>
  buildApp({ entities, database: { dataDir: null }, seed: false, outboxIntervalMs: 0 });

describe('the server start', () => {
  it('fails on a misspelled x- key, with the file and the pointer', async () => {
    await expect(start(productWith('invoice', '/x-resource/permision', 'invoices'))).rejects.toThrow(
      'schemas/invoice.json#/x-resource/permision: unknown key "permision" in x-resource',
    );
  });

  it('fails on a keyword where it means nothing', async () => {
    await expect(start(productWith('refund', '/properties/refund_amount/x-list', { columns: [] }))).rejects.toThrow(
      'schemas/refund.json#/properties/refund_amount/x-list: "x-list" may not stand on a property; it belongs on the schema',
    );
  });

  it('fails on a permission no employee can hold', async () => {
    await expect(start(productWith('invoice', '/x-resource/permission', 'invoice'))).rejects.toThrow(
      `schemas/invoice.json#/x-resource/permission: "invoice" is not a value of employee's permissions.general`,
    );
  });
});
