import type { Queryable } from '../../../src/server/db/database';

/**
 * Everything a settlement run writes, in a form two runs can be compared by: every payment
 * transfer as it stands with the transactions and refunds it holds, named by its first transaction
 * rather than by its id and document number (which a sequence hands out and a rollback does not
 * give back), without the time of its last write (the store stamps it by the real clock, not by
 * the run's); the ledger entries posted at the run's time; the settlement days marked done. Two
 * runs that did the same thing give equal states.
 */

export interface SettlementState {
  transfers: Record<string, unknown>[];
  entries: Record<string, unknown>[];
  days: Record<string, unknown>[];
}

/** The state at `at`, the time of the run (its ledger entries carry it). */
export async function settlementState(q: Queryable, at: Date): Promise<SettlementState> {
  const transfers = await q.query(
    `select p.merchant_id, p.status, p.amount::text as amount, p.refunds_amount::text as refunds_amount,
       p.transaction_count, p.from_date::text as from_date, p.to_date::text as to_date,
       p.transfer_date::text as transfer_date, p.bank_name, p.bank_account, p.hold_reason,
       p.created_at,
       (select jsonb_agg(t.id order by t.id) from transactions t where t.transfer_id = p.id)::text as transactions,
       (select jsonb_agg(r.id order by r.id) from refunds r where r.transfer_id = p.id)::text as refunds
     from payment_transfers p
     order by p.merchant_id, (select min(t.id) from transactions t where t.transfer_id = p.id), p.created_at`,
  );
  const entries = await q.query(
    `select e.merchant_id, e.event, e.account, e.amount_fils::text as amount_fils, e.transaction_id, e.refund_id,
       e.capture_id, (select min(t.id) from transactions t where t.transfer_id = e.transfer_id) as transfer_of
     from ledger_entries e where e.at = $1::timestamptz
     order by e.merchant_id, transfer_of, e.event, e.account, e.amount_fils`,
    [at.toISOString()],
  );
  const days = await q.query(`select day::text as day, finished_at from settlement_days order by day`);
  return { transfers, entries, days };
}
