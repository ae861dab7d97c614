import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOf } from '../../src/schema/calendar';
import type { ServerContext } from '../../src/server/context';
import type { Row } from '../../src/server/db/database';
import { ValidationFailed } from '../../src/server/kernel/validation';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The demo data is data an API could have written: every seeded record of every entity, read back
 * as the API reads it, is valid against the entity's record schema (`<entity>.record`), checked as
 * of its creation, when its write was made. Own records (a merchant's profile, its settings) too.
 */

/** One record that is not valid, and why. */
interface Refusal {
  entity: string;
  id: unknown;
  problems: string[];
}

/** The instant a record was written: its `created_at`, else now. */
const writtenAt = (record: Row) => (typeof record.created_at === 'string' ? new Date(record.created_at) : new Date());

function refusalOf(ctx: ServerContext, entity: string, record: Row): Refusal | null {
  try {
    asOf(writtenAt(record), () => ctx.validator.check(`${entity}.record`, record));
    return null;
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    const problems = error.errors.map((problem) => `${problem.instancePath} ${problem.message ?? ''}`);
    return { entity, id: record.id, problems };
  }
}

/** Every stored record of every entity, read by its store, as the API answers it; by entity. */
async function storedRecords(ctx: ServerContext): Promise<Map<string, Row[]>> {
  const records = new Map<string, Row[]>();
  for (const entity of ctx.entities) {
    const store = ctx.stores.get(entity.$id);
    if (!store) continue;
    const owners = await ctx.db.query<{ merchant_id: number }>(
      `select distinct merchant_id from ${store.table} order by merchant_id`,
    );
    const rows: Row[] = [];
    for (const { merchant_id } of owners) {
      for (let start = 0; ; start += 500) {
        const page = await store.page(ctx.db, merchant_id, {
          filter: {},
          sort: ['id', 'ASC'],
          range: [start, start + 499],
        });
        rows.push(...page);
        if (page.length < 500) break;
      }
    }
    for (const own of entity['x-resource'].own ? await ctx.db.query<{ id: number }>('select id from merchants') : []) {
      rows.push(await ctx.own.read(ctx.db, entity, own.id));
    }
    records.set(entity.$id, rows);
  }
  return records;
}

describe.each(DRIVERS)('demo data (%s)', (driver) => {
  let server: TestServer;
  let ctx: ServerContext;

  beforeAll(async () => {
    server = await startServer(driver);
    ctx = server.app.bawaba;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds only records valid against their entity’s record schema', async () => {
    const records = await storedRecords(ctx);
    const refused = [...records].flatMap(([entity, rows]) => rows.flatMap((row) => refusalOf(ctx, entity, row) ?? []));
    expect(refused).toEqual([]);
    // Every part of the demo was read: the checks above looked at records of these.
    const seeded = [...records].filter(([, rows]) => rows.length > 0).map(([entity]) => entity);
    expect(seeded).toEqual(expect.arrayContaining(['invoice', 'transaction', 'asset', 'unit', 'tenant', 'merchant']));
    expect([...records.values()].reduce((total, rows) => total + rows.length, 0)).toBeGreaterThan(900);
  });

  it('finds a record no API write could have made', async () => {
    const invoices = ctx.stores.get('invoice');
    if (!invoices) throw new Error('invoices are not served');
    const [{ id, merchant_id }] = await ctx.db.query<{ id: number; merchant_id: number }>(
      `update ${invoices.table} set status = 'lost' where id = (select min(id) from ${invoices.table}) returning id, merchant_id`,
    );
    const invoice = await invoices.get(ctx.db, merchant_id, id);
    if (!invoice) throw new Error(`invoice ${id} is gone`);
    expect(refusalOf(ctx, 'invoice', invoice)).toMatchObject({
      entity: 'invoice',
      id,
      problems: ['/status must be equal to one of the allowed values'],
    });
  });
});
