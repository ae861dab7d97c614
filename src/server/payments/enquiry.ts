import { fromFils } from '../../shared/money';
import type { EnquiredTransaction } from '../../shared/transaction-enquiry';
import type { ServerContext } from '../context';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { settleFromProcessor } from './settlement';
import { IN_FLIGHT_MS } from './transactions';

/**
 * Transaction enquiry (SPEC §7, second service): a merchant finds one of its payments by reference
 * no, track id, payment id, or the payer's mobile with the amount, and sees what it stored beside
 * what the processor says now. Asking may settle a payment the processor has heard back about; the
 * settlement is the sweep's (`settleFromProcessor`), so screen and store agree. When the same mobile
 * paid the same amount more than once within 10 minutes, the merchant is advised to wait before
 * treating it as a duplicate (SPEC §9): a payment may still be settling.
 */

/** What the merchant searches by; the keys given all have to match. */
export interface EnquiryQuery {
  referenceNo?: string;
  trackId?: string;
  paymentId?: string;
  /** The payer's mobile; only searched with `amount`. */
  mobile?: string;
  /** Integer fils. */
  amount?: bigint;
}

export interface Enquiry {
  transactions: EnquiredTransaction[];
  /** The same mobile paid the same amount more than once within the last 10 minutes. */
  possibleDuplicate: boolean;
}

/** Most transactions one enquiry answers (a mobile and amount may match many). */
export const ENQUIRY_LIMIT = 50;

/** Statuses of a payment that took, or may yet take, the payer's money. */
const PAYING = `('success', 'authorized', 'pending', 'incomplete')`;

/** The transactions of `merchantId` matching `query` (never another merchant's), each asked of the processor. */
export async function enquireTransactions(
  ctx: ServerContext,
  merchantId: number,
  query: EnquiryQuery,
  now: Date,
): Promise<Enquiry> {
  const store = storeOf(ctx, 'transaction');
  const result = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<TableRow<'transaction'>>(
      `select * from ${store.table}
       where merchant_id = $1::integer
         and ($2::text is null or reference_no = $2::text)
         and ($3::text is null or track_id = $3::text)
         and ($4::text is null or payment_id = $4::text)
         and ($5::text is null or customer_mobile = $5::text)
         and ($6::numeric is null or amount = $6::numeric)
       order by id desc limit ${ENQUIRY_LIMIT}
       for update`,
      [
        merchantId,
        query.referenceNo ?? null,
        query.trackId ?? null,
        query.paymentId ?? null,
        query.mobile ?? null,
        query.amount === undefined ? null : fromFils(query.amount),
      ],
    );
    const transactions: EnquiredTransaction[] = [];
    for (const row of rows) {
      const settled = await settleFromProcessor(ctx, tx, row, now);
      const transaction = await store.get(tx, merchantId, row.id);
      // Read locked above, in this transaction: it is there.
      if (!transaction) throw new Error(`Transaction ${row.id} is gone`);
      transactions.push({ transaction, stored_status: settled.before, processor_status: settled.processor });
    }
    const pairs = new Map(
      rows
        .filter((row) => row.customer_mobile)
        .map((row) => [`${row.customer_mobile}|${String(row.amount)}`, [row.customer_mobile, row.amount]]),
    );
    let possibleDuplicate = false;
    for (const [mobile, amount] of pairs.values()) {
      const [counted] = await tx.query<{ n: number }>(
        `select count(*)::integer as n from ${store.table}
         where merchant_id = $1::integer and customer_mobile = $2::text and amount = $3::numeric
           and status in ${PAYING} and created_at > $4::timestamptz and created_at <= $5::timestamptz`,
        [merchantId, mobile, amount, new Date(now.getTime() - IN_FLIGHT_MS).toISOString(), now.toISOString()],
      );
      if (counted.n > 1) possibleDuplicate = true;
    }
    return { transactions, possibleDuplicate };
  });
  ctx.outbox.kick();
  return result;
}
