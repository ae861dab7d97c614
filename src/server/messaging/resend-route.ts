import type { FastifyInstance } from 'fastify';
import { commandGate } from '../../schema/access';
import { callerOf } from '../auth/caller';
import { checkAccess, operationGuard } from '../http/guard';
import type { ServerContext } from '../context';
import { ApiError, notFound } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { channelOf, queueInvoiceMessage } from './invoice-channels';

/**
 * `POST /invoice/resend` (SPEC §7 "Single invoice; detail; resend"): sends the message of one of the
 * merchant's invoices again through its channel, while there is something to pay. Gated as the
 * invoice's `resend` command: an employee needs the invoices' permission, and that of the invoice's
 * channel (`valuePermissions`: `sms.single_sms`, `sms.whatsapp` or `sms.email`).
 */

/** Why an invoice in each of these statuses, or shared by its link only, has nothing to resend. */
const REFUSED: Record<string, string> = {
  paid: 'app.message.resend_paid',
  cancelled: 'app.message.resend_cancelled',
  expired: 'app.message.resend_expired',
  url: 'app.message.resend_by_link',
};

const body = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: 'The invoice id' } },
} as const;

export function resendRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'invoice');
  const store = ctx.stores.get('invoice');
  if (!entity || !store) return;
  app.post(
    '/invoice/resend',
    {
      onRequest: operationGuard(entity, 'resend'),
      schema: {
        tags: ['invoice'],
        summary: "Send the invoice's message again",
        description:
          "Queues the invoice's message again through its channel (`send_via`: SMS, WhatsApp or e-mail; one per unpaid " +
          'part of a group invoice) and answers the invoice, `sms_status` `pending`. 403 without the permission of the ' +
          "invoice's channel; 409 when the invoice is paid, cancelled or expired, or shared by its link only " +
          '(`send_via` `url`); 404 for an id the merchant has not.',
        body,
        response: { 200: { $ref: 'invoice.record#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.body as { id: number };
      const merchantId = callerOf(request).merchant.id;
      const invoice = await ctx.db.transaction(async (tx) => {
        const [locked] = await tx.query(
          `select id from ${store.table} where id = $1::integer and merchant_id = $2::integer for update`,
          [id, merchantId],
        );
        const current = locked ? await store.get(tx, merchantId, id) : null;
        if (!current) throw notFound();
        checkAccess(callerOf(request), commandGate(entity, 'resend', current));
        const refusal = REFUSED[String(current.status)] ?? (channelOf(current) === 'url' ? REFUSED.url : undefined);
        if (refusal) throw new ApiError(409, refusal);
        await queueInvoiceMessage(tx, ctx, merchantId, current, languageOf(request));
        return store.get(tx, merchantId, id);
      });
      ctx.outbox.kick();
      return invoice;
    },
  );
}
