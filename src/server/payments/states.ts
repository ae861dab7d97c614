import type { PayableState } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { storeOf } from '../storage/entity-stores';
import { kuwaitToday } from './kuwait-time';
import type { PartRow } from './parts';
import { expireOrder } from '../sales/order-stock';
import type { InvoiceRow, OpenInvoiceRow, Target } from './targets';
import { itemPayable } from './tenant-payments';

/**
 * Whether a payment link can be paid now, and the 409 that refuses a payment when it cannot. An
 * expiry date is the last day a link can be paid, in Kuwait.
 */

const pastExpiry = (expiry: string | null | undefined, today: string) => Boolean(expiry) && String(expiry) < today;

function invoiceState(invoice: InvoiceRow, today: string): PayableState {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'cancelled') return 'cancelled';
  if (invoice.status === 'expired' || pastExpiry(invoice.expiry_date, today)) return 'expired';
  return 'payable';
}

function openState(open: OpenInvoiceRow, today: string): PayableState {
  if (open.status === 'cancelled') return 'cancelled';
  if (open.status === 'expired' || pastExpiry(open.expiry_date, today)) return 'expired';
  return 'payable';
}

/** A part's state within its invoice: an instalment waits for the one before it. */
export function partState(invoice: InvoiceRow, part: PartRow, parts: readonly PartRow[], today: string): PayableState {
  if (part.status === 'paid') return 'paid';
  const parent = invoiceState(invoice, today);
  if (parent !== 'payable') return parent;
  const previous = parts.find((other) => other.seq === part.seq - 1);
  if (invoice.kind === 'instalment' && previous && previous.status !== 'paid') return 'not_yet_due';
  return 'payable';
}

/** What an item that is neither unpaid nor paid may be: nothing is to pay for it any more. */
const CLOSED_ITEM = new Set(['cancelled', 'expired']);

/**
 * A tenant payment is paid once made; an item paid meanwhile on its own makes it paid too (a late
 * success then pays nothing twice), and one cancelled or no longer paid by card makes it cancelled.
 */
function tenantState({ payment, items }: Target & { kind: 'tenant' }): PayableState {
  if (payment.status === 'paid') return 'paid';
  const settled = (status: string | null) => status !== null && status !== 'unpaid' && !CLOSED_ITEM.has(status);
  if (items.some((item) => settled(item.status))) return 'paid';
  return items.every(itemPayable) ? 'payable' : 'cancelled';
}

/** The state of a payment link on `today` (Kuwait date). */
export function stateOf(target: Target, today: string): PayableState {
  switch (target.kind) {
    case 'invoice':
    case 'parts':
      return invoiceState(target.invoice, today);
    case 'part':
      return partState(target.invoice, target.part, target.parts, today);
    case 'open':
      return openState(target.open, today);
    case 'order': {
      const { payment_status, status } = target.order;
      if (payment_status === 'paid') return 'paid';
      if (status === 'rejected') return 'cancelled';
      if (payment_status === 'expired') return 'expired';
      return 'payable';
    }
    case 'tenant':
      return tenantState(target);
    case 'subscription': {
      const { status, number_of_recurrences } = target.subscription;
      if (status === 'cancelled' || status === 'failed') return 'cancelled';
      if (status === 'completed' || Number(number_of_recurrences ?? 0) > 0) return 'paid';
      return 'payable';
    }
  }
}

const REFUSALS: Record<Exclude<PayableState, 'payable'>, string> = {
  paid: 'app.message.pay_already_paid',
  expired: 'app.message.pay_link_expired',
  cancelled: 'app.message.pay_link_cancelled',
  not_yet_due: 'app.message.pay_not_yet_due',
};

/** The 409 answering a payment of a link that cannot be paid. */
export const refusalOf = (state: Exclude<PayableState, 'payable'>) => new ApiError(409, REFUSALS[state]);

/**
 * Whether an invoice reaches its payer by SMS: its channel is SMS (the channel an invoice that names
 * none goes by), or it is of a kind only ever sent by SMS (scheduled and bulk invoices name no
 * channel). Only such a link is held to the SMS active duration of the merchant's service.
 */
export function isSmsInvoice(invoice: Pick<InvoiceRow, 'kind' | 'send_via'>): boolean {
  return invoice.kind === 'scheduled' || invoice.kind === 'bulk' || (invoice.send_via ?? 'sms') === 'sms';
}

/**
 * When the link of an SMS invoice stops being payable: `minutes` after its SMS went out (when it
 * was scheduled to, else when the invoice was made); null when it never does (not an SMS invoice,
 * or no active duration).
 */
export function smsDeadline(
  invoice: Pick<InvoiceRow, 'kind' | 'send_via' | 'scheduled_at' | 'created_at'>,
  minutes: number,
): Date | null {
  if (minutes <= 0 || !isSmsInvoice(invoice)) return null;
  const sent = new Date(String(invoice.scheduled_at ?? invoice.created_at));
  if (Number.isNaN(sent.getTime())) return null;
  return new Date(sent.getTime() + minutes * 60_000);
}

/**
 * Writes `expired` on an invoice or open invoice whose expiry date has passed, or on an SMS
 * invoice whose SMS active duration (`smsActiveMinutes` of the merchant's service) has run out,
 * while it was still open for payment, so lists and reports say so too. Returns the target as it
 * now stands.
 */
export async function expireIfDue(
  ctx: ServerContext,
  q: Queryable,
  target: Target,
  now: Date,
  smsActiveMinutes: number,
): Promise<Target> {
  const today = kuwaitToday(now);
  if (target.kind === 'subscription' || target.kind === 'tenant') return target;
  if (target.kind === 'order') {
    const { order } = target;
    const held = order.reserved_until ? new Date(String(order.reserved_until)) : null;
    if (order.payment_status !== 'unpaid' || !held || held > now) return target;
    // Its hold ran out before the scheduler gave the stock back: it is given back now.
    await expireOrder(ctx, q, order, now);
    return { ...target, order: { ...order, payment_status: 'expired' } };
  }
  if (target.kind === 'open') {
    const { open } = target;
    if (open.status !== 'active' || !pastExpiry(open.expiry_date, today)) return target;
    await storeOf(ctx, 'open_invoice').update(q, target.merchantId, open.id, { status: 'expired' }, 'patch');
    return { ...target, open: { ...open, status: 'expired' } };
  }
  const { invoice } = target;
  const deadline = smsDeadline(invoice, smsActiveMinutes);
  const lapsed = deadline !== null && deadline <= now;
  if (
    (invoice.status !== 'unpaid' && invoice.status !== 'active') ||
    !(lapsed || pastExpiry(invoice.expiry_date, today))
  )
    return target;
  await storeOf(ctx, 'invoice').update(q, target.merchantId, invoice.id, { status: 'expired' }, 'patch');
  return { ...target, invoice: { ...invoice, status: 'expired' } };
}
