import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTypes } from '../../scripts/generate-types';
import { buildApp } from '../../src/server/app';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import { ADDED_FIELD, entitiesWithAddedField, invoiceWithAddedField } from '../support/extended-schema';
import { ACCOUNTS, Client, totalOf } from './helpers/client';

/**
 * A field added to a schema, and nothing else, is typed, stored (in a database created before the
 * field existed, with no migration written), validated by the API in both languages, filterable
 * and documented. `src/portal/low-code.test.tsx` proves the portal half: form, column and filter.
 */

const invoice = {
  customer_name: 'Loyal Customer',
  mobile: '96551234567',
  amount: '12.500',
  payment_methods: ['card'],
};

describe('a field added to the invoice schema', () => {
  let dataDir: string;
  let client: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bawaba-low-code-'));
    const options = { publicUrl: 'https://pay.example.test', transport: memoryTransport(), outboxIntervalMs: 0 };
    // The database is created and seeded with the schemas as they are today…
    const before = await buildApp({ ...options, database: { dataDir: join(dataDir, 'db') }, uploadsDir: dataDir });
    await before.close();
    // …then the server starts again on it with the field added.
    const after = await buildApp({
      ...options,
      database: { dataDir: join(dataDir, 'db') },
      uploadsDir: dataDir,
      entities: entitiesWithAddedField(),
    });
    await after.ready();
    client = await Client.signIn(after, ACCOUNTS.merchant);
    close = () => after.close();
  });

  afterAll(async () => {
    await close?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('appears in the generated type', async () => {
    const files = await generateTypes({ invoice: invoiceWithAddedField() });
    expect(files.get('invoice.ts')).toMatch(/loyalty_tier\?: 'silver' \| 'gold';/);
  });

  it('gets a column in the existing table', async () => {
    const columns = await client.app.bawaba.db.query(
      `select data_type from information_schema.columns where table_name = 'invoices' and column_name = $1`,
      [ADDED_FIELD],
    );
    expect(columns).toEqual([{ data_type: 'text' }]);
  });

  it('is validated by the API, with the message in the caller’s language', async () => {
    const english = await client.post('/v1/invoice', { ...invoice, [ADDED_FIELD]: 'platinum' });
    expect(english.statusCode).toBe(400);
    expect(english.json().errors[ADDED_FIELD]).toBe('Choose one of the listed values');

    const arabic = await client.post('/v1/invoice', { ...invoice, [ADDED_FIELD]: 'platinum' }, { locale: 'ar' });
    expect(arabic.json().errors[ADDED_FIELD]).toBe('اختر إحدى القيم المتاحة');
  });

  it('is stored, returned and filterable', async () => {
    const created = await client.post('/v1/invoice', { ...invoice, [ADDED_FIELD]: 'gold' });
    expect(created.statusCode).toBe(201);
    expect(created.json()[ADDED_FIELD]).toBe('gold');

    const stored = await client.get(`/v1/invoice/${created.json().id}`);
    expect(stored.json()[ADDED_FIELD]).toBe('gold');

    const gold = await client.list('/v1/invoice', { filter: { [ADDED_FIELD]: 'gold' } });
    expect(totalOf(gold)).toBe(1);
    expect(gold.json().map((row: { id: number }) => row.id)).toEqual([created.json().id]);

    const silver = await client.list('/v1/invoice', { filter: { [ADDED_FIELD]: 'silver' } });
    expect(totalOf(silver)).toBe(0);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await client.get('/v1/openapi.json')).json();
    expect(document.components.schemas['invoice.create'].properties[ADDED_FIELD]).toMatchObject({
      enum: ['silver', 'gold'],
    });
    expect(document.components.schemas['invoice.record'].properties).toHaveProperty(ADDED_FIELD);
  });
});
