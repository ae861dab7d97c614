import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { actorOf } from '../history/change-history';
import { operationGuard } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { notFound } from '../kernel/api-error';
import { RESEND_COMMAND, resendWebhook } from './webhook-resend';

const body = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: 'The delivery id' } },
} as const;

/**
 * `POST /webhook-deliveries/resend` `{ id }`: the `resend` command of the delivery log, gated as
 * the log itself (its permission, or the command's own in `x-resource.permissions`). Answers the
 * new delivery.
 */
export function webhookResendRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'webhook_delivery');
  const endpoint = entity?.['x-resource'].commands?.[RESEND_COMMAND]?.endpoint;
  if (!entity || !endpoint || !ctx.stores.get(entity.$id)) return;
  app.post(
    endpoint,
    {
      onRequest: operationGuard(entity, RESEND_COMMAND),
      schema: {
        tags: [entity.$id],
        summary: 'Send a webhook again',
        description:
          'Queues a new delivery with the same event, URL and body as delivery `id` (`resent_from` names it), signed ' +
          'afresh when sent, and answers it, `status` `pending`; the original is left as it was. 409 while the ' +
          'original is still pending; 404 for an id the merchant has not.',
        body,
        response: { 200: { $ref: `${entity.$id}.record#` }, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.body as { id: number };
      const caller = callerOf(request);
      const delivery = await ctx.db.transaction((tx) =>
        resendWebhook(tx, ctx, caller.merchant.id, id, { actor: actorOf(caller) }),
      );
      if (!delivery) throw notFound();
      ctx.outbox.kick();
      return delivery;
    },
  );
}
