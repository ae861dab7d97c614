import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n';
import { normaliseKwd } from '../../shared/money';
import { PAYER_PAGES } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { t } from '../kernel/language';
import { partsOf } from '../payments/parts';
import type { ReadOf } from '../storage/entity-rows';
import { fillTemplate, ownSmsSettings, type SmsSettings } from './sms-settings';

/**
 * The SMS that carries a payment link to the payer: an invoice's (one per part for a group
 * invoice) and a subscription's. Worded by the merchant's own service settings (template, language,
 * sender id), else by the catalogue's `app.sms.invoice` / `app.sms.subscription`; queued in the caller's transaction.
 */

/** The invoice's `sms_status` values this module sets. */
export type SmsStatus = 'scheduled' | 'pending' | 'sent' | 'failed';

/** Invoice kinds whose link is the page listing their parts, when they have one. */
const PARTS_PAGE_KINDS = ['split', 'instalment'];

/** What an invoice's SMS is made of: the invoice as its store or the scheduler's SQL reads it. */
export type SmsInvoice = ReadOf<
  'invoice',
  'kind' | 'customer_name' | 'mobile' | 'reference_no' | 'amount' | 'payment_link' | 'group_link'
>;

/** What a subscription's SMS is made of. */
export type SmsSubscription = ReadOf<
  'subscription',
  'customer_name' | 'mobile' | 'reference_no' | 'amount' | 'payment_link'
>;

/** One SMS to send: to whom, and what fills the template. */
export interface SmsTarget {
  mobile: string;
  name: string;
  refno: string;
  amount: string;
  link: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The payer page of one reference (an invoice, a part, a subscription). */
const smsPayLink = (ctx: ServerContext, reference: string) =>
  `${ctx.publicUrl.replace(/\/+$/, '')}${PAYER_PAGES.sms}${encodeURIComponent(reference)}`;

/** The text of an SMS: the merchant's template followed by the link, else the catalogue's `key`. */
export function smsText(settings: SmsSettings | null, language: Language, key: string, target: SmsTarget): string {
  const values = { ...target, amount: normaliseKwd(target.amount) };
  if (settings?.template) return `${fillTemplate(settings.template, values)}\n${target.link}`;
  return t(settings?.language ?? language, key, values);
}

/** Whom an invoice's SMS go to: its mobile, or each unpaid part's member for a group invoice. */
async function targetsOf(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoice: SmsInvoice,
): Promise<SmsTarget[]> {
  const name = text(invoice.customer_name) ?? '';
  if (invoice.kind === 'group') {
    const parts = await partsOf(q, merchantId, invoice.id);
    return parts.flatMap((part) => {
      const mobile = text(part.mobile);
      if (!mobile || part.status === 'paid') return [];
      return [
        {
          mobile,
          name: text(part.customer_name) ?? name,
          refno: part.reference_no,
          amount: part.amount,
          link: smsPayLink(ctx, part.reference_no),
        },
      ];
    });
  }
  const mobile = text(invoice.mobile);
  if (!mobile) return [];
  const reference = String(invoice.reference_no);
  const ownLink = text(invoice.payment_link) ?? smsPayLink(ctx, reference);
  const link = PARTS_PAGE_KINDS.includes(String(invoice.kind)) ? (text(invoice.group_link) ?? ownLink) : ownLink;
  return [{ mobile, name, refno: reference, amount: String(invoice.amount), link }];
}

/** Sets an invoice's `sms_status`. */
export async function setSmsStatus(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoiceId: number,
  status: SmsStatus,
): Promise<void> {
  const table = ctx.stores.get('invoice')?.table;
  if (!table) return;
  await q.query(`update ${table} set sms_status = $3::text where id = $1::integer and merchant_id = $2::integer`, [
    invoiceId,
    merchantId,
    status,
  ]);
}

/**
 * Queues the SMS of one of the merchant's invoices now, in the caller's transaction, and marks the
 * invoice's `sms_status` `pending` (it becomes `sent` or `failed` with the delivery). `language` is
 * the one of the catalogue's wording when the merchant has no own quick-invoice service. Resolves
 * with how many SMS were queued (none when there is no one to send to).
 */
export async function queueInvoiceSms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoice: SmsInvoice,
  language: Language = DEFAULT_LANGUAGE,
): Promise<number> {
  const targets = await targetsOf(q, ctx, merchantId, invoice);
  if (targets.length === 0) return 0;
  const settings = await ownSmsSettings(q, ctx, merchantId, ['quick_invoice'], language);
  for (const target of targets) {
    await ctx.outbox.enqueue(q, {
      channel: 'sms',
      recipient: target.mobile,
      body: smsText(settings, language, 'app.sms.invoice', target),
      language: settings?.language ?? language,
      merchantId,
      sender: settings?.sender,
      invoiceId: invoice.id,
    });
  }
  await setSmsStatus(q, ctx, merchantId, invoice.id, 'pending');
  return targets.length;
}

/**
 * Queues the SMS with a new subscription's payment link (its first payment keeps the card), worded
 * by the merchant's own `subscription` service, else its `quick_invoice` one, else the catalogue.
 * Resolves with whether one was queued.
 */
export async function queueSubscriptionSms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  subscription: SmsSubscription,
  language: Language = DEFAULT_LANGUAGE,
): Promise<boolean> {
  const mobile = text(subscription.mobile);
  if (!mobile) return false;
  const reference = String(subscription.reference_no);
  const settings = await ownSmsSettings(q, ctx, merchantId, ['subscription', 'quick_invoice'], language);
  const target: SmsTarget = {
    mobile,
    name: text(subscription.customer_name) ?? '',
    refno: reference,
    amount: String(subscription.amount),
    link: text(subscription.payment_link) ?? smsPayLink(ctx, reference),
  };
  await ctx.outbox.enqueue(q, {
    channel: 'sms',
    recipient: mobile,
    body: smsText(settings, language, 'app.sms.subscription', target),
    language: settings?.language ?? language,
    merchantId,
    sender: settings?.sender,
  });
  return true;
}
