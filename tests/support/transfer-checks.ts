import type { Queryable } from '../../src/server/db/database';
import { kuwaitDayStart } from '../../src/server/payments/kuwait-time';
import { reconcile } from '../../src/server/ledger/balances';
import { transferBalances } from '../../src/server/ledger/transfer-projection';

/**
 * What must hold of a merchant's payment transfers at any moment (SPEC §4), read straight from the
 * database, each broken rule as one line (none when all holds). Used after every step of the ledger
 * invariant and after the kill rounds during settlement:
 * - each transfer's transaction count, refunds and amount are those of the transactions and
 *   refunds that name it: its amount is their net amounts less its refunds, exactly in fils, and
 *   above zero. Since a transaction names one transfer, a transaction counted by two (settled
 *   twice) breaks the count of one of them;
 * - what a transfer holds is a card or wallet payment of the same merchant that took money, or a
 *   processed refund of that merchant;
 * - the ledger's entries of each transfer are what its status puts where (its projection), the
 *   merchant's ledger sums to zero, its daily sums are its entries, and it reconciles: successful
 *   payments = refunds + fees and commission + transferred + unsettled, to the fil;
 * - the unsettled balance is never below zero; transfers wait on hold exactly while support holds
 *   the merchant's, and a transferred one has its transfer date.
 */

/** `(amount) * 1000` as integer fils in SQL, read as text. */
const fils = (expression: string) => `(coalesce(${expression}, 0) * 1000)::bigint::text`;

interface TransferSums extends Record<string, unknown> {
  id: number;
  status: string;
  amount: string;
  amount_fils: string;
  refunds_fils: string;
  transaction_count: number;
  transfer_date: string | null;
  hold_reason: string | null;
  transactions: number;
  net_fils: string;
  strays: number;
  refunds: number;
  refunded_fils: string;
  stray_refunds: number;
}

/** Each transfer of the merchant with the sums of what names it. */
const transferSums = (q: Queryable, merchantId: number) =>
  q.query<TransferSums>(
    `select p.id, p.status, p.amount::text as amount, ${fils('p.amount')} as amount_fils,
       ${fils('p.refunds_amount')} as refunds_fils, p.transaction_count, p.transfer_date::text as transfer_date,
       p.hold_reason, coalesce(t.count, 0)::integer as transactions, ${fils('t.net')} as net_fils,
       coalesce(t.strays, 0)::integer as strays, coalesce(r.count, 0)::integer as refunds,
       ${fils('r.total')} as refunded_fils, coalesce(r.strays, 0)::integer as stray_refunds
     from payment_transfers p
     left join (
       select transfer_id, count(*) as count, sum(net_amount) as net,
         count(*) filter (where merchant_id <> $1::integer or payment_method = 'cash'
           or status not in ('success', 'refunded') or not captured_amount > 0) as strays
       from transactions where transfer_id in (select id from payment_transfers where merchant_id = $1::integer)
       group by transfer_id) t on t.transfer_id = p.id
     left join (
       select transfer_id, count(*) as count, sum(refund_amount) as total,
         count(*) filter (where merchant_id <> $1::integer or status <> 'processed') as strays
       from refunds where transfer_id in (select id from payment_transfers where merchant_id = $1::integer)
       group by transfer_id) r on r.transfer_id = p.id
     where p.merchant_id = $1::integer
     order by p.id`,
    [merchantId],
  );

const text = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

/** Balances by account as one line, accounts in order, zeros left out. */
const balancesText = (balances: Record<string, bigint | undefined>) =>
  Object.entries(balances)
    .filter(([, amount]) => amount !== undefined && amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([account, amount]) => `${account} ${amount}`)
    .join(', ');

/** What the ledger's entries of each of the merchant's transfers add up to, by account. */
async function postedByTransfer(q: Queryable, merchantId: number): Promise<Map<number, Record<string, bigint>>> {
  const rows = await q.query<{ transfer_id: number; account: string; amount: string }>(
    `select transfer_id, account, sum(amount_fils)::text as amount from ledger_entries
     where transfer_id in (select id from payment_transfers where merchant_id = $1::integer)
     group by transfer_id, account`,
    [merchantId],
  );
  const posted = new Map<number, Record<string, bigint>>();
  for (const row of rows)
    posted.set(row.transfer_id, { ...posted.get(row.transfer_id), [row.account]: BigInt(row.amount) });
  return posted;
}

/** Every rule above, for one merchant. */
export async function transferProblems(q: Queryable, merchantId: number): Promise<string[]> {
  const problems: string[] = [];
  const [held] = await q.query<{ reason: string }>(
    `select reason from transfer_holds where merchant_id = $1::integer`,
    [merchantId],
  );
  const posted = await postedByTransfer(q, merchantId);
  for (const row of await transferSums(q, merchantId)) {
    const name = `merchant ${merchantId} transfer ${row.id}`;
    const net = BigInt(row.net_fils);
    const refunded = BigInt(row.refunded_fils);
    if (row.transactions !== row.transaction_count)
      problems.push(`${name} counts ${row.transaction_count} transactions, ${row.transactions} name it`);
    if (row.transactions === 0) problems.push(`${name} holds no transaction`);
    if (BigInt(row.amount_fils) !== net - refunded)
      problems.push(`${name} is ${row.amount_fils} fils; its transactions' net ${net} less its refunds ${refunded}`);
    if (BigInt(row.amount_fils) <= 0n) problems.push(`${name} is ${row.amount_fils} fils`);
    if (BigInt(row.refunds_fils) !== refunded)
      problems.push(`${name} deducts ${row.refunds_fils} fils of refunds, its refunds come to ${refunded}`);
    if (row.strays > 0) problems.push(`${name} holds ${row.strays} transactions that took no money of this merchant`);
    if (row.stray_refunds > 0) problems.push(`${name} holds ${row.stray_refunds} refunds not processed for it`);
    if (row.status === 'transferred' && !row.transfer_date) problems.push(`${name} is transferred with no date`);
    if (held && row.status === 'not_transferred') problems.push(`${name} waits to be paid out while held`);
    if (!held && row.status === 'on_hold') problems.push(`${name} is on hold while the merchant's are not held`);
    if (row.status === 'on_hold' && held && row.hold_reason !== held.reason)
      problems.push(`${name} is held for "${row.hold_reason}", the merchant's for "${held.reason}"`);
    const projected = balancesText(transferBalances(row));
    const entries = balancesText(posted.get(row.id) ?? {});
    if (entries !== projected)
      problems.push(`${name} (${row.status}) posted ${entries}; its projection is ${projected}`);
  }
  const [orphans] = await q.query<{ transactions: number; refunds: number }>(
    `select
       (select count(*) from transactions t where t.merchant_id = $1::integer and t.transfer_id is not null
          and not exists (select 1 from payment_transfers p where p.id = t.transfer_id and p.merchant_id = $1::integer))::integer
         as transactions,
       (select count(*) from refunds r where r.merchant_id = $1::integer and r.transfer_id is not null
          and not exists (select 1 from payment_transfers p where p.id = r.transfer_id and p.merchant_id = $1::integer))::integer
         as refunds`,
    [merchantId],
  );
  if (orphans.transactions > 0)
    problems.push(`merchant ${merchantId}: ${orphans.transactions} transactions name a transfer not the merchant's`);
  if (orphans.refunds > 0)
    problems.push(`merchant ${merchantId}: ${orphans.refunds} refunds name a transfer not the merchant's`);
  return problems;
}

/** The merchant's ledger balances, its daily sums are its entries, and it reconciles to the fil. */
export async function ledgerProblems(q: Queryable, merchantId: number): Promise<string[]> {
  const terms = await reconcile(q, merchantId);
  const problems: string[] = [];
  if (terms.difference !== 0n) problems.push(`merchant ${merchantId} does not reconcile: ${text(terms)}`);
  if (terms.entriesSum !== 0n) problems.push(`merchant ${merchantId}'s ledger sums to ${terms.entriesSum}`);
  if (terms.dailyMismatches.length > 0)
    problems.push(`merchant ${merchantId}'s daily sums differ from its entries in ${terms.dailyMismatches.join(', ')}`);
  if (terms.statementMismatches.length > 0)
    problems.push(
      `merchant ${merchantId}'s statement lines differ from its entries on ${terms.statementMismatches.join(', ')}`,
    );
  if (terms.unsettled < 0n) problems.push(`merchant ${merchantId}'s unsettled balance is ${terms.unsettled} fils`);
  return problems;
}

/**
 * After a settlement run at `now` for the Kuwait date `day` finished: a card or wallet payment that
 * took money before that day ended is in a transfer, unless the merchant's were all left out
 * because the refunds processed by `now` and not yet deducted take all their net amounts.
 */
export async function unsettledProblems(q: Queryable, merchantId: number, day: string, now: Date): Promise<string[]> {
  const end = new Date(kuwaitDayStart(day).getTime() + 86_400_000);
  const [left] = await q.query<{ count: number; net_fils: string; refunds_fils: string }>(
    `select count(*)::integer as count, ${fils('sum(net_amount)')} as net_fils,
       (select ${fils('sum(refund_amount)')} from refunds where merchant_id = $1::integer and status = 'processed'
          and transfer_id is null and processed_at <= $3::timestamptz) as refunds_fils
     from transactions
     where merchant_id = $1::integer and payment_method <> 'cash' and status in ('success', 'refunded')
       and captured_amount > 0 and transfer_id is null and created_at < $2::timestamptz`,
    [merchantId, end.toISOString(), now.toISOString()],
  );
  if (left.count === 0 || BigInt(left.net_fils) <= BigInt(left.refunds_fils)) return [];
  return [
    `merchant ${merchantId}: ${left.count} payments up to ${day} (${left.net_fils} fils net, ` +
      `${left.refunds_fils} fils of refunds to deduct) are in no transfer after the run`,
  ];
}
