import { now as clockNow } from '../../schema/calendar';
import { type CollectionKind } from '../../shared/collections';
import { formatDay } from '../../shared/dates';
import { isLanguage, type Language } from '../../shared/i18n';
import { normaliseKwd } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { t } from '../kernel/language';
import { linkInLanguage } from '../messaging/invoice-sms';
import { ownSmsSettings } from '../messaging/sms-settings';
import { owedRow, REMINDERS } from './collections';

/**
 * A reminder of what a row of the collections view owes, to its customer or tenant: an SMS to
 * their mobile and an e-mail to their address, whichever they have, in their language (a tenant's
 * own, else the one the merchant's service sends that kind in), queued through the outbox with the
 * write that logs it (`collection_reminders`: who sent it, when, to whom). At most one a Kuwait day
 * per row: the log's key is the row and the day, so a second one that day changes nothing (409).
 */

/** The merchant's services whose SMS settings word each kind's messages. */
const SERVICES: Record<CollectionKind, string[]> = {
  invoice: ['quick_invoice'],
  invoice_part: ['quick_invoice'],
  open_invoice: ['open_invoice', 'quick_invoice'],
  subscription: ['subscription', 'quick_invoice'],
  rent_invoice: ['quick_invoice'],
  deposit: ['quick_invoice'],
};

export interface Reminder {
  merchantId: number;
  kind: CollectionKind;
  recordId: number;
  today: string;
  /** Who sends it, as the log names them. */
  actor: string;
  /** The language of whoever asked, when the customer's is not known. */
  fallback: Language;
}

/** Sends the reminder in the caller's transaction; refuses (409) when it cannot or was sent today, 404 when nothing is owed. */
export async function sendReminder(ctx: ServerContext, q: Queryable, reminder: Reminder): Promise<void> {
  const { merchantId, kind, recordId, today } = reminder;
  const row = await owedRow(ctx, q, merchantId, kind, recordId, today);
  if (!row) throw new ApiError(404, 'app.message.record_not_found');
  const to = [
    row.mobile && { channel: 'sms' as const, recipient: row.mobile },
    row.email && { channel: 'email' as const, recipient: row.email },
  ].filter((target): target is { channel: 'sms' | 'email'; recipient: string } => Boolean(target));
  if (to.length === 0) throw new ApiError(409, 'app.collections.no_contact');
  const [logged] = await q.query<{ id: number }>(
    `insert into ${REMINDERS} (merchant_id, kind, record_id, day, channels, recipients, sent_by, sent_at)
     values ($1::integer, $2::text, $3::integer, $4::date, $5::text, $6::text, $7::text, $8::timestamptz)
     on conflict (merchant_id, kind, record_id, day) do nothing returning id`,
    [
      merchantId,
      kind,
      recordId,
      today,
      to.map((target) => target.channel).join(','),
      to.map((target) => target.recipient).join(','),
      reminder.actor,
      clockNow().toISOString(),
    ],
  );
  if (!logged) throw new ApiError(409, 'app.collections.reminded_today');
  const settings = await ownSmsSettings(q, ctx, merchantId, SERVICES[kind], reminder.fallback);
  const language: Language = isLanguage(row.language) ? row.language : (settings?.language ?? reminder.fallback);
  const values = {
    name: row.customer_name ?? '',
    refno: row.reference_no,
    amount: normaliseKwd(String(row.amount)),
    date: formatDay(row.due_date, language),
    smart_count: Math.max(row.days_overdue, 0),
  };
  const wording = row.days_overdue > 0 ? 'overdue' : 'due';
  // Where to pay, on a line of its own; a deposit paid in cash has none.
  const link = row.link ? `\n${linkInLanguage(row.link, language)}` : '';
  for (const { channel, recipient } of to) {
    await ctx.outbox.enqueue(q, {
      channel,
      recipient,
      language,
      merchantId,
      ...(channel === 'sms'
        ? { body: `${t(language, `app.collections.reminder.sms_${wording}`, values)}${link}`, sender: settings?.sender }
        : {
            subject: t(language, 'app.collections.reminder.email_subject', values),
            body: `${t(language, `app.collections.reminder.email_${wording}`, values)}${link}`,
          }),
    });
  }
}
