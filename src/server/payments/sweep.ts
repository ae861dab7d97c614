import type { ServerContext } from '../context';
import { storeOf } from '../storage/entity-stores';
import { kuwaitToday } from './kuwait-time';
import { IN_FLIGHT_MS } from './transactions';

/**
 * Housekeeping the scheduler runs: card payments the processor never answered become `incomplete`
 * after 10 minutes (the incomplete-transactions report lists them), and invoices and open invoices
 * still open after their expiry date become `expired`. Returns how many records changed.
 */
export async function sweepPayments(ctx: ServerContext, now: Date): Promise<number> {
  const transactions = storeOf(ctx, 'transaction').table;
  const invoices = storeOf(ctx, 'invoice').table;
  const openInvoices = storeOf(ctx, 'open_invoice').table;
  const at = now.toISOString();
  const today = kuwaitToday(now);
  return ctx.db.transaction(async (tx) => {
    const incomplete = await tx.query(
      `update ${transactions} set status = 'incomplete', updated_at = $2::timestamptz
       where status = 'pending' and payment_method <> 'cash' and created_at <= $1::timestamptz
       returning id`,
      [new Date(now.getTime() - IN_FLIGHT_MS).toISOString(), at],
    );
    const expired = await tx.query(
      `update ${invoices} set status = 'expired', updated_at = $2::timestamptz
       where status in ('unpaid', 'active') and expiry_date < $1::date
       returning id`,
      [today, at],
    );
    const closed = await tx.query(
      `update ${openInvoices} set status = 'expired', updated_at = $2::timestamptz
       where status = 'active' and expiry_date < $1::date
       returning id`,
      [today, at],
    );
    return incomplete.length + expired.length + closed.length;
  });
}
