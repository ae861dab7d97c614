import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMonths } from '../../src/schema/calendar';
import { buildApp } from '../../src/server/app';
import type { Queryable } from '../../src/server/db/database';
import { createMerchant } from '../../src/server/merchants/merchants';
import { allServices } from '../../src/server/merchants/services';
import { kuwaitDayStart, kuwaitToday } from '../../src/server/payments/kuwait-time';
import { issueDueRent } from '../../src/server/rentals/rent-schedule';
import { storeOf } from '../../src/server/storage/entity-stores';
import { freshSchema } from './data';
import type { BenchTarget, Figure } from './figures';

/**
 * RENT ISSUING — one month's rent invoices for 10,000 tenants, by the scheduler's own rent step
 * (`issueDueRent`). A database of its own (an embedded folder, or the PostgreSQL schema
 * `bench_rent`) holds one merchant with 100 buildings of 100 rented units, each let to an active
 * tenant on a running monthly contract (sending days 1 to 28, a quarter of the units discounted,
 * a third of the tenants in Arabic, a quarter with an e-mail address), written by set-based SQL.
 * One pass on the 28th of the month issues every tenant's invoice, queues its SMS (and e-mail) and
 * sets the tenants' standing; it is timed and judged (≤ 10 s on PostgreSQL, ≤ 30 s on PGlite),
 * then checked: one invoice per tenant at the unit's rent less its discount, one SMS each, the
 * change history's row of each, and a second pass, timed too, that issues nothing.
 */

type Database = BenchTarget['database'];

const TENANTS = 10_000;
const PER_ASSET = 100;
const BUDGET_SECONDS: Record<Database, number> = { postgresql: 10, pglite: 30 };
const SCHEMA = 'bench_rent';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** The merchant's property at scale: buildings, rented units, tenants and their running contracts. */
async function fill(q: Queryable, tables: Record<string, string>, merchantId: number, start: string): Promise<void> {
  const [{ id: assetCategory }] = await q.query<{ id: number }>(
    `insert into ${tables.asset_category} (merchant_id, name, name_ar, status) values ($1::integer, 'Buildings', 'مباني', 'active')
     returning id`,
    [merchantId],
  );
  const [{ id: unitCategory }] = await q.query<{ id: number }>(
    `insert into ${tables.unit_category} (merchant_id, name, name_ar) values ($1::integer, 'Flat', 'شقة') returning id`,
    [merchantId],
  );
  await q.query(
    `insert into ${tables.asset} (merchant_id, name, category_id, classification, number_of_units, remaining_units)
     select $1::integer, 'Bench tower ' || g, $2::integer, 'residential', ${PER_ASSET}, 0
     from generate_series(1, $3::integer) g`,
    [merchantId, assetCategory, TENANTS / PER_ASSET],
  );
  await q.query(
    `insert into ${tables.unit} (merchant_id, name, number, asset_id, category_id, rent_amount, discount_status,
       discount_amount, status, rental_status)
     select $1::integer, 'Flat ' || g, g::text, a.id, $2::integer, (250 + g % 300)::numeric + 0.125, g % 4 = 0,
            case when g % 4 = 0 then 15.5 end, 'active', 'rented'
     from generate_series(1, $3::integer) g
     join lateral (select id from ${tables.asset} where merchant_id = $1::integer
                   order by id offset (g - 1) / ${PER_ASSET} limit 1) a on true`,
    [merchantId, unitCategory, TENANTS],
  );
  const end = addMonths(start, 24);
  await q.query(
    `insert into ${tables.tenant} (merchant_id, name, mobile, email, language, unit_id, contract_start, contract_end,
       rent_period, invoice_sending_day, tenant_status, payment_status, pay_token)
     select $1::integer, 'Bench tenant ' || u.number, '9655' || lpad(u.number, 7, '0'),
            case when u.number::integer % 4 = 0 then 'tenant' || u.number || '@bench.example' end,
            case when u.number::integer % 3 = 0 then 'ar' else 'en' end,
            u.id, $2::date, $3::date, 'monthly', 1 + u.number::integer % 28, 'active', 'unpaid',
            rtrim(translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')
     from ${tables.unit} u where u.merchant_id = $1::integer`,
    [merchantId, start, end],
  );
  await q.query(
    `insert into ${tables.contract} (merchant_id, tenant_id, unit_id, start_date, end_date, rent_amount, status)
     select t.merchant_id, t.id, t.unit_id, t.contract_start, t.contract_end, u.rent_amount, 'active'
     from ${tables.tenant} t join ${tables.unit} u on u.id = t.unit_id
     where t.merchant_id = $1::integer`,
    [merchantId],
  );
  for (const table of Object.values(tables)) await q.query(`analyze ${table}`);
}

/** Throws unless every tenant has one invoice at its unit's net rent, one SMS, its standing owing it, and a history row. */
async function check(q: Queryable, tables: Record<string, string>, merchantId: number): Promise<void> {
  const [figures] = await q.query<{
    invoices: number;
    tenants: number;
    wrong: number;
    sms: number;
    owing: number;
    history: number;
  }>(
    `select count(*)::integer as invoices, count(distinct r.tenant_id)::integer as tenants,
            count(*) filter (where r.amount <> u.rent_amount - case when u.discount_status then u.discount_amount else 0 end)::integer as wrong,
            (select count(*) from outbox where merchant_id = $1::integer and channel = 'sms')::integer as sms,
            (select count(*) from ${tables.tenant} where merchant_id = $1::integer
               and payment_status in ('unpaid', 'overdue') and next_payment_date is not null)::integer as owing,
            (select count(*) from ${tables.change_history} where merchant_id = $1::integer
               and entity = 'rent_invoice')::integer as history
     from ${tables.rent_invoice} r join ${tables.unit} u on u.id = r.unit_id
     where r.merchant_id = $1::integer`,
    [merchantId],
  );
  const expected = { invoices: TENANTS, tenants: TENANTS, wrong: 0, sms: TENANTS, owing: TENANTS, history: TENANTS };
  if (JSON.stringify(figures) !== JSON.stringify(expected))
    throw new Error(`The rent pass left ${JSON.stringify(figures)}; expected ${JSON.stringify(expected)}`);
}

/** Where the section's data goes: a fresh embedded folder, or a fresh PostgreSQL schema. */
async function freshDatabase(database: Database, url: string | undefined) {
  if (database === 'pglite') {
    const dataDir = join(ROOT, 'bench', 'data', 'rent');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return { dataDir };
  }
  if (!url) throw new Error('The PostgreSQL rent bench needs a database URL');
  return freshSchema(url, SCHEMA);
}

/** Times one month's rent pass over 10,000 tenants on `database`, and the pass after it. */
export async function run(options: { database: Database; url?: string; log: (line: string) => void }) {
  const { database, log } = options;
  const app = await buildApp({
    database: await freshDatabase(database, options.url),
    seed: false,
    logger: false,
    outboxIntervalMs: 0,
    transport: { deliver: async () => {} },
  });
  try {
    const ctx = app.bawaba;
    const names = [
      'asset_category',
      'unit_category',
      'asset',
      'unit',
      'tenant',
      'contract',
      'rent_invoice',
      'change_history',
    ] as const;
    const tables = Object.fromEntries(names.map((name) => [name, storeOf(ctx, name).table]));
    const merchant = await createMerchant(ctx.db, {
      name: 'Bench Landlord',
      name_ar: 'مالك العقارات',
      services: allServices(true),
    });
    const month = `${kuwaitToday(new Date()).slice(0, 8)}01`;
    await fill(ctx.db, tables, merchant.id, addMonths(month, -1));
    const at = new Date(kuwaitDayStart(`${month.slice(0, 8)}28`).getTime() + 9 * 3_600_000);
    log(`rent: ${TENANTS} tenants filled on ${database}; issuing ${month.slice(0, 7)}`);

    const started = performance.now();
    const pass = await issueDueRent(ctx, at);
    const seconds = (performance.now() - started) / 1000;
    await check(ctx.db, tables, merchant.id);
    const again = performance.now();
    const second = await issueDueRent(ctx, at);
    const secondSeconds = (performance.now() - again) / 1000;
    log(`rent: ${pass.issued} invoices in ${seconds.toFixed(2)} s; the pass after issued ${second.issued}`);
    const figure = (name: string, value: number, unit: Figure['unit'], extra: Partial<Figure> = {}): Figure => ({
      section: 'rent',
      name,
      on: database,
      value,
      unit,
      ...extra,
    });
    return [
      figure('one month of rent, 10,000 tenants', round(seconds), 's', {
        budget: { kind: 'max', limit: BUDGET_SECONDS[database] },
        note: 'invoices issued, their SMS and e-mails queued, the tenants’ standing set, in batches of 500',
      }),
      figure('rent invoices issued', pass.issued, 'count', { budget: { kind: 'exact', limit: TENANTS } }),
      figure('the pass after it', round(secondSeconds), 's', {
        note: `issued ${second.issued}: every tenant is invoiced`,
      }),
      figure('rent invoices issued again', second.issued, 'count', { budget: { kind: 'exact', limit: 0 } }),
    ];
  } finally {
    await app.close();
  }
}
