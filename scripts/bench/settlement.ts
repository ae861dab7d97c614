import { buildApp } from '../../src/server/app';
import type { Queryable } from '../../src/server/db/database';
import { kuwaitDayStart } from '../../src/server/payments/kuwait-time';
import { previousKuwaitDay, settlePreviousDay, TRANSFERABLE } from '../../src/server/payments/settlement-run';
import type { FilledData } from './data';
import type { BenchTarget, Figure } from './figures';

/**
 * The daily settlement run over the filled data: every merchant's card and wallet payments of the
 * two years up to yesterday (Kuwait) gathered into its payment transfer by the product's own run
 * (`settlePreviousDay`), timed, then checked: every transferable transaction is in a transfer, each
 * transfer's amount is the net of its transactions less its refunds, and the ledger moved exactly
 * those amounts out of the merchants' balances into the transfers' accounts. A second run, which
 * must find nothing, is timed too. Runs before the server starts, in this process (the embedded
 * database opens in one process at a time), and leaves the tables vacuumed for the sections after.
 */

type Database = BenchTarget['database'];

/** Most the run may take, in seconds. */
const BUDGET_SECONDS: Record<Database, number> = { postgresql: 60, pglite: 180 };

const DAY_MS = 86_400_000;
const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** Fils in each account that holds a merchant's unsettled or transferred money, all merchants together. */
async function heldByAccount(q: Queryable): Promise<Map<string, bigint>> {
  const rows = await q.query<{ account: string; fils: string }>(
    `select account, sum(amount_fils)::text as fils from ledger_daily
     where account in ('merchant_balance', 'transfers_pending', 'transfers_on_hold', 'merchant_bank')
     group by account`,
  );
  return new Map(rows.map((row) => [row.account, BigInt(row.fils)]));
}

/** Throws unless the run settled what it gathered and the ledger moved the transfers' amounts. */
async function check(q: Queryable, firstTransfer: number, before: Map<string, bigint>, eligible: number) {
  const [settled] = await q.query<{ transfers: number; transactions: number; wrong: number }>(
    `select count(*)::integer as transfers, coalesce(sum(t.count), 0)::integer as transactions,
            count(*) filter (where p.amount <> t.net - p.refunds_amount or p.transaction_count <> t.count)::integer as wrong
     from payment_transfers p
     join (select transfer_id, count(*) as count, sum(net_amount) as net from transactions
           where transfer_id > $1::integer group by transfer_id) as t on t.transfer_id = p.id`,
    [firstTransfer],
  );
  if (settled.transactions !== eligible || settled.wrong !== 0)
    throw new Error(
      `The settlement run put ${settled.transactions} of ${eligible} transactions in transfers; ${settled.wrong} transfer(s) do not add up`,
    );
  const [made] = await q.query<{ fils: string; entries: number; posted: number }>(
    `select coalesce(sum(amount * 1000), 0)::bigint::text as fils,
            (select count(*) from ledger_entries where transfer_id > $1::integer)::integer as entries,
            count(*)::integer as posted
     from payment_transfers where id > $1::integer`,
    [firstTransfer],
  );
  const after = await heldByAccount(q);
  const moved = (account: string) => (after.get(account) ?? 0n) - (before.get(account) ?? 0n);
  const into = moved('transfers_pending') + moved('transfers_on_hold') + moved('merchant_bank');
  if (-moved('merchant_balance') !== BigInt(made.fils) || into !== BigInt(made.fils) || made.entries < 2 * made.posted)
    throw new Error(
      `The ledger moved ${-moved('merchant_balance')} fils out of the balances and ${into} into transfers for transfers of ${made.fils} fils (${made.entries} entries)`,
    );
}

/** Times the settlement run, and its repetition, over the filled database. */
export async function measureSettlement(options: {
  data: FilledData;
  on: Database;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const { data, on, log } = options;
  const app = await buildApp({
    database: data.database,
    seed: false,
    logger: false,
    outboxIntervalMs: 0,
    transport: { deliver: async () => {} },
  });
  const ctx = app.bawaba;
  const { db } = ctx;
  try {
    const now = new Date();
    const end = new Date(kuwaitDayStart(previousKuwaitDay(now)).getTime() + DAY_MS);
    const [due] = await db.query<{ count: number; merchants: number; first: number }>(
      `select count(*)::integer as count, count(distinct merchant_id)::integer as merchants,
              (select coalesce(max(id), 0) from payment_transfers)::integer as first
       from transactions where ${TRANSFERABLE} and created_at < $1::timestamptz`,
      [end.toISOString()],
    );
    const before = await heldByAccount(db);
    log(`settlement: ${on} ${due.count} transactions of ${due.merchants} merchants to settle`);
    const started = performance.now();
    const summary = await settlePreviousDay(ctx, now);
    const seconds = (performance.now() - started) / 1000;
    log(`settlement: ${on} ${summary.transfers} transfers made, ${summary.paid} paid out, in ${seconds.toFixed(1)} s`);
    await check(db, due.first, before, due.count);
    const again = performance.now();
    const repeated = await settlePreviousDay(ctx, now);
    const againSeconds = (performance.now() - again) / 1000;
    if (repeated.transfers !== 0) throw new Error(`The repeated settlement run made ${repeated.transfers} transfers`);
    const maintenance = performance.now();
    for (const table of ['transactions', 'payment_transfers', 'ledger_entries', 'ledger_daily'])
      await db.query(`vacuum analyze ${table}`);
    log(`settlement: ${on} vacuum analyze in ${((performance.now() - maintenance) / 1000).toFixed(1)} s`);
    return [
      {
        section: 'settlement',
        name: 'settlement run',
        on,
        value: round(seconds),
        unit: 's',
        budget: { kind: 'max', limit: BUDGET_SECONDS[on] },
        note: `${due.count} transactions of ${due.merchants} merchants into ${summary.transfers} transfers, ${summary.paid} paid out; amounts and ledger checked`,
      },
      {
        section: 'settlement',
        name: 'settlement run repeated',
        on,
        value: round(againSeconds),
        unit: 's',
        note: 'the same day again: finds nothing to settle',
      },
    ];
  } finally {
    await app.close();
  }
}
