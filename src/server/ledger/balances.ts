import { getEntitySchema } from '../../schema/registry';
import type { Queryable } from '../db/database';
import { ACCOUNTS, type Account, type Balances } from './accounts';
import { statementLineMismatches } from './statement-lines';

/**
 * What the ledger says a merchant has in its accounts, and the check that it reconciles with the
 * records the money came from. Balances are read from the daily sums (a few rows per day), which
 * the posting keeps in step with the entries.
 */

const big = (value: unknown): bigint => (value === null || value === undefined ? 0n : BigInt(String(value)));

/** The merchant's balance of `account`, in fils. */
export async function accountBalance(q: Queryable, merchantId: number, account: Account): Promise<bigint> {
  const [row] = await q.query<{ amount: string | null }>(
    `select sum(amount_fils)::text as amount from ledger_daily where merchant_id = $1::integer and account = $2::text`,
    [merchantId, account],
  );
  return big(row?.amount);
}

/** Every account of the merchant, in fils (zero for one with no entries). */
export async function balancesOf(q: Queryable, merchantId: number): Promise<Record<Account, bigint>> {
  const rows = await q.query<{ account: string; amount: string }>(
    `select account, sum(amount_fils)::text as amount from ledger_daily where merchant_id = $1::integer group by account`,
    [merchantId],
  );
  const balances = Object.fromEntries(ACCOUNTS.map((account) => [account, 0n])) as Record<Account, bigint>;
  for (const row of rows) {
    if (!(ACCOUNTS as readonly string[]).includes(row.account))
      throw new Error(`Unknown ledger account ${row.account}`);
    balances[row.account as Account] = big(row.amount);
  }
  return balances;
}

/**
 * The terms of the merchant's invariant, in fils: what its successful card and wallet payments
 * took (`paid`) equals what was refunded, the gateway's fees and commission, what was transferred
 * to its bank and its unsettled money (its balance, and transfers not yet made or on hold).
 * `paid`, `refunded`, `fees`, `commission` and `held` are summed from the transactions themselves;
 * the rest is the ledger's.
 */
export interface Reconciliation {
  paid: bigint;
  refunded: bigint;
  fees: bigint;
  commission: bigint;
  transferred: bigint;
  unsettled: bigint;
  /** `paid` less every other term: zero when the merchant reconciles. */
  difference: bigint;
  /** Held by authorisations, by the transactions. */
  held: bigint;
  /** The sum of all the merchant's entries: zero, since every posting is. */
  entriesSum: bigint;
  /** Accounts whose daily sums differ from their entries (none when they agree). */
  dailyMismatches: Account[];
  /** Kuwait days whose statement lines differ from the entries (none when they agree). */
  statementMismatches: string[];
  balances: Record<Account, bigint>;
}

/** The merchant's invariant terms (see `Reconciliation`). */
export async function reconcile(q: Queryable, merchantId: number): Promise<Reconciliation> {
  const [sums] = await q.query<Record<string, string | null>>(
    `select
       sum(case when payment_method <> 'cash' then captured_amount * 1000 end)::bigint::text as paid,
       sum(case when payment_method <> 'cash' then refunded_amount * 1000 end)::bigint::text as refunded,
       sum(admin_charge * 1000)::bigint::text as fees,
       sum(commission * 1000)::bigint::text as commission,
       sum(case when status = 'authorized' and payment_method <> 'cash' then pending_amount * 1000 end)::bigint::text as held
     from ${getEntitySchema('transaction')['x-resource'].table} where merchant_id = $1::integer`,
    [merchantId],
  );
  const entries = await q.query<{ account: string; amount: string }>(
    `select account, sum(amount_fils)::text as amount from ledger_entries where merchant_id = $1::integer group by account`,
    [merchantId],
  );
  const balances = await balancesOf(q, merchantId);
  const fromEntries = new Map(entries.map((row) => [row.account, big(row.amount)]));
  const paid = big(sums?.paid);
  const refunded = big(sums?.refunded);
  const fees = big(sums?.fees);
  const commission = big(sums?.commission);
  const transferred = balances.merchant_bank;
  const unsettled = balances.merchant_balance + balances.transfers_pending + balances.transfers_on_hold;
  return {
    paid,
    refunded,
    fees,
    commission,
    transferred,
    unsettled,
    difference: paid - (refunded + fees + commission + transferred + unsettled),
    held: big(sums?.held),
    entriesSum: [...fromEntries.values()].reduce((total, amount) => total + amount, 0n),
    dailyMismatches: ACCOUNTS.filter((account) => (fromEntries.get(account) ?? 0n) !== balances[account]),
    statementMismatches: await statementLineMismatches(q, merchantId),
    balances,
  };
}

/** Balances a transaction or transfer row's entries add up to, by account (its projection as posted). */
export async function postedFor(
  q: Queryable,
  reference: { transactionId: number } | { transferId: number },
): Promise<Balances> {
  const [column, id] =
    'transactionId' in reference ? ['transaction_id', reference.transactionId] : ['transfer_id', reference.transferId];
  const rows = await q.query<{ account: string; amount: string }>(
    `select account, sum(amount_fils)::text as amount from ledger_entries where ${column} = $1::integer group by account`,
    [id],
  );
  return Object.fromEntries(rows.map((row) => [row.account, big(row.amount)]).filter(([, amount]) => amount !== 0n));
}
