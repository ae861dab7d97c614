import { fromFils } from '../../shared/money';
import type { EntityRecord } from '../../generated/entities';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { lockRefunds, unsettledBalance } from './balance';
import { kuwaitDayStart, kuwaitToday } from './kuwait-time';
import { holdReasonOf } from './transfer-holds';
import { filsOf } from './transactions';

/**
 * Settlement and payment transfers (SPEC §4). Once a day, for the previous Kuwait day, each
 * merchant's settled money is gathered into one payment transfer to its bank account:
 * - its transactions: card and wallet payments (cash never passed through the gateway) that took
 *   money (`success` or `refunded`, `captured_amount` > 0), made before the end of that day and not
 *   yet in a transfer. Usually that day's; an authorisation captured later, or a pending payment
 *   settled later, comes with the first run after it settled;
 * - its refunds: every processed refund not yet deducted by a transfer, up to the run, whatever the
 *   day of the payment it gave back;
 * - its amount: the transactions' net amounts (after the gateway's fees) less those refunds. When
 *   that is not above zero (refunds the day's payments do not cover), nothing is made and both wait
 *   for the next run, which gathers them with the days after.
 * Each transaction and refund records the transfer (`transfer_id`), so once the transfer is paid
 * out the merchant's unsettled balance (`balance.ts`) holds nothing of those days.
 *
 * A transfer is made `not_transferred`, or `on_hold` with the reason while support holds the
 * merchant's transfers (`transfer-holds.ts`); the sandbox bank pays out every `not_transferred`
 * transfer at the first run of a later Kuwait day (`transferred`, with the transfer date), unless
 * refunds processed since it was made took what it would pay (`payOutTransfers`).
 *
 * Safe to repeat and to run on several servers at once: each merchant is settled in its own
 * transaction under the merchant's lock (the one refunds are processed under), and only what no
 * transfer holds yet is gathered, so a second run finds nothing; a run cut short is finished by
 * the next.
 */

export type TransferRecord = EntityRecord<'payment_transfer'>;

const DAY_MS = 86_400_000;
/** How many times a merchant is settled again when its payments moved while it was (see `recordSettled`). */
const SETTLE_ATTEMPTS = 3;

/** What a transaction must be to be paid out: money taken through the gateway, in no transfer yet. */
export const TRANSFERABLE = `payment_method <> 'cash' and status in ('success', 'refunded')
  and captured_amount > 0 and transfer_id is null`;

/** The Kuwait date before the one at `now`. */
export const previousKuwaitDay = (now: Date) => kuwaitToday(new Date(now.getTime() - DAY_MS));

/**
 * The transactions gathered into a transfer: which they are (their ids, read locked by the caller,
 * or every transferable one of the merchant made before an instant, as a settlement run takes
 * them), how many, the sum of their net amounts in fils, and the Kuwait dates of the first and the last.
 */
export interface Gathered {
  which: { ids: number[] } | { before: Date };
  count: number;
  net: bigint;
  fromDate: string;
  toDate: string;
}

/** The merchant's bank account a transfer goes to: its IBAN (else its account number) from its profile. */
async function bankOf(ctx: ServerContext, q: Queryable, merchantId: number) {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'merchant');
  if (!entity?.['x-resource'].own) return {};
  const profile = await ctx.own.read(q, entity, merchantId);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  return { bank_name: text(profile.bank_name), bank_account: text(profile.iban) ?? text(profile.bank_account_number) };
}

const dateOf = (value: string | Date) => kuwaitToday(new Date(value));

/** What `rows` (transactions read with their net amount and when they were made) gather. */
export function gatheredOf(rows: readonly { id: number; net_amount: string; created_at: string | Date }[]): Gathered {
  const dates = rows.map((row) => dateOf(row.created_at)).sort();
  return {
    which: { ids: rows.map((row) => row.id) },
    count: rows.length,
    net: rows.reduce((sum, row) => sum + filsOf(row.net_amount), 0n),
    fromDate: dates[0] ?? '',
    toDate: dates[dates.length - 1] ?? '',
  };
}

/**
 * Records the transfer `transferId` on the rows `ids` of the merchant's `table`, in one statement
 * whatever their number. Written beside the store, not through it, and safe so: the ledger projects
 * neither a transaction's nor a refund's `transfer_id` (`ledger/payment-projection.ts` reads the
 * money columns only; a refund has no projection), so the store's writes would post nothing; the
 * transfer itself, made through the store, posts what it takes out of the merchant's balance.
 * Neither entity keeps a change history or audits the column. The rows are the caller's, read
 * locked in this transaction; the count written is checked against them.
 */
async function recordTransfer(q: Queryable, table: string, merchantId: number, transferId: number, ids: number[]) {
  if (ids.length === 0) return;
  const [written] = await q.query<{ count: number }>(
    `with written as (
       update ${table} set transfer_id = $1::integer, updated_at = $2::timestamptz
       where merchant_id = $3::integer and transfer_id is null
         and id in (select jsonb_array_elements_text($4::text::jsonb)::integer)
       returning 1)
     select count(*)::integer as count from written`,
    [transferId, new Date().toISOString(), merchantId, JSON.stringify(ids)],
  );
  if (written.count !== ids.length)
    throw new Error(`${table}: transfer ${transferId} was recorded on ${written.count} of ${ids.length} rows`);
}

/**
 * Records the transfer `transferId` on every transferable transaction of the merchant made before
 * `before`, in one statement that also locks them, and checks they are the ones the transfer was
 * made of (their number and net sum): a payment that became transferable since they were counted
 * (a capture, a pending payment settled) fails the check, and the caller's transaction rolls back.
 */
async function recordSettled(q: Queryable, table: string, merchantId: number, transferId: number, gathered: Gathered) {
  if (!('before' in gathered.which)) return;
  const [written] = await q.query<{ count: number; net: string }>(
    `with written as (
       update ${table} set transfer_id = $1::integer, updated_at = $2::timestamptz
       where merchant_id = $3::integer and ${TRANSFERABLE} and created_at < $4::timestamptz
       returning net_amount)
     select count(*)::integer as count, coalesce(sum(net_amount), 0)::text as net from written`,
    [transferId, new Date().toISOString(), merchantId, gathered.which.before.toISOString()],
  );
  if (written.count !== gathered.count || filsOf(written.net) !== gathered.net)
    throw new SettlementMoved(
      `transfer ${transferId} was made of ${gathered.count} transactions and recorded on ${written.count}`,
    );
}

/** The transactions a settlement counted changed before it recorded its transfer on them: settle again. */
export class SettlementMoved extends Error {}

/**
 * Makes one transfer of the merchant's `gathered` transactions (read locked by the caller, under
 * the merchant's lock) less the processed refunds no transfer deducted yet, up to `now`; records it
 * on each of them, a statement for the transactions and one for the refunds. Null, and nothing
 * written, when that amount is not above zero.
 *
 * @param toDate the last Kuwait day the transfer covers (the run's day); default the latest payment's
 */
export async function makeTransfer(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  gathered: Gathered,
  now: Date,
  toDate?: string,
): Promise<TransferRecord | null> {
  if (gathered.count === 0) return null;
  const refundTable = storeOf(ctx, 'refund').table;
  const refunds = await q.query<{ id: number; refund_amount: string }>(
    `select id, refund_amount::text as refund_amount from ${refundTable}
     where merchant_id = $1::integer and status = 'processed' and transfer_id is null
       and processed_at <= $2::timestamptz
     order by id for update`,
    [merchantId, now.toISOString()],
  );
  const refunded = refunds.reduce((sum, row) => sum + filsOf(row.refund_amount), 0n);
  if (gathered.net - refunded <= 0n) return null;
  const hold = await holdReasonOf(q, merchantId);
  const at = now.toISOString();
  const transfer = await storeOf(ctx, 'payment_transfer').create(
    q,
    merchantId,
    {},
    {
      from_date: gathered.fromDate,
      to_date: toDate ?? gathered.toDate,
      transaction_count: gathered.count,
      amount: fromFils(gathered.net - refunded),
      refunds_amount: fromFils(refunded),
      ...(await bankOf(ctx, q, merchantId)),
      status: hold === null ? 'not_transferred' : 'on_hold',
      hold_reason: hold ?? undefined,
      created_at: at,
      updated_at: at,
    },
  );
  const transactions = storeOf(ctx, 'transaction').table;
  if ('ids' in gathered.which) await recordTransfer(q, transactions, merchantId, transfer.id, gathered.which.ids);
  else await recordSettled(q, transactions, merchantId, transfer.id, gathered);
  await recordTransfer(
    q,
    refundTable,
    merchantId,
    transfer.id,
    refunds.map((row) => row.id),
  );
  return transfer;
}

/**
 * Settles one merchant up to the end of the Kuwait date `day`, in a transaction of its own under
 * the merchant's lock; the transfer made, or null when there was nothing (more) to pay out. Its
 * transactions are counted and summed where they are, then written and locked in one statement
 * (`recordSettled`), whatever their number; should a payment become transferable in between, the
 * merchant is settled again.
 */
export async function settleMerchant(
  ctx: ServerContext,
  merchantId: number,
  day: string,
  now: Date,
): Promise<TransferRecord | null> {
  const table = storeOf(ctx, 'transaction').table;
  const end = new Date(kuwaitDayStart(day).getTime() + DAY_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        await lockRefunds(tx, merchantId);
        const [row] = await tx.query<{
          count: number;
          net: string;
          first: string | Date | null;
          last: string | Date | null;
        }>(
          `select count(*)::integer as count, coalesce(sum(net_amount), 0)::text as net,
                  min(created_at) as first, max(created_at) as last
           from ${table}
           where merchant_id = $1::integer and ${TRANSFERABLE} and created_at < $2::timestamptz`,
          [merchantId, end.toISOString()],
        );
        if (!row.first || !row.last) return null;
        const gathered: Gathered = {
          which: { before: end },
          count: row.count,
          net: filsOf(row.net),
          fromDate: dateOf(row.first),
          toDate: dateOf(row.last),
        };
        return makeTransfer(ctx, tx, merchantId, gathered, now, day);
      });
    } catch (error) {
      if (!(error instanceof SettlementMoved) || attempt >= SETTLE_ATTEMPTS) throw error;
    }
  }
}

/**
 * The sandbox bank pays out: every `not_transferred` transfer made before the Kuwait day of `now`
 * becomes `transferred` that day, oldest first, as long as what the gateway still holds for the
 * merchant after it covers the refunds processed since it was made (`unsettledBalance` stays at
 * or above zero); one it does not cover waits for later payments. Each merchant is paid out under
 * its lock, in a transaction of its own. Returns how many were paid out.
 */
export async function payOutTransfers(ctx: ServerContext, now: Date): Promise<number> {
  const store = storeOf(ctx, 'payment_transfer');
  const today = kuwaitToday(now);
  const before = kuwaitDayStart(today).toISOString();
  const merchants = await ctx.db.query<{ merchant_id: number }>(
    `select distinct merchant_id from ${store.table}
     where status = 'not_transferred' and created_at < $1::timestamptz order by merchant_id`,
    [before],
  );
  let paid = 0;
  for (const { merchant_id: merchantId } of merchants) {
    paid += await ctx.db.transaction(async (tx) => {
      await lockRefunds(tx, merchantId);
      const due = await tx.query<{ id: number; amount: string }>(
        `select id, amount::text as amount from ${store.table}
         where merchant_id = $1::integer and status = 'not_transferred' and created_at < $2::timestamptz
         order by id for update`,
        [merchantId, before],
      );
      let balance = await unsettledBalance(tx, merchantId);
      let count = 0;
      for (const transfer of due) {
        const amount = filsOf(transfer.amount);
        if (balance < amount) break;
        await store.update(tx, merchantId, transfer.id, { status: 'transferred', transfer_date: today }, 'patch');
        balance -= amount;
        count += 1;
      }
      return count;
    });
  }
  return paid;
}

/** What one settlement run did. */
export interface SettlementSummary {
  /** Transfers made. */
  transfers: number;
  /** Transfers paid out. */
  paid: number;
}

/**
 * One settlement pass at `now` for the previous Kuwait day, whether or not it ran already: pays
 * out the transfers due, then settles every merchant with money to transfer up to that day.
 */
export async function settlePreviousDay(ctx: ServerContext, now: Date): Promise<SettlementSummary> {
  const paid = await payOutTransfers(ctx, now);
  const day = previousKuwaitDay(now);
  const end = new Date(kuwaitDayStart(day).getTime() + DAY_MS);
  const merchants = await ctx.db.query<{ merchant_id: number }>(
    `select distinct merchant_id from ${storeOf(ctx, 'transaction').table}
     where ${TRANSFERABLE} and created_at < $1::timestamptz order by merchant_id`,
    [end.toISOString()],
  );
  let transfers = 0;
  for (const { merchant_id } of merchants) if (await settleMerchant(ctx, merchant_id, day, now)) transfers += 1;
  return { transfers, paid };
}

/**
 * The scheduler's step: the day's settlement run, once per Kuwait day. A day is marked done only
 * when its run finished, so a run cut short is run again at the next pass, and passes of several
 * servers at once settle every transaction once (see above). Returns the transfers made and paid.
 */
export async function runDailySettlement(ctx: ServerContext, now: Date): Promise<number> {
  const day = previousKuwaitDay(now);
  const [done] = await ctx.db.query(`select day from settlement_days where day = $1::date`, [day]);
  if (done) return 0;
  const summary = await settlePreviousDay(ctx, now);
  await ctx.db.query(
    `insert into settlement_days (day, finished_at) values ($1::date, $2::timestamptz) on conflict (day) do nothing`,
    [day, now.toISOString()],
  );
  return summary.transfers + summary.paid;
}
