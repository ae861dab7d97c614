import type { EntityRecord } from '../../generated/entities';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n';
import { normaliseKwd } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { invoiceEmail } from '../outbox/templates';
import { linkInLanguage, queueInvoiceSms, setSmsStatus, targetsOf, type SmsInvoice } from './invoice-sms';
import { ownSmsSettings } from './sms-settings';

/**
 * How an invoice reaches the payer (`send_via`): an SMS or a WhatsApp message with the same text to
 * the mobile, an e-mail with the link to the e-mail address, or nothing at all for `url` (the
 * merchant shares the link themselves). Each message is queued in the caller's transaction and the
 * invoice's `sms_status` follows it.
 */

/** An invoice's channel. */
export type InvoiceChannel = NonNullable<EntityRecord<'invoice'>['send_via']>;

/** An invoice as its e-mail is written: with the day its link can be paid until, when it is known. */
type EmailInvoice = SmsInvoice & { expiry_date?: string | null };

/** The channel an invoice goes by: SMS when it names none (scheduled and bulk invoices, older ones). */
export const channelOf = (invoice: Pick<SmsInvoice, 'send_via'>): InvoiceChannel => invoice.send_via ?? 'sms';

/**
 * Queues the e-mail of one of the merchant's invoices (one per unpaid member with an address for a
 * group invoice), worded in the merchant's SMS language, else `language`, and marks the invoice's
 * `sms_status` `pending`. Resolves with how many were queued.
 */
async function queueInvoiceEmail(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoice: EmailInvoice,
  language: Language,
): Promise<number> {
  const targets = await targetsOf(q, ctx, merchantId, invoice, 'email');
  if (targets.length === 0) return 0;
  const wording = (await ownSmsSettings(q, ctx, merchantId, ['quick_invoice'], language))?.language ?? language;
  for (const target of targets) {
    const { subject, body } = invoiceEmail(wording, {
      ...target,
      link: linkInLanguage(target.link, wording),
      expiry: invoice.expiry_date,
      amount: normaliseKwd(target.amount),
    });
    await ctx.outbox.enqueue(q, {
      channel: 'email',
      recipient: target.to,
      subject,
      body,
      language: wording,
      merchantId,
      invoiceId: invoice.id,
    });
  }
  await setSmsStatus(q, ctx, merchantId, invoice.id, 'pending');
  return targets.length;
}

/**
 * Queues the message of one of the merchant's invoices through its channel now, in the caller's
 * transaction. Resolves with how many messages were queued (none for `url`, or with no one to send to).
 */
export async function queueInvoiceMessage(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoice: EmailInvoice,
  language: Language = DEFAULT_LANGUAGE,
): Promise<number> {
  const channel = channelOf(invoice);
  if (channel === 'url') return 0;
  if (channel === 'email') return queueInvoiceEmail(q, ctx, merchantId, invoice, language);
  return queueInvoiceSms(q, ctx, merchantId, invoice, language, channel);
}
