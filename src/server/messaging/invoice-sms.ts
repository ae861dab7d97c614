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
 * invoice, also sent as a WhatsApp message) and a subscription's. Worded by the merchant's own service settings (template, language,
 * sender id), else by the catalogue's `app.sms.invoice` / `app.sms.subscription`; queued in the caller's transaction.
 */

/** The invoice's `sms_status` values this module sets. */
export type SmsStatus = 'scheduled' | 'pending' | 'sent' | 'failed';

/** Invoice kinds whose link is the page listing their parts, when they have one. */
const PARTS_PAGE_KINDS = ['split', 'instalment'];

/** What an invoice's messages are made of: the invoice as its store or the scheduler's SQL reads it. */
export type SmsInvoice = ReadOf<
  'invoice',
  'kind' | 'customer_name' | 'mobile' | 'email' | 'send_via' | 'reference_no' | 'amount' | 'payment_link' | 'group_link'
>;

/** What a subscription's SMS is made of. */
export type SmsSubscription = ReadOf<
  'subscription',
  'customer_name' | 'mobile' | 'reference_no' | 'amount' | 'payment_link'
>;

/** The channels that carry the SMS text to the payer's mobile. */
export type MobileChannel = 'sms' | 'whatsapp';

/** What fills the text of a payment message. */
export interface PayValues {
  name: string;
  refno: string;
  amount: string;
  link: string;
}

/** One SMS to send: to whom, and what fills the template. */
export interface SmsTarget extends PayValues {
  mobile: string;
}

/** One message with an invoice's (or a part's) link: its recipient, a mobile or an e-mail address. */
export interface InvoiceTarget extends PayValues {
  to: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The payer page of one reference (an invoice, a part, a subscription). */
const smsPayLink = (ctx: ServerContext, reference: string) =>
  `${ctx.publicUrl.replace(/\/+$/, '')}${PAYER_PAGES.sms}${encodeURIComponent(reference)}`;

/**
 * A payer page's link that opens in the language its message is written in: the payer reads the
 * SMS in Arabic, so the page says `?lng=ar` (an English link stays as it is, English being the
 * pages' default). A link that is not a web address (none, for a thank-you) is left alone.
 */
export function linkInLanguage(link: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || !/^https?:\/\//.test(link)) return link;
  const url = new URL(link);
  url.searchParams.set('lng', language);
  return url.toString();
}

/**
 * The text of an SMS: the merchant's template followed by the link, else the catalogue's `key`;
 * the link opens the payer page in the message's language.
 */
export function smsText(settings: SmsSettings | null, language: Language, key: string, target: PayValues): string {
  const wording = settings?.language ?? language;
  const link = linkInLanguage(target.link, wording);
  const values = { ...target, link, amount: normaliseKwd(target.amount) };
  if (settings?.template) return `${fillTemplate(settings.template, values)}\n${link}`;
  return t(wording, key, values);
}

/** The e-mail address of each of the merchant's customers among `ids` that has one. */
async function customerEmails(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  ids: number[],
): Promise<Map<number, string>> {
  const table = ctx.stores.get('customer')?.table;
  if (!table || ids.length === 0) return new Map();
  const rows = await q.query<{ id: number; email: string | null }>(
    `select id, email from ${table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)`,
    [merchantId, JSON.stringify(ids)],
  );
  return new Map(rows.flatMap((row) => (text(row.email) ? [[row.id, String(row.email).trim()] as const] : [])));
}

/**
 * Whom an invoice's messages go to: its mobile (its e-mail address for `email`), or each unpaid
 * part's member for a group invoice (the customer's e-mail address for `email`).
 */
export async function targetsOf(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoice: SmsInvoice,
  channel: MobileChannel | 'email' = 'sms',
): Promise<InvoiceTarget[]> {
  const name = text(invoice.customer_name) ?? '';
  if (invoice.kind === 'group') {
    const parts = (await partsOf(q, merchantId, invoice.id)).filter((part) => part.status !== 'paid');
    const members = parts.flatMap((part) => (part.customer_id ? [part.customer_id] : []));
    const emails = channel === 'email' ? await customerEmails(q, ctx, merchantId, members) : new Map<number, string>();
    return parts.flatMap((part) => {
      const to = channel === 'email' ? emails.get(part.customer_id ?? 0) : text(part.mobile);
      if (!to) return [];
      return [
        {
          to,
          name: text(part.customer_name) ?? name,
          refno: part.reference_no,
          amount: part.amount,
          link: smsPayLink(ctx, part.reference_no),
        },
      ];
    });
  }
  const to = text(channel === 'email' ? invoice.email : invoice.mobile);
  if (!to) return [];
  const reference = String(invoice.reference_no);
  const ownLink = text(invoice.payment_link) ?? smsPayLink(ctx, reference);
  const link = PARTS_PAGE_KINDS.includes(String(invoice.kind)) ? (text(invoice.group_link) ?? ownLink) : ownLink;
  return [{ to, name, refno: reference, amount: String(invoice.amount), link }];
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
 * the one of the catalogue's wording when the merchant has no own quick-invoice service; with
 * `channel` `whatsapp` the same text goes as a WhatsApp message. Resolves with how many messages
 * were queued (none when there is no one to send to).
 */
export async function queueInvoiceSms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoice: SmsInvoice,
  language: Language = DEFAULT_LANGUAGE,
  channel: MobileChannel = 'sms',
): Promise<number> {
  const targets = await targetsOf(q, ctx, merchantId, invoice, channel);
  if (targets.length === 0) return 0;
  const settings = await ownSmsSettings(q, ctx, merchantId, ['quick_invoice'], language);
  for (const target of targets) {
    await ctx.outbox.enqueue(q, {
      channel,
      recipient: target.to,
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
