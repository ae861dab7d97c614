import type { FastifyInstance } from 'fastify';
import { now } from '../../schema/calendar';
import { formatDay } from '../../shared/dates';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { operationGuard } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { ApiError, notFound } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { kuwaitToday } from '../payments/kuwait-time';
import { issueRentInvoices } from './rent-issue';
import { currentPeriod } from './rent-periods';
import { tenancyOf, tenancySelect, type TenancyRow } from './tenancies';

/**
 * `POST /rent-invoices/issue` `{ id }`, the tenant's `issue_rent` command: issues now the rent
 * invoice of the tenant's current period (the one under way, or the first one when it has not
 * begun), sent by SMS and e-mail as the scheduler sends it; the scheduler then leaves that period
 * alone. 409 when the tenant owes no rent (not active, no active contract, or its unit not rented)
 * or when that period's invoice exists already; nothing changes then.
 */

const body = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: 'The tenant id' } },
} as const;

export function rentIssueRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tenant = ctx.entities.find((entity) => entity.$id === 'tenant');
  const invoices = ctx.stores.get('rent_invoice');
  if (!tenant || !invoices || !ctx.stores.get('contract') || !ctx.stores.get('unit')) return;
  app.post(
    '/rent-invoices/issue',
    {
      onRequest: operationGuard(tenant, 'issue_rent'),
      schema: {
        tags: ['rent_invoice'],
        summary: "Issue the tenant's rent invoice of the current period now",
        description:
          "Issues the rent invoice of the tenant's current rent period (under way, or the first one when it has " +
          "not begun) for the unit's rent less its discount, and queues its SMS (and e-mail) in the tenant's " +
          'language with the payment link. Answers the invoice, 201. 409 when the tenant has no active contract ' +
          "on a rented unit, or when that period's invoice was issued already; 404 for an id the merchant has not.",
        body,
        response: { 201: { $ref: 'rent_invoice.record#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.body as { id: number };
      const merchantId = callerOf(request).merchant.id;
      const language = languageOf(request);
      const at = now();
      const today = kuwaitToday(at);
      const invoice = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.query<TenancyRow>(
          `${tenancySelect(ctx)} where t.id = $2::integer and t.merchant_id = $3::integer for update of t`,
          [today, id, merchantId],
        );
        if (!row) throw notFound();
        const tenancy = tenancyOf(row);
        const period = tenancy ? currentPeriod(tenancy.schedule, today) : null;
        if (!tenancy || !period) throw new ApiError(409, 'app.message.rent_no_contract');
        const issuedAlready = async () => {
          const [existing] = await tx.query<{ reference_no: string }>(
            `select reference_no from ${invoices.table}
             where tenant_id = $1::integer and period_start = $2::date order by status = 'cancelled', id limit 1`,
            [id, period.start],
          );
          if (!existing) return null;
          return new ApiError(
            409,
            'app.message.rent_already_issued',
            {},
            {
              from: formatDay(period.start, language),
              to: formatDay(period.end, language),
              reference: existing.reference_no,
            },
          );
        };
        const refusal = await issuedAlready();
        if (refusal) throw refusal;
        const [issued] = await issueRentInvoices(ctx, tx, [{ tenancy, period }], at);
        if (!issued) throw (await issuedAlready()) ?? new ApiError(409, 'app.message.rent_no_contract');
        return invoices.get(tx, merchantId, issued.id);
      });
      ctx.outbox.kick();
      return reply.code(201).send(invoice);
    },
  );
}
