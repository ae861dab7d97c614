import type { FastifyInstance } from 'fastify';
import { now as clockNow } from '../../schema/calendar';
import type { PayRequest } from '../../shared/pay';
import type { ServerContext } from '../context';
import { ApiError } from '../kernel/api-error';
import { claimOf, idempotencyHeaders, readIdempotencyKey, sendReplay } from '../http/idempotency';
import { languageOf } from '../kernel/language';
import type { Limit } from '../auth/rate-limits';
import { errorResponses } from '../http/shared-schemas';
import { kuwaitToday } from './kuwait-time';
import { pay } from './pay';
import { countVisit, payableOf } from './payable';
import { receiptOf } from './receipt';
import { expireIfDue } from './states';
import { paymentTerms, serviceTypesOf } from './terms';
import { findTarget } from './targets';

/**
 * The public payer API (no sign-in): `GET /pay/:reference`, `POST /pay/:reference` and
 * `GET /pay/receipt/:transactionReference`. The shapes are those of `src/shared/pay.ts`.
 */

const referenceParams = {
  type: 'object',
  required: ['reference'],
  properties: { reference: { type: 'string', minLength: 1, maxLength: 64 } },
};

/**
 * Payment attempts per address, and per address and link: enough for the payers behind one mobile
 * network address, too few to try a list of stolen cards on a link.
 */
export const PAY_RATE_LIMITS: { address: Limit; link: Limit } = {
  address: { max: 120, windowMs: 15 * 60_000 },
  link: { max: 20, windowMs: 15 * 60_000 },
};

/** Registers the payer API in the `/v1` scope (public: no sign-in). */
export function payRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['pay'];
  const security: [] = [];

  app.get(
    '/pay/receipt/:transactionReference',
    {
      schema: {
        tags,
        security,
        summary: 'The receipt of a payment',
        params: {
          type: 'object',
          required: ['transactionReference'],
          properties: { transactionReference: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: { 200: { $ref: 'receipt#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { transactionReference } = request.params as { transactionReference: string };
      return receiptOf(ctx, ctx.db, transactionReference);
    },
  );

  app.get(
    '/pay/:reference',
    {
      schema: {
        tags,
        security,
        summary: 'What a payment link asks for; `visit=1` counts a visit of the link',
        params: referenceParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { visit: { type: 'string', enum: ['0', '1'] } },
        },
        response: { 200: { $ref: 'payable#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { reference } = request.params as { reference: string };
      const visit = (request.query as { visit?: string }).visit === '1';
      const now = clockNow();
      const today = kuwaitToday(now);
      return ctx.db.transaction(async (tx) => {
        const found = await findTarget(ctx, tx, reference, false);
        // What a tenant pays at once shows on the tenant's own page only, which their token opens.
        if (!found || found.kind === 'tenant') throw new ApiError(404, 'app.message.pay_link_unknown');
        const terms = await paymentTerms(tx, ctx, found.merchantId, serviceTypesOf(found));
        const target = await expireIfDue(ctx, tx, found, now, terms.smsActiveMinutes);
        if (visit) await countVisit(ctx, tx, target);
        return payableOf(tx, target, today, now);
      });
    },
  );

  app.post(
    '/pay/:reference',
    {
      onRequest: async (request) => {
        const { reference } = request.params as { reference: string };
        await ctx.limiter.check(`pay:${request.ip}`, PAY_RATE_LIMITS.address);
        await ctx.limiter.take(`pay:${request.ip}:${reference}`, PAY_RATE_LIMITS.link);
        await ctx.limiter.hit(`pay:${request.ip}`, PAY_RATE_LIMITS.address);
      },
      // A payer's retry (a lost answer, a double tap) with the same key never pays twice.
      preValidation: readIdempotencyKey((request) => `pay:${(request.params as { reference: string }).reference}`),
      schema: {
        tags,
        security,
        summary: 'Pay a payment link (the sandbox processor stands in for the card networks)',
        description:
          'Declined payments answer 200 with status `failed`; 409 when the link is paid, expired, cancelled, ' +
          'not yet due, or has a payment still being processed (send `continue_in_flight: true` to go on).',
        params: referenceParams,
        headers: idempotencyHeaders,
        body: { $ref: 'pay-request#' },
        response: { 200: { $ref: 'pay-result#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reference } = request.params as { reference: string };
      const paid = await pay(
        ctx,
        reference,
        request.body as PayRequest,
        languageOf(request),
        clockNow(),
        claimOf(request),
      );
      return paid.replay ? sendReplay(reply, paid.replay) : paid.value;
    },
  );
}
