import type { ServerContext } from '../context';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { kuwaitToday } from './kuwait-time';
import { settleFromProcessor } from './settlement';
import { IN_FLIGHT_MS } from './transactions';

/** `isSmsInvoice` (states.ts) of the invoice `i`. */
const SMS_INVOICE = `(i.kind in ('scheduled', 'bulk') or coalesce(i.send_via, 'sms') = 'sms')`;

/**
 * The SMS active duration of the invoice `i`, from the service `paymentTerms` (terms.ts) reads: the
 * merchant's own service of the invoice's kind (a delivery invoice's `delivery_invoice`, else its
 * `quick_invoice`), else its payment-gateway service, else none (0).
 */
function smsActiveMinutes(services: string): string {
  const own = (type: string) =>
    `(select coalesce(s.sms_active_minutes, 0) from ${services} s
      where s.merchant_id = i.merchant_id and s.sub_merchant_id is null and s.service_type = ${type}
      order by s.id desc limit 1)`;
  const delivery = `case when i.kind = 'delivery' then ${own(`'delivery_invoice'`)} end`;
  return `coalesce(${delivery}, ${own(`'quick_invoice'`)}, ${own(`'payment_gateway'`)}, 0)`;
}

/** How far back incomplete payments are still retried (SPEC §9: "only shown for the past 7 days"). */
export const RETRY_DAYS = 7;

/**
 * Most payments one sweep asks the processor about; the rest wait for the next tick. Pending ones
 * come first, then the newest incomplete ones (the likeliest to have been settled by now).
 */
const RETRY_BATCH = 200;

/**
 * Housekeeping the scheduler runs. Card and wallet payments pending for 10 minutes or more, and
 * incomplete ones of the last 7 days, are asked of the processor again (`settleFromProcessor`):
 * settled ones become a success (what they paid marked paid) or a failure, ones still pending
 * become `incomplete` (the incomplete-transactions report lists them). Each is claimed with
 * `for update skip locked`, so two servers never settle one twice and a second pass changes
 * nothing. Invoices and open invoices still open after their expiry date, and SMS invoices after
 * their SMS active duration, become `expired`.
 * Returns how many records changed.
 */
export async function sweepPayments(ctx: ServerContext, now: Date): Promise<number> {
  const transactions = storeOf(ctx, 'transaction').table;
  const invoices = storeOf(ctx, 'invoice').table;
  const openInvoices = storeOf(ctx, 'open_invoice').table;
  const services = storeOf(ctx, 'merchant_service').table;
  const at = now.toISOString();
  const today = kuwaitToday(now);
  return ctx.db.transaction(async (tx) => {
    const due = await tx.query<TableRow<'transaction'>>(
      `select * from ${transactions}
       where payment_method <> 'cash'
         and ((status = 'pending' and created_at <= $1::timestamptz)
           or (status = 'incomplete' and created_at >= $2::timestamptz))
       order by (status = 'pending') desc, id desc limit ${RETRY_BATCH}
       for update skip locked`,
      [
        new Date(now.getTime() - IN_FLIGHT_MS).toISOString(),
        new Date(now.getTime() - RETRY_DAYS * 86_400_000).toISOString(),
      ],
    );
    let retried = 0;
    for (const transaction of due) {
      const settled = await settleFromProcessor(ctx, tx, transaction, now, true);
      if (settled.status !== settled.before) retried += 1;
    }
    const expired = await tx.query(
      `update ${invoices} set status = 'expired', updated_at = $2::timestamptz
       where status in ('unpaid', 'active') and expiry_date < $1::date
       returning id`,
      [today, at],
    );
    const lapsed = await tx.query(
      `update ${invoices} i set status = 'expired', updated_at = $2::timestamptz
       where i.status in ('unpaid', 'active') and ${SMS_INVOICE}
         and ${smsActiveMinutes(services)} > 0
         and coalesce(i.scheduled_at, i.created_at) + ${smsActiveMinutes(services)} * interval '1 minute' <= $1::timestamptz
       returning id`,
      [at, at],
    );
    const closed = await tx.query(
      `update ${openInvoices} set status = 'expired', updated_at = $2::timestamptz
       where status = 'active' and expiry_date < $1::date
       returning id`,
      [today, at],
    );
    return retried + expired.length + lapsed.length + closed.length;
  });
}
