import type { EntityRecord } from '../../generated/entities';
import { commandMatches } from '../../schema/access';
import { now as clockNow } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';

/**
 * Resending a webhook (the delivery's `resend` command): a merchant whose endpoint was down, or
 * who lost what it received, has the same event sent again. The resend is a new delivery row with
 * the original's event, URL, references and body, pointing at it (`resent_from`), so the log keeps
 * both: the original's attempts stay as they were. The dispatcher signs the body when it sends it,
 * so the new delivery carries a fresh timestamp and signature.
 */

/** The command of `x-resource.commands` that resends a delivery. */
export const RESEND_COMMAND = 'resend';

/**
 * Queues delivery `id` of the merchant again, in the caller's transaction, as a new pending
 * delivery made at `now`; `ctx.outbox.kick()` after the commit sends it. Null when the merchant has
 * no such delivery; 409 while the original is still being sent (its own retries would race the new
 * one). The new row's `resent_from` is audited, so the activity log says who resent it.
 */
export async function resendWebhook(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  id: number,
  { now = clockNow(), actor }: { now?: Date; actor?: string } = {},
): Promise<EntityRecord<'webhook_delivery'> | null> {
  const store = ctx.stores.get('webhook_delivery');
  if (!store) return null;
  const original = await store.get(q, merchantId, id, { lock: true });
  if (!original) return null;
  if (!commandMatches(store.entity, RESEND_COMMAND, original))
    throw new ApiError(409, 'app.message.webhook_resend_pending');
  const at = now.toISOString();
  return store.create(
    q,
    merchantId,
    {},
    {
      event: original.event,
      url: original.url,
      transaction_reference: original.transaction_reference,
      invoice_reference: original.invoice_reference,
      payload: original.payload,
      resent_from: original.id,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    },
    actor,
  );
}
