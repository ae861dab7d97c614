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
  const held = `held as (
       select transfer_id, min(id) as first, jsonb_agg(id order by id)::text as ids from transactions
       where transfer_id is not null group by transfer_id)`;
  const transfers = await q.query(
    `with ${held},
     deducted as (
       select transfer_id, jsonb_agg(id order by id)::text as ids from refunds
       where transfer_id is not null group by transfer_id)
     select p.merchant_id, p.status, p.amount::text as amount, p.refunds_amount::text as refunds_amount,
       p.transaction_count, p.from_date::text as from_date, p.to_date::text as to_date,
       p.transfer_date::text as transfer_date, p.bank_name, p.bank_account, p.hold_reason, p.created_at,
       h.ids as transactions, d.ids as refunds
     from payment_transfers p left join held h on h.transfer_id = p.id left join deducted d on d.transfer_id = p.id
     order by p.merchant_id, h.first, p.created_at`,
  );
  const entries = await q.query(
    `with ${held}
     select e.merchant_id, e.event, e.account, e.amount_fils::text as amount_fils, e.transaction_id, e.refund_id,
       e.capture_id, h.first as transfer_of
     from ledger_entries e left join held h on h.transfer_id = e.transfer_id
     where e.at = $1::timestamptz
     order by e.merchant_id, h.first, e.event, e.account, e.amount_fils`,
    [at.toISOString()],
  );
  const days = await q.query(`select day::text as day, finished_at from settlement_days order by day`);
  return { transfers, entries, days };
}
