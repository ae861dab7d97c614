import { createHmac } from 'node:crypto';
import type { EntityRecord } from '../../generated/entities';
import { now } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { ReadOf } from '../storage/entity-rows';

/**
 * Webhooks tell a merchant's server about its payments. Each one is first written to the
 * `webhook_delivery` log in the transaction that changed the payment (so none is lost, and none is
 * sent for a change that was rolled back), then POSTed by the dispatcher (`webhook-dispatcher.ts`).
 * The body is signed with the merchant's secret key; README "Webhooks" tells merchants how to check it.
 */

/**
 * Every event a merchant's webhook hears of (README "Webhooks"): a payment's outcome, an
 * authorisation, its capture or void, a refund processed (`payment.refunded`, in full or in part)
 * and a refund the gateway could not process.
 */
export const WEBHOOK_EVENTS = [
  'payment.success',
  'payment.failed',
  'payment.pending',
  'payment.authorized',
  'payment.captured',
  'payment.voided',
  'payment.refunded',
  'refund.failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event a transaction in each status announces. */
const EVENT_OF_STATUS: Record<string, WebhookEvent> = {
  success: 'payment.success',
  failed: 'payment.failed',
  incomplete: 'payment.failed',
  pending: 'payment.pending',
  authorized: 'payment.authorized',
  voided: 'payment.voided',
  refunded: 'payment.refunded',
};

/** Request headers of every delivery. */
export const WEBHOOK_HEADERS = {
  timestamp: 'x-bawaba-timestamp',
  signature: 'x-bawaba-signature',
  event: 'x-bawaba-event',
  delivery: 'x-bawaba-delivery',
} as const;

/** Transaction fields a webhook carries, and only these: no card number (nor its last digits), no fees. */
const TRANSACTION_FIELDS = [
  'reference_no',
  'amount',
  'payment_method',
  'status',
  'result_code',
  'auth_code',
  'payment_id',
  'track_id',
  'created_at',
] as const;

/** What a webhook reads of its transaction. */
export type AnnouncedTransaction = ReadOf<'transaction', (typeof TRANSACTION_FIELDS)[number] | 'invoice_reference'>;

export interface WebhookRequest {
  /** The transaction as stored. */
  transaction: AnnouncedTransaction;
  /** What was paid (invoice, part, open invoice or subscription); else the transaction's own. */
  invoiceReference?: string | null;
  /** The paid record's own webhook URL; else the merchant profile's is used. */
  webhookUrl?: string | null;
  /** Else derived from the transaction's status. */
  event?: WebhookEvent;
  /**
   * More of the body, beside `event` and `transaction` (which it cannot replace): what the event is
   * about besides the payment, as README "Webhooks" documents for each event.
   */
  extra?: WebhookExtra;
}

/** A refund as its events carry it (`payment.refunded`, `refund.failed`); amounts in KWD, as strings. */
export interface WebhookRefund {
  document_no: string | null;
  refund_amount: string;
  /** The transaction's whole refunded amount so far. */
  refunded_amount: string;
  status: string;
  failure_reason?: string | null;
}

/** A capture or a void of an authorisation as its events carry it (`payment.captured`, `payment.voided`). */
export interface WebhookCapture {
  document_no?: string | null;
  amount: string;
  status: string;
}

/** What an event may carry beside the transaction, by the name it has in the body. */
export interface WebhookExtra {
  refund?: WebhookRefund;
  capture?: WebhookCapture;
  void?: WebhookCapture;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The event a transaction's status announces. */
export const eventOf = (transaction: ReadOf<'transaction', 'status'>): WebhookEvent =>
  EVENT_OF_STATUS[String(transaction.status)] ?? 'payment.pending';

/** The JSON body of a webhook, as sent and as kept in the delivery log. */
export function webhookBody(
  event: WebhookEvent,
  transaction: AnnouncedTransaction,
  invoiceReference: string | null,
  extra: WebhookExtra = {},
): string {
  const fields = Object.fromEntries(TRANSACTION_FIELDS.map((name) => [name, transaction[name] ?? null]));
  return JSON.stringify({
    ...extra,
    event,
    transaction: { ...fields, invoice_reference: invoiceReference, currency: 'KWD' },
  });
}

/**
 * The `X-Bawaba-Signature` value: `v1=` and the hex HMAC-SHA256, keyed with the merchant's secret
 * key, of `<timestamp>.<body>` (the timestamp as sent in `X-Bawaba-Timestamp`, Unix seconds).
 */
export function signWebhook(secretKey: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secretKey).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The merchant profile's webhook URL, if it has one. */
async function profileWebhookUrl(q: Queryable, ctx: ServerContext, merchantId: number): Promise<string | null> {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'merchant');
  if (!entity?.['x-resource'].own) return null;
  return text((await ctx.own.read(q, entity, merchantId)).webhook_url);
}

/**
 * Queues a webhook about `transaction` in the caller's transaction: a `webhook_delivery` row,
 * pending, sent by the dispatcher once the transaction has committed (`ctx.outbox.kick()` after the
 * commit sends it at once). Goes to `webhookUrl`, else to the merchant profile's webhook URL; with
 * neither (or on a server without the delivery log), nothing is queued and null is returned.
 * `extra` adds to the body what the event is about besides the payment (`{ refund: {...} }`).
 * Returns the delivery record.
 */
export async function queueWebhook(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  { transaction, invoiceReference, webhookUrl, event, extra }: WebhookRequest,
): Promise<EntityRecord<'webhook_delivery'> | null> {
  const store = ctx.stores.get('webhook_delivery');
  const url = text(webhookUrl) ?? (await profileWebhookUrl(q, ctx, merchantId));
  if (!url || !store) return null;
  const reference = text(invoiceReference) ?? text(transaction.invoice_reference);
  const chosen = event ?? eventOf(transaction);
  const at = now().toISOString();
  return store.create(
    q,
    merchantId,
    {},
    {
      event: chosen,
      url,
      transaction_reference: text(transaction.reference_no) ?? undefined,
      invoice_reference: reference ?? undefined,
      payload: webhookBody(chosen, transaction, reference, extra),
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    },
  );
}
