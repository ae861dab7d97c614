import type { PayableState } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { storeOf } from '../storage/entity-stores';
import type { PartRow } from './parts';
import type { InvoiceRow, OpenInvoiceRow, Target } from './targets';

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
 * Writes `expired` on an invoice or open invoice whose expiry date has passed while it was still
 * open for payment, so lists and reports say so too. Returns the target as it now stands.
 */
export async function expireIfDue(ctx: ServerContext, q: Queryable, target: Target, today: string): Promise<Target> {
  if (target.kind === 'subscription') return target;
  if (target.kind === 'open') {
    const { open } = target;
    if (open.status !== 'active' || !pastExpiry(open.expiry_date, today)) return target;
    await storeOf(ctx, 'open_invoice').update(q, target.merchantId, open.id, { status: 'expired' }, 'patch');
    return { ...target, open: { ...open, status: 'expired' } };
  }
  const { invoice } = target;
  if ((invoice.status !== 'unpaid' && invoice.status !== 'active') || !pastExpiry(invoice.expiry_date, today))
    return target;
  await storeOf(ctx, 'invoice').update(q, target.merchantId, invoice.id, { status: 'expired' }, 'patch');
  return { ...target, invoice: { ...invoice, status: 'expired' } };
}
