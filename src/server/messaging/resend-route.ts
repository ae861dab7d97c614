import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationGate } from '../../schema/access';
import { callerOf } from '../auth/caller';
import { checkAccess } from '../http/guard';
import type { ServerContext } from '../context';
import { ApiError, notFound } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { queueInvoiceSms } from './invoice-sms';

/**
 * `POST /invoice/resend` (SPEC §7 "Single invoice; detail; resend"): sends the SMS of one of the
 * merchant's invoices again, while there is something to pay. Gated as the invoice's `resend` command
 * (`x-resource.permissions`: an employee needs the single SMS permission besides the invoices').
 */

/** Why an invoice in each of these statuses has nothing to resend. */
const REFUSED: Record<string, string> = {
  paid: 'app.message.resend_paid',
  cancelled: 'app.message.resend_cancelled',
  expired: 'app.message.resend_expired',
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
      onRequest: async (request: FastifyRequest) => checkAccess(callerOf(request), operationGate(entity, 'resend')),
      schema: {
        tags: ['invoice'],
        summary: 'Send the invoice SMS again',
        description:
          "Queues the invoice's SMS again (one per unpaid part of a group invoice) and answers the invoice, " +
          '`sms_status` `pending`. 409 when the invoice is paid, cancelled or expired; 404 for an id the merchant has not.',
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
        const refusal = REFUSED[String(current.status)];
        if (refusal) throw new ApiError(409, refusal);
        await queueInvoiceSms(tx, ctx, merchantId, current, languageOf(request));
        return store.get(tx, merchantId, id);
      });
      ctx.outbox.kick();
      return invoice;
    },
  );
}
