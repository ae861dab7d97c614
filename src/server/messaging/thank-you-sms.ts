import { DEFAULT_LANGUAGE } from '../../shared/i18n';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { partByReference } from '../payments/parts';
import type { TableRow } from '../storage/entity-rows';
import { ownSmsSettings } from './sms-settings';
import { smsText } from './invoice-sms';

/**
 * The thank-you SMS after a successful payment, sent when the merchant's own service of what was
 * paid has `thank_you_sms` on, in its SMS language and with its sender id.
 */

/** What was paid, found by reference: its payer and the own services that word its SMS. */
interface Paid {
  name: string | null;
  mobile: string | null;
  amount: string | null;
  services: string[];
}

/** The kinds of records a payment reference can name, in the order they are looked up. */
const PAID_ENTITIES: [entity: 'invoice' | 'subscription' | 'open_invoice', services: string[]][] = [
  ['invoice', ['quick_invoice']],
  ['subscription', ['subscription', 'quick_invoice']],
  ['open_invoice', ['open_invoice']],
];

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

async function paidRecord(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  reference: string,
): Promise<Paid | null> {
  const part = await partByReference(q, reference);
  if (part && part.merchant_id === merchantId)
    return { name: part.customer_name, mobile: part.mobile, amount: part.amount, services: ['quick_invoice'] };
  for (const [entity, services] of PAID_ENTITIES) {
    const store = ctx.stores.get(entity);
    if (!store) continue;
    // Whichever table holds what was paid: an open invoice names no payer.
    const [row] = await q.query<Partial<Pick<TableRow<'invoice'>, 'customer_name' | 'mobile' | 'amount'>>>(
      `select * from ${store.table} where merchant_id = $1::integer and reference_no = $2::text`,
      [merchantId, reference],
    );
    if (row) return { name: text(row.customer_name), mobile: text(row.mobile), amount: text(row.amount), services };
  }
  return null;
}

/** The payment being thanked for, as the payment flow knows it (the payer of an open invoice, a partial amount). */
export interface ThankedPayment {
  amount?: string | null;
  mobile?: string | null;
  name?: string | null;
}

/**
 * Queues a thank-you SMS, in the caller's transaction, for a successful payment of what
 * `invoiceReference` names (an invoice, one of its parts, a subscription or an open invoice of the
 * merchant), when the merchant's own service for it has `thank_you_sms` on. `payment` gives what
 * the record does not know (the amount paid, the payer of an open invoice). Resolves with whether
 * one was queued.
 */
export async function queueThankYouSms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoiceReference: string,
  payment: ThankedPayment = {},
): Promise<boolean> {
  const paid = await paidRecord(q, ctx, merchantId, invoiceReference);
  if (!paid) return false;
  const mobile = text(payment.mobile) ?? paid.mobile;
  const amount = text(payment.amount) ?? paid.amount;
  if (!mobile || !amount) return false;
  const settings = await ownSmsSettings(q, ctx, merchantId, paid.services, DEFAULT_LANGUAGE);
  if (!settings?.thankYou) return false;
  // The merchant's template asks for payment; the thanks are always the catalogue's words.
  const target = { mobile, name: text(payment.name) ?? paid.name ?? '', refno: invoiceReference, amount, link: '' };
  await ctx.outbox.enqueue(q, {
    channel: 'sms',
    recipient: mobile,
    body: smsText({ ...settings, template: null }, settings.language, 'app.sms.thank_you', target),
    language: settings.language,
    merchantId,
    sender: settings.sender,
  });
  return true;
}
