import type { EntityRecord } from '../../generated/entities';
import type { ServerContext } from '../context';
import type { EffectScope } from '../effects';
import type { Outcome, StoredMessage } from '../outbox/outbox';
import { queueInvoiceMessage } from './invoice-channels';
import { queueSubscriptionSms, setSmsStatus, type SmsInvoice } from './invoice-sms';

/**
 * When SMS leave and what they change: a new invoice sends its link at once through its channel (a
 * scheduled one waits for the scheduler, `sms_status` `scheduled`; one shared by its link sends
 * nothing), a new subscription sends its link, and an invoice's `sms_status` follows the delivery
 * of its message (SMS, WhatsApp or e-mail).
 */

/** The outbox channels whose delivery an invoice's `sms_status` follows. */
const INVOICE_CHANNELS: readonly string[] = ['sms', 'whatsapp', 'email'];

/** Whether an invoice waits for the scheduler: a scheduled invoice, or one an upload created to send later. */
const waitsForSchedule = (invoice: SmsInvoice & Pick<EntityRecord<'invoice'>, 'sms_status'>) =>
  invoice.kind === 'scheduled' || invoice.sms_status === 'scheduled';

/** Sends (or schedules) the message of an invoice just created; answers the invoice as it now stands. */
async function invoiceCreated(
  ctx: ServerContext,
  scope: EffectScope,
  invoice: EntityRecord<'invoice'>,
): Promise<EntityRecord<'invoice'>> {
  if (waitsForSchedule(invoice)) {
    await setSmsStatus(scope.tx, ctx, scope.merchantId, invoice.id, 'scheduled');
    return { ...invoice, sms_status: 'scheduled' };
  }
  const queued = await queueInvoiceMessage(scope.tx, ctx, scope.merchantId, invoice, scope.language);
  return queued > 0 ? { ...invoice, sms_status: 'pending' } : invoice;
}

/**
 * The invoice's `sms_status` after one of its messages was delivered or given up on: `failed` as soon as
 * one failed for good, `sent` once none is left to deliver.
 */
async function followDelivery(ctx: ServerContext, message: StoredMessage, outcome: Outcome): Promise<void> {
  const table = ctx.stores.get('invoice')?.table;
  if (!INVOICE_CHANNELS.includes(message.channel) || !message.invoiceId || !message.merchantId || !table) return;
  if (outcome === 'failed') {
    await setSmsStatus(ctx.db, ctx, message.merchantId, message.invoiceId, 'failed');
    return;
  }
  await ctx.db.query(
    `update ${table} set sms_status = 'sent'
     where id = $1::integer and merchant_id = $2::integer and sms_status = 'pending'
       and not exists (select 1 from outbox where invoice_id = $1::integer and status in ('pending', 'sending'))`,
    [message.invoiceId, message.merchantId],
  );
}

/** Registers the SMS effects of invoice and subscription creates, and the invoice's SMS status. */
export function registerSmsEffects(ctx: ServerContext): void {
  ctx.effects.onCreate('invoice', (scope, invoice) => invoiceCreated(ctx, scope, invoice));
  ctx.effects.onCreate('subscription', async (scope, subscription) => {
    await queueSubscriptionSms(scope.tx, ctx, scope.merchantId, subscription, scope.language);
  });
  ctx.outbox.onOutcome((message, outcome) => followDelivery(ctx, message, outcome));
}
