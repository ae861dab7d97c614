import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { getEntitySchema } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { collectionPath } from '../../src/server/routes/paths';
import { flattenCatalogue, type Catalogue } from '../../src/shared/i18n';
import { badRecord, caseFiles, isArabic, titleOf, withSetupIds, type DemoTransactionIds } from '../rules/suite';
import type { RuleCase } from '../rules/types';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * Every rule case against the API, signed in as the demo merchant: the valid record is accepted,
 * the bad one refused with the case's message under its field in English and in Arabic, and the
 * refused writes leave the entity's table (and its children's) as they were.
 */

const english = flattenCatalogue(en as Catalogue);
const arabic = flattenCatalogue(ar as Catalogue);

/** A catalogue text as a pattern: its placeholders match any value, each plural form on its own. */
const patternsOf = (text: string) =>
  text.split('||||').map((form) => {
    const parts = form.trim().split(/%\{\w+\}/);
    return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
  });

/** Arabic texts of every catalogue key whose English text reads `message` (placeholders filled). */
function arabicOf(message: string): RegExp[] {
  return [...english]
    .filter(([, text]) => patternsOf(text).some((pattern) => pattern.test(message)))
    .flatMap(([key]) => patternsOf(arabic.get(key) ?? ''));
}

/** A field error of an answer: its `errors` name fields by dotted path. */
const fieldError = (response: LightMyRequestResponse, field: string): unknown =>
  (response.json() as { errors?: Record<string, unknown> }).errors?.[field];

/** Where a record of the entity is written: its collection, or the merchant's own record. */
function writeOf(entity: EntitySchema): { method: 'POST' | 'PUT'; url: string; status: number } {
  const { operations, own } = entity['x-resource'];
  if (!operations || operations.includes('create'))
    return { method: 'POST', url: `/v1${collectionPath(entity)}`, status: 201 };
  if (own) return { method: 'PUT', url: `/v1${own.endpoint}`, status: 200 };
  throw new Error(`${entity.$id} offers no create: a rule case cannot write one`);
}

describe.each(DRIVERS)('rules of SPEC §5 in the API (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let demo: DemoTransactionIds;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    // The demo merchant's transactions as seeded, before any case refunds or captures one.
    const rows = await server.app.bawaba.db.query<{ id: number; status: string; amount: string }>(
      `select id, status, amount::text as amount from transactions where merchant_id = $1::integer order by id`,
      [await merchantIdOf(server, ACCOUNTS.merchant.email)],
    );
    demo = (status, amount) => {
      const found = rows.find((row) => row.status === status && row.amount === amount);
      if (!found) throw new Error(`The demo has no ${status} transaction of ${amount} KWD`);
      return found.id;
    };
  });
  afterAll(() => server?.close());

  /** Writes a record as the portal does (encrypted when the entity says so). */
  async function write(entity: EntitySchema, record: Record<string, unknown>, locale: 'en' | 'ar' = 'en') {
    const { method, url } = writeOf(entity);
    const body = entity['x-resource'].encrypted ? { data: await merchant.encrypt(record) } : record;
    return merchant.request(method, url, { body, locale });
  }

  /** What a refused write must leave unchanged: the rows of the entity and of its children, or the own record. */
  async function stored(entity: EntitySchema): Promise<unknown> {
    const own = entity['x-resource'].own;
    if (writeOf(entity).method === 'PUT' && own) return (await merchant.get(`/v1${own.endpoint}`)).json();
    const children = Object.values(entity.properties).flatMap((property) => {
      const child = (property['x-children'] as { entity?: string } | undefined)?.entity;
      return child ? [getEntitySchema(child)] : [];
    });
    const counts: Record<string, number> = {};
    for (const table of [entity, ...children].map((schema) => schema['x-resource'].table)) {
      const [row] = await server.app.bawaba.db.query<{ count: number }>(
        `select count(*)::integer as count from "${table}"`,
      );
      counts[table] = row.count;
    }
    return counts;
  }

  describe.each(caseFiles)('$area', ({ cases }) => {
    it.each(cases.map((rule) => [titleOf(rule), rule] as const))('%s', async (_title, rule: RuleCase) => {
      const entity = getEntitySchema(rule.entity);
      const ids: unknown[] = [];
      for (const [index, setup] of (rule.setup ?? []).entries()) {
        const response = await write(getEntitySchema(setup.entity), withSetupIds(setup.values, ids, demo));
        expect(response.statusCode, `setup ${index} (${setup.entity}): ${response.body}`).toBe(
          writeOf(getEntitySchema(setup.entity)).status,
        );
        ids.push(response.json().id);
      }
      const valid = withSetupIds(rule.valid, ids, demo);
      const accepted = await write(entity, valid);
      expect(accepted.statusCode, `the valid record: ${accepted.body}`).toBe(writeOf(entity).status);

      const bad = badRecord(valid, withSetupIds(rule.bad, ids, demo));
      const before = await stored(entity);
      const refused = await write(entity, bad);
      expect(refused.statusCode, refused.body).toBe(rule.status ?? 400);
      expect(fieldError(refused, rule.field), refused.body).toBe(rule.message);

      const inArabic = await write(entity, bad, 'ar');
      expect(inArabic.statusCode).toBe(rule.status ?? 400);
      const message = fieldError(inArabic, rule.field);
      expect(isArabic(message), `Arabic message: ${inArabic.body}`).toBe(true);
      expect(
        arabicOf(rule.message).some((pattern) => pattern.test(String(message))),
        String(message),
      ).toBe(true);
      expect(await stored(entity), 'nothing written').toEqual(before);
    });
  });

  it('search text at least 3 characters: a shorter free-text filter is refused, in English and Arabic', async () => {
    const short = await merchant.list('/v1/products', { filter: { q: 'ca' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ q: 'Search text at least 3 characters' });
    const inArabic = await merchant.list('/v1/products', { filter: { q: 'ca' } }, { locale: 'ar' });
    expect(inArabic.statusCode).toBe(400);
    expect(inArabic.json().errors).toEqual({ q: 'نص البحث ثلاثة أحرف على الأقل' });
    expect((await merchant.list('/v1/products', { filter: { q: 'car' } })).statusCode).toBe(200);
  });

  it('Please fill all the required fields: the answer to a write missing a required field', async () => {
    const invoice = { mobile: '96550001234', amount: '1.000' };
    const response = await merchant.post('/v1/invoice', invoice);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please fill all the required fields',
      errors: { customer_name: 'This field is required' },
    });
    const inArabic = await merchant.post('/v1/invoice', invoice, { locale: 'ar' });
    expect(inArabic.json().message).toBe('يرجى تعبئة جميع الحقول المطلوبة');
  });
});
