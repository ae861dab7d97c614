import type { FastifyInstance } from 'fastify';
import { now as clockNow } from '../../schema/calendar';
import type { OrderRequest } from '../../shared/storefront';
import type { ServerContext } from '../context';
import { claimOf, idempotencyHeaders, readIdempotencyKey, sendReplay } from '../http/idempotency';
import { errorResponses } from '../http/shared-schemas';
import { ApiError } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { orderBy, placeOrder, storeOrderOf } from './orders';
import { storeListOf } from './storefront';

/**
 * The storefront's public API (no sign-in): a sale list as customers see it, placing an order
 * from a cart, and an order as its receipt and tracking page show it. The shapes are those of
 * `src/shared/storefront.ts`.
 */

/** A path parameter naming a record by its reference (a sale list's, an order's). */
const referenceParams = (name: string) => ({
  type: 'object',
  required: [name],
  properties: { [name]: { type: 'string', minLength: 1, maxLength: 64 } },
});

/** Registers the storefront API in the `/v1` scope (public: no sign-in). */
export function storefrontRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['storefront'];
  const security: [] = [];

  app.get(
    '/storefront/lists/:saleListReference',
    {
      schema: {
        tags,
        security,
        summary: 'A sale list as its customers see it: whether it takes orders, its charges and products',
        params: referenceParams('saleListReference'),
        response: { 200: { $ref: 'store-list#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { saleListReference: reference } = request.params as { saleListReference: string };
      const list = await storeListOf(ctx, ctx.db, reference, clockNow());
      if (!list) throw new ApiError(404, 'app.message.sale_list_unknown');
      return list;
    },
  );

  app.post(
    '/storefront/lists/:saleListReference/orders',
    {
      onRequest: async (request) => {
        await ctx.limiter.take(`order:${request.ip}`, ctx.rateLimits.order);
      },
      // A customer's retry (a lost answer, a double tap) with the same key never orders twice.
      preValidation: readIdempotencyKey(
        (request) => `order:${(request.params as { saleListReference: string }).saleListReference}`,
      ),
      schema: {
        tags,
        security,
        summary: 'Place an order from a cart; its stock is held for 15 minutes until it is paid',
        description:
          '409 when the list takes no orders now, or when a line no longer matches the product ' +
          '(sold out, not that many left, over the most per order, another price): `errors` names the lines.',
        params: referenceParams('saleListReference'),
        headers: idempotencyHeaders,
        body: { $ref: 'order-request#' },
        response: { 201: { $ref: 'store-order#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { saleListReference: reference } = request.params as { saleListReference: string };
      const placed = await placeOrder(
        ctx,
        reference,
        request.body as OrderRequest,
        languageOf(request),
        clockNow(),
        claimOf(request),
      );
      if (placed.replay) return sendReplay(reply, placed.replay);
      return reply.status(201).send(placed.value);
    },
  );

  app.get(
    '/storefront/orders/:orderReference',
    {
      schema: {
        tags,
        security,
        summary: 'An order as its receipt and tracking page show it (the customer named by first name only)',
        params: referenceParams('orderReference'),
        response: { 200: { $ref: 'store-order#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { orderReference: reference } = request.params as { orderReference: string };
      const order = await orderBy(ctx, ctx.db, reference);
      if (!order) throw new ApiError(404, 'app.message.order_unknown');
      return storeOrderOf(ctx, ctx.db, order);
    },
  );
}
