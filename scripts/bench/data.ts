import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../../src/server/app';
import type { Queryable, Row } from '../../src/server/db/database';
import { NO_PAYMENT, paymentLines, paymentStateOf } from '../../src/server/ledger/payment-projection';
import { addStatementDaysOf, insertStatementLinesOf } from '../../src/server/ledger/statement-lines';
import { createMerchant } from '../../src/server/merchants/merchants';
import { DEMO_ACCOUNTS } from '../../src/server/seed/accounts';
import type { Figure } from './figures';

/**
 * Data at scale for the bench: the demo merchant gets 1,000,000 transactions, 200,000 invoices and
 * 50,000 customers over the last two years (times `BENCH_SCALE`), and four other merchants a tenth
 * as many rows between them, interleaved with its own as real traffic would be. Rows are made by
 * set-based SQL, batch by batch, from the row number alone, so every run fills the same data. The
 * transactions' ledger entries and daily sums are those the product's payment projection posts.
 */

export interface FilledData {
  figures: Figure[];
  account: { email: string; password: string };
  invoiceReference: string;
  /** One of its open sale lists of the store type, for the storefront's pages. */
  saleReference: string;
  /** One of its paid sale orders, for the receipt. */
  orderReference: string;
  /** how the server opens it */
  database: { dataDir: string } | { url: string; schema: string };
}

const ROOT = join(import.meta.dirname, '..', '..');
/** The PostgreSQL schema the bench fills (dropped first). */
export const BENCH_SCHEMA = 'bench';
/** Rows one INSERT … SELECT makes. */
const BATCH = 100_000;
/** Every eleventh row belongs to another merchant: they hold a tenth of the demo merchant's count. */
const OTHERS_EVERY = 11;
const OTHER_MERCHANTS = 4;
const SPAN_SECONDS = 730 * 86_400;

const BASE_COUNTS = { customers: 50_000, invoices: 200_000, transactions: 1_000_000 } as const;
type Table = keyof typeof BASE_COUNTS;

const FIRST = [
  ['Fahad', 'فهد'],
  ['Noura', 'نورة'],
  ['Abdullah', 'عبدالله'],
  ['Hessa', 'حصة'],
  ['Mohammed', 'محمد'],
  ['Dalal', 'دلال'],
  ['Bader', 'بدر'],
  ['Sheikha', 'شيخة'],
  ['Yousef', 'يوسف'],
  ['Munira', 'منيرة'],
  ['Khaled', 'خالد'],
  ['Layla', 'ليلى'],
  ['Hamad', 'حمد'],
  ['Anwar', 'أنوار'],
  ['Jassim', 'جاسم'],
  ['Maryam', 'مريم'],
] as const;
const LAST = [
  ['Al-Mutairi', 'المطيري'],
  ['Al-Enezi', 'العنزي'],
  ['Al-Kharafi', 'الخرافي'],
  ['Al-Shatti', 'الشطي'],
  ['Al-Hajri', 'الهاجري'],
  ['Al-Sabah', 'الصباح'],
  ['Al-Qattan', 'القطان'],
  ['Al-Bassam', 'البسام'],
  ['Al-Failakawi', 'الفيلكاوي'],
  ['Al-Rashidi', 'الرشيدي'],
  ['Al-Ajmi', 'العجمي'],
  ['Al-Awadhi', 'العوضي'],
] as const;
const AREAS = ['Salmiya', 'Hawalli', 'Jabriya', 'Mangaf', 'Fahaheel', 'Kuwait City', 'Jahra', 'Rumaithiya'];

const round = (seconds: number) => Math.round(seconds * 10) / 10;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A pseudo-random integer in [0, mod) from the row number `n` and a salt: the same every run. */
const rnd = (salt: number, mod: number) => `((hashint8(n * 97 + ${salt})::bigint & 2147483647) % ${mod})`;
/** One of `items`, weighted by repetition, chosen by `rnd`. */
const pick = (salt: number, items: readonly string[]) =>
  `(array[${items.map(literal).join(', ')}])[1 + ${rnd(salt, items.length)}]`;
const digits = (salt: number, count: number) => `lpad(${rnd(salt, 10 ** Math.min(count, 9))}::text, ${count}, '0')`;
const mobile = (salt: number) => `'965' || ${pick(salt, ['5', '6', '9'])} || ${digits(salt + 1, 7)}`;
const english = (salt: number) =>
  `${pick(
    salt,
    FIRST.map(([en]) => en),
  )} || ' ' || ${pick(
    salt + 1,
    LAST.map(([en]) => en),
  )}`;
const arabic = (salt: number) =>
  `${pick(
    salt,
    FIRST.map(([, ar]) => ar),
  )} || ' ' || ${pick(
    salt + 1,
    LAST.map(([, ar]) => ar),
  )}`;
/** A name in English for two rows of three, in Arabic for the third. */
const anyName = (salt: number) => `case when ${rnd(salt + 9, 3)} = 0 then ${arabic(salt)} else ${english(salt)} end`;
/** Money in KWD: 1.000 to 450.999, fils included. */
const kwd = (salt: number) => `((1000 + ${rnd(salt, 450_000)}) / 1000.0)::numeric(15,3)`;

/**
 * The columns every table's rows share: the owner (every eleventh row another merchant's) and an
 * instant that grows with the row number over the last two years, a little jitter on top.
 */
function common(total: number): string {
  return `case when n % ${OTHERS_EVERY} = 0 then ids[1 + ((n / ${OTHERS_EVERY}) % ${OTHER_MERCHANTS})] else main end as merchant_id,
          now() - make_interval(secs => ${SPAN_SECONDS} * (${total} - n)::double precision / ${total} + ${rnd(77, 600)} + 60) as at`;
}

const INSERTS: Record<Table, (total: number) => string> = {
  customers: (total) => `
    insert into customers (merchant_id, name, name_ar, mobile, email, civil_id, address, total_paid, invoices_count,
                           created_at, updated_at)
    select merchant_id, ${english(11)}, ${arabic(11)}, ${mobile(13)},
           case when ${rnd(15, 3)} > 0 then lower(${pick(
             11,
             FIRST.map(([en]) => en),
           )}) || n || '@example.com' end,
           ${pick(16, ['2', '3'])} || ${digits(17, 11)},
           ${pick(18, AREAS)} || ', block ' || (1 + ${rnd(19, 12)}),
           ${kwd(20)} * ${rnd(21, 12)}, ${rnd(21, 12)}::integer, at, at
    from (select n, ${common(total)} from generate_series($1::bigint, $2::bigint) as n, others) as rows`,

  invoices: (total) => `
    insert into invoices (merchant_id, reference_no, payment_link, kind, invoice_number, title, customer_name, mobile,
                          email, amount, description, expiry_date, payment_methods, status, sms_status, visited_count,
                          paid_amount, delivery_city, delivery_address, created_at, updated_at)
    select merchant_id, reference, 'http://localhost:8080/smspay/' || reference, kind,
           case when n % 4 = 0 then 'PO-' || n end, title, name, phone,
           case when n % 3 = 0 then 'customer' || n || '@example.com' end, amount,
           case when n % 5 = 0 then 'Order of ' || title end, (at + interval '30 days')::date,
           (array['["card"]', '["card","apple_pay"]', '["card","apple_pay","google_pay"]'])[1 + n % 3]::jsonb,
           status, 'delivered', (n % 7)::integer,
           case when status = 'paid' then amount else 0 end,
           case when kind = 'delivery' then ${pick(33, ['hawalli', 'salmiya', 'jabriya', 'mangaf', 'jahra'])} end,
           case when kind = 'delivery' then 'Block ' || (1 + n % 12) || ', street ' || (1 + n % 40) end,
           at, at
    from (select n, at, merchant_id,
                 'INV-' || extract(year from at)::integer || '-' || lpad(s::text, greatest(6, length(s::text)), '0') as reference,
                 case when n % 10 = 0 then 'delivery' else 'quick' end as kind,
                 ${pick(31, ['Catering', 'Monthly subscription', 'Spare parts', 'Abaya order', 'Gift box', 'Tuition fees', 'Car service'])} as title,
                 ${anyName(34)} as name, ${mobile(36)} as phone, ${kwd(38)} as amount,
                 case when at > now() - interval '14 days' and ${rnd(39, 2)} = 0 then 'unpaid'
                      else ${pick(40, ['paid', 'paid', 'paid', 'paid', 'paid', 'unpaid', 'unpaid', 'expired', 'expired', 'cancelled'])} end as status
          from (select n, nextval('invoices_reference_no_seq') as s, ${common(total)}
                from generate_series($1::bigint, $2::bigint) as n, others) as numbered) as rows`,

  transactions: (total) => `
    insert into transactions (merchant_id, reference_no, token_no, payment_id, track_id, auth_code, result_code,
                              invoice_reference, customer_name, customer_mobile, channel, sub_merchant, payment_method,
                              card_last4, amount, admin_charge, commission, net_amount, pending_amount,
                              captured_amount, refunded_amount, status, created_at, updated_at)
    select merchant_id, '7' || lpad(s::text, 11, '0'), ${digits(51, 8)} || ${digits(52, 8)}, '1002026' || lpad(n::text, 9, '0'),
           'TRK' || lpad(n::text, 9, '0'),
           case when status not in ('failed', 'incomplete') then ${digits(53, 6)} end,
           case status when 'success' then 'CAPTURED' when 'refunded' then 'CAPTURED' when 'authorized' then 'APPROVED'
                       when 'pending' then 'PENDING' when 'incomplete' then 'INITIATED' else 'NOT CAPTURED' end,
           case when channel = 'payment_link' then 'INV-' || extract(year from at)::integer || '-' || lpad((1 + n % 200000)::text, 6, '0') end,
           ${anyName(54)}, ${mobile(56)}, channel,
           case when channel = 'multi_vendor' then ${pick(58, ['Salmiya Branch', 'فرع الجهراء', 'Avenues Kiosk'])} end,
           method, case when method = 'card' then ${digits(59, 4)} end,
           amount, case when settled then round(amount * rate, 3) else 0 end,
           case when settled and channel = 'multi_vendor' then round(amount * 0.05, 3) else 0 end,
           case when settled then amount - round(amount * rate, 3)
                                       - case when channel = 'multi_vendor' then round(amount * 0.05, 3) else 0 end
                else 0 end,
           case when status in ('success', 'authorized') then amount else 0 end,
           case when settled then amount else 0 end, case when status = 'refunded' then amount else 0 end,
           status, at, at + make_interval(mins => ${rnd(60, 4)}::integer)
    from (select *, status in ('success', 'refunded') as settled,
                 case method when 'card' then 0.0225 when 'cash' then 0 else 0.015 end as rate
          from (select n, at, merchant_id, nextval('payment_reference_seq') as s, ${kwd(61)} as amount,
                       ${pick(62, ['online', 'online', 'payment_link', 'payment_link', 'pos', 'multi_vendor'])} as channel,
                       ${pick(63, ['card', 'card', 'card', 'apple_pay', 'google_pay', 'cash'])} as method,
                       case when at > now() - interval '7 days' and n % 4 = 0 then 'incomplete'
                            else ${pick(64, [...Array<string>(12).fill('success'), 'failed', 'failed', 'authorized', 'pending', 'refunded', 'refunded', 'incomplete'])} end as status
                from (select n, ${common(total)} from generate_series($1::bigint, $2::bigint) as n, others) as timed) as drawn) as rows`,
};

/**
 * The ledger entries of the filled transactions with ids in (`$1`, `$2`] (the seed's own posted
 * theirs through the store): one posting per transaction, when it was made, of the lines the
 * payment projection (`ledger/payment-projection.ts`, `paymentLines` from no money to the row's)
 * gives its money columns — the payment taken into the merchant's balance (cash: into the cash
 * received), an authorisation's hold, the refund given back, the admin charge and the commission —
 * in that order, each line from one account to the other. `checkLedgerSample` holds a sample of
 * them to the projection itself.
 */
const LEDGER_ENTRIES = `
  insert into ledger_entries (merchant_id, at, day, event, account, amount_fils, transaction_id, created_at)
  select merchant_id, created_at, (created_at at time zone 'UTC')::date, l.event, l.account, l.amount, id, created_at
  from (select id, merchant_id, created_at, payment_method = 'cash' as cash,
               (captured_amount * 1000)::bigint as captured, (refunded_amount * 1000)::bigint as refunded,
               (case when status = 'authorized' then pending_amount * 1000 else 0 end)::bigint as held,
               (admin_charge * 1000)::bigint as fee, (commission * 1000)::bigint as commission
        from transactions where id > $1::bigint and id <= $2::bigint) as t
  cross join lateral (values
    (1, 'payment', case when cash then 'cash_payer' else 'payer' end, -captured, captured),
    (2, 'payment', case when cash then 'cash_received' else 'merchant_balance' end, captured, captured),
    (3, 'authorization', case when cash then 'cash_payer' else 'payer' end, -held, held),
    (4, 'authorization', 'authorizations', held, held),
    (5, 'refund', case when cash then 'cash_received' else 'merchant_balance' end, -refunded, refunded),
    (6, 'refund', case when cash then 'cash_payer' else 'payer' end, refunded, refunded),
    (7, 'fee', 'merchant_balance', -fee, fee),
    (8, 'fee', 'fees', fee, fee),
    (9, 'commission', 'merchant_balance', -commission, commission),
    (10, 'commission', 'commission', commission, commission)
  ) as l(n, event, account, amount, moved)
  where l.moved <> 0
  order by id, l.n`;

/**
 * The ledger's daily sums of those entries (transactions after id `$1`), as `ledger/post.ts` keeps
 * them with every posting: one row per merchant, day, account and event. The dashboard reads these.
 */
const LEDGER_DAILY = `
  insert into ledger_daily (merchant_id, day, account, event, amount_fils, entries)
  select merchant_id, day, account, event, sum(amount_fils)::bigint, count(*)::integer
  from ledger_entries where transaction_id > $1::integer
  group by merchant_id, day, account, event
  on conflict (merchant_id, day, account, event) do update
    set amount_fils = ledger_daily.amount_fils + excluded.amount_fils, entries = ledger_daily.entries + excluded.entries`;

/** The entries (and statement lines) of the filled transactions, after the seed's (`$1`). */
const FILLED_ENTRIES = 'transaction_id > $1::integer';
const STATEMENT_TABLES = ['ledger_statement_lines', 'ledger_statement_daily'];

/** Transactions of the fill whose entries are compared with the projection's lines. */
const SAMPLE = 500;

/**
 * Holds the entries of a sample of the filled transactions (after id `seeded`, every kind drawn)
 * to what the product's payment projection posts for the same rows: the same events, accounts and
 * amounts in the same order. Throws at the first difference.
 */
async function checkLedgerSample(q: Queryable, seeded: number): Promise<number> {
  const rows = await q.query<Row>(
    `select * from transactions where id > $1::integer order by hashint4(id) limit ${SAMPLE}`,
    [seeded],
  );
  for (const row of rows) {
    const expected = paymentLines(NO_PAYMENT, paymentStateOf(row)).map(
      (line) => `${line.event} ${line.account} ${line.amount}`,
    );
    const entries = await q.query<{ line: string }>(
      `select event || ' ' || account || ' ' || amount_fils as line from ledger_entries
       where transaction_id = $1::integer order by id`,
      [row.id],
    );
    const actual = entries.map((entry) => entry.line);
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new Error(
        `The bench's ledger entries of transaction ${String(row.id)} (${String(row.status)}) are ${actual.join(', ')}; the projection posts ${expected.join(', ')}`,
      );
  }
  return rows.length;
}

/** Where the fill goes: a fresh embedded folder, or a fresh schema of the PostgreSQL database. */
async function freshDatabase(
  database: 'pglite' | 'postgresql',
  url: string | undefined,
): Promise<FilledData['database']> {
  if (database === 'pglite') {
    const dataDir = join(ROOT, 'bench', 'data', 'pglite');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return { dataDir };
  }
  if (!url) throw new Error('The PostgreSQL bench needs a database URL');
  return freshSchema(url, BENCH_SCHEMA);
}

/** The PostgreSQL schema `schema` of `url` dropped, for a server to create afresh and migrate. */
export async function freshSchema(url: string, schema: string): Promise<{ url: string; schema: string }> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop schema if exists "${schema}" cascade`);
  } finally {
    await admin.end();
  }
  return { url, schema };
}

/** Makes the other merchants (no sign-in of their own) and a one-row table naming every owner. */
async function owners(q: Queryable, email: string): Promise<void> {
  const [main] = await q.query<{ merchant_id: number }>(
    `select merchant_id from login_identities where email = $1::text`,
    [email],
  );
  if (!main) throw new Error(`No merchant signs in as ${email}`);
  const ids: number[] = [];
  for (let i = 1; i <= OTHER_MERCHANTS; i++) {
    ids.push((await createMerchant(q, { name: `Bench Neighbour ${i}`, name_ar: `جار ${i}` })).id);
  }
  await q.query(`drop table if exists others`);
  await q.query(`create temporary table others as select $1::integer as main, $2::text::integer[] as ids`, [
    main.merchant_id,
    `{${ids.join(',')}}`,
  ]);
}

/**
 * Fills a fresh database (embedded folder, or PostgreSQL schema `bench`) through the server's own
 * start-up (migration and demo accounts), then with the scale rows; ANALYZE and VACUUM count in the
 * fill time. Returns how the server opens it and one unpaid invoice for the payer page.
 */
export async function fillScaleData(options: {
  database: 'pglite' | 'postgresql';
  url?: string;
  scale: number;
  log: (line: string) => void;
}): Promise<FilledData> {
  const { log } = options;
  const database = await freshDatabase(options.database, options.url);
  const on = options.database;
  const started = performance.now();
  const app = await buildApp({ database, outboxIntervalMs: 0, logger: false });
  const { db } = app.bawaba;
  const figures: Figure[] = [];
  try {
    log(`data: ${on} migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const account = { email: DEMO_ACCOUNTS.merchant.email, password: DEMO_ACCOUNTS.merchant.password };
    const [seeded] = await db.query<{ id: number }>(`select coalesce(max(id), 0)::integer as id from transactions`);
    const seededTransactions = seeded.id;
    // postgres.js pools connections and a temporary table lives in one: fill in one transaction.
    await db.transaction(async (tx) => {
      await owners(tx, account.email);
      for (const table of Object.keys(BASE_COUNTS) as Table[]) {
        const main = Math.max(10, Math.round((BASE_COUNTS[table] * options.scale) / 10) * 10);
        const total = main + main / 10;
        const tableStarted = performance.now();
        for (let first = 1; first <= total; first += BATCH) {
          await tx.query(INSERTS[table](total), [first, Math.min(total, first + BATCH - 1)]);
        }
        const seconds = (performance.now() - tableStarted) / 1000;
        log(`data: ${on} ${table}: ${total} rows (${main} the demo merchant's) in ${seconds.toFixed(1)} s`);
        figures.push(
          { section: 'data', name: `${table} fill`, on, value: round(seconds), unit: 's', note: `${total} rows` },
          { section: 'data', name: `${table} rows (the merchant's)`, on, value: main, unit: 'rows' },
        );
      }
    });
    const ledgerStarted = performance.now();
    const [filled] = await db.query<{ id: number }>(`select coalesce(max(id), 0)::integer as id from transactions`);
    for (let after = seededTransactions; after < filled.id; after += BATCH) {
      await db.query(LEDGER_ENTRIES, [after, Math.min(filled.id, after + BATCH)]);
    }
    const [posted] = await db.query<{ count: number }>(
      `select count(*)::integer as count from ledger_entries where transaction_id > $1::integer`,
      [seededTransactions],
    );
    await db.query(LEDGER_DAILY, [seededTransactions]);
    // The statement's lines and their days, as the posting writes them with the entries.
    await db.query(insertStatementLinesOf(FILLED_ENTRIES), [seededTransactions]);
    await db.query(addStatementDaysOf(FILLED_ENTRIES), [seededTransactions]);
    const ledgerSeconds = (performance.now() - ledgerStarted) / 1000;
    log(`data: ${on} ledger: ${posted.count} entries and their daily sums in ${ledgerSeconds.toFixed(1)} s`);
    figures.push({
      section: 'data',
      name: 'ledger entries and daily sums fill',
      on,
      value: round(ledgerSeconds),
      unit: 's',
      note: `${posted.count} entries`,
    });
    const sampled = await checkLedgerSample(db, seededTransactions);
    log(`data: ${on} ledger entries of ${sampled} sampled transactions are the payment projection's`);
    const maintenance = performance.now();
    for (const table of [...Object.keys(BASE_COUNTS), 'ledger_entries', 'ledger_daily', ...STATEMENT_TABLES])
      await db.query(`vacuum analyze ${table}`);
    log(`data: ${on} vacuum analyze in ${((performance.now() - maintenance) / 1000).toFixed(1)} s`);
    const [unpaid] = await db.query<{ reference_no: string }>(
      `select i.reference_no from invoices i join login_identities l on l.merchant_id = i.merchant_id
       where l.email = $1::text and i.status = 'unpaid' and i.expiry_date >= current_date
       order by i.created_at desc limit 1`,
      [account.email],
    );
    // The demo's storefront list: a store of products in stock, open today.
    const [sale] = await db.query<{ reference_no: string }>(
      `select s.reference_no from sale_lists s join login_identities l on l.merchant_id = s.merchant_id
       where l.email = $1::text and s.type = 'store' and s.status = 'active'
         and s.start_date <= current_date and s.end_date >= current_date
       order by s.id limit 1`,
      [account.email],
    );
    if (!sale) throw new Error('The demo seed left the merchant no open store sale list');
    const [order] = await db.query<{ reference_no: string }>(
      `select o.reference_no from sale_orders o join login_identities l on l.merchant_id = o.merchant_id
       where l.email = $1::text and o.payment_status = 'paid' order by o.id limit 1`,
      [account.email],
    );
    if (!order) throw new Error('The demo seed left the merchant no paid sale order');
    const seconds = (performance.now() - started) / 1000;
    figures.push({
      section: 'data',
      name: 'fill total',
      on,
      value: round(seconds),
      unit: 's',
      note: 'migration, demo seed, every table, VACUUM ANALYZE',
    });
    log(`data: ${on} filled in ${seconds.toFixed(1)} s`);
    return {
      figures,
      account,
      invoiceReference: unpaid.reference_no,
      saleReference: sale.reference_no,
      orderReference: order.reference_no,
      database,
    };
  } finally {
    await app.close();
  }
}
