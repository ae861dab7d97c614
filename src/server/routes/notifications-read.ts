import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { errorResponses } from '../http/shared-schemas';
import { operationGuard } from '../http/guard';

/**
 * `POST /notifications/read-all`: marks every unread notification of the merchant read at once, as
 * the notifications screen's "Mark all as read" does. Gated as a notification's update (the same
 * right that marks one read); answers how many were marked.
 */
export function notificationReadRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'notification');
  const store = ctx.stores.get('notification');
  if (!entity || !store) return;
  app.post(
    '/notifications/read-all',
    {
      onRequest: operationGuard(entity, 'update'),
      schema: {
        tags: ['notification'],
        summary: 'Mark all notifications read',
        description: "Marks every unread notification of the caller's merchant read; answers how many were marked.",
        response: {
          200: {
            type: 'object',
            required: ['marked'],
            additionalProperties: false,
            properties: { marked: { type: 'integer', minimum: 0, description: 'Notifications marked read' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const merchantId = callerOf(request).merchant.id;
      const rows = await ctx.db.query<{ id: number }>(
        `update ${store.table} set "read" = true
         where merchant_id = $1::integer and "read" is not true
         returning id`,
        [merchantId],
      );
      return { marked: rows.length };
    },
  );
}
