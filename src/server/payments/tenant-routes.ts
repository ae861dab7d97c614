import type { FastifyInstance } from 'fastify';
import { now as clockNow } from '../../schema/calendar';
import type { PayMerchant } from '../../shared/pay';
import type { TenantAccount, TenantLinkAnswer, TenantPayRequest, TenantReceipts } from '../../shared/tenant-pay';
import type { ServerContext } from '../context';
import { claimOf, idempotencyHeaders, readIdempotencyKey, sendReplay } from '../http/idempotency';
import { errorResponses } from '../http/shared-schemas';
import { ApiError } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { queueTenantLinkSms } from '../messaging/tenant-link-sms';
import { kuwaitToday } from './kuwait-time';
import { payMerchant } from './payable';
import { PAY_RATE_LIMITS } from './routes';
import { tenantAccountOf, tenantReceiptsOf } from './tenant-account';
import { payTenant } from './tenant-pay';
import { tenantByToken } from './tenant-payments';

/**
 * The tenant's side of the payer API (no sign-in), in the payer API's scope:
 * `GET /pay/tenant/:token` (what is still to pay), `POST /pay/tenant/:token` (pay some of it at
 * once), `GET /pay/tenant/:token/receipts` and the civil-id lookup, `GET /pay/tenant-link`, which
 * sends a tenant their link again by SMS, on the merchant's page (`GET /pay/tenant-link/:merchantId`
 * names it). The token in the link is the tenant's `pay_token`.
 */

const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 64 } },
};

const unknownLink = () => new ApiError(404, 'app.message.tenant_link_unknown');

/** The largest id a row can have (`integer`). */
const MAX_ID = 2_147_483_647;

/** Registers the tenant's payer routes; the tenant entity's `civil_id` rule checks the lookup. */
export function tenantPayRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['pay'];
  const security: [] = [];
  const civilId = ctx.entities.find((entity) => entity.$id === 'tenant')?.properties.civil_id;
  if (!civilId) return;

  app.get(
    '/pay/tenant/:token',
    {
      schema: {
        tags,
        security,
        summary: "What a tenant's link asks to pay: unpaid and overdue rent invoices, unpaid deposits",
        params: tokenParams,
        response: { 200: { $ref: 'tenant-account#' }, ...errorResponses },
      },
    },
    async (request): Promise<TenantAccount> => {
      const { token } = request.params as { token: string };
      const now = clockNow();
      const tenant = await tenantByToken(ctx, ctx.db, token, false);
      if (!tenant) throw unknownLink();
      return tenantAccountOf(ctx, ctx.db, tenant, kuwaitToday(now), now);
    },
  );

  app.get(
    '/pay/tenant/:token/receipts',
    {
      schema: {
        tags,
        security,
        summary: "The receipts of a tenant's payments, newest first, with what each paid",
        params: tokenParams,
        response: { 200: { $ref: 'tenant-receipts#' }, ...errorResponses },
      },
    },
    async (request): Promise<TenantReceipts> => {
      const { token } = request.params as { token: string };
      const tenant = await tenantByToken(ctx, ctx.db, token, false);
      if (!tenant) throw unknownLink();
      return tenantReceiptsOf(ctx, ctx.db, tenant, kuwaitToday(clockNow()));
    },
  );

  app.post(
    '/pay/tenant/:token',
    {
      onRequest: async (request) => {
        const { token } = request.params as { token: string };
        await ctx.limiter.check(`pay:${request.ip}`, PAY_RATE_LIMITS.address);
        await ctx.limiter.take(`pay:${request.ip}:tenant:${token}`, PAY_RATE_LIMITS.link);
        await ctx.limiter.hit(`pay:${request.ip}`, PAY_RATE_LIMITS.address);
      },
      preValidation: readIdempotencyKey((request) => `pay-tenant:${(request.params as { token: string }).token}`),
      schema: {
        tags,
        security,
        summary: "Pay some of a tenant's rent invoices and deposits at once, by card (sandbox)",
        description:
          'One card payment of the items chosen: all of them are paid, or none. Declined payments answer 200 ' +
          'with status `failed`; 409 when an item was paid or cancelled meanwhile, or a payment of some of them ' +
          'is still being processed (send `continue_in_flight: true` to go on); 400 for an item that is not ' +
          "one of the tenant's.",
        params: tokenParams,
        headers: idempotencyHeaders,
        body: { $ref: 'tenant-pay-request#' },
        response: { 200: { $ref: 'pay-result#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const paid = await payTenant(
        ctx,
        token,
        request.body as TenantPayRequest,
        languageOf(request),
        clockNow(),
        claimOf(request),
      );
      return paid.replay ? sendReplay(reply, paid.replay) : paid.value;
    },
  );

  app.get(
    '/pay/tenant-link/:merchantId',
    {
      schema: {
        tags,
        security,
        summary: 'The merchant whose tenants ask for their link again on its page: its names and logo',
        params: {
          type: 'object',
          required: ['merchantId'],
          properties: { merchantId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
        },
        response: { 200: { $ref: 'pay-merchant#' }, ...errorResponses },
      },
    },
    async (request): Promise<PayMerchant> => {
      const id = Number((request.params as { merchantId: string }).merchantId);
      const [merchant] =
        id <= MAX_ID ? await ctx.db.query<{ id: number }>(`select id from merchants where id = $1::integer`, [id]) : [];
      if (!merchant) throw new ApiError(404, 'app.message.record_not_found');
      return payMerchant(ctx.db, merchant.id);
    },
  );

  app.get(
    '/pay/tenant-link',
    {
      onRequest: async (request) => {
        await ctx.limiter.take(`tenant-link:${request.ip}`, ctx.rateLimits.tenantLink);
      },
      schema: {
        tags,
        security,
        summary: "Civil-id lookup: sends a tenant's link again, by SMS to the mobile on file",
        description:
          'The link is never in the answer, which is the same whether or not the merchant has a tenant ' +
          'with that civil id. Limited per address and per merchant and civil id (429).',
        querystring: {
          type: 'object',
          required: ['merchantId', 'civil_id'],
          additionalProperties: false,
          properties: {
            merchantId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
            civil_id: civilId,
          },
        },
        response: { 200: { $ref: 'message#' }, ...errorResponses },
      },
    },
    async (request): Promise<TenantLinkAnswer> => {
      const { merchantId, civil_id } = request.query as { merchantId: string; civil_id: string };
      const language = languageOf(request);
      await ctx.limiter.take(`tenant-link:${merchantId}:${civil_id}`, ctx.rateLimits.tenantLink);
      const merchant = Number(merchantId);
      // A number past any id names no merchant: the same answer as one without that tenant.
      const queued =
        merchant <= MAX_ID
          ? await ctx.db.transaction((tx) => queueTenantLinkSms(tx, ctx, merchant, civil_id, language))
          : 0;
      if (queued > 0) ctx.outbox.kick();
      return { message: t(language, 'app.message.tenant_link_sent') };
    },
  );
}
