import type { FastifyInstance } from 'fastify';
import { operationGate } from '../../schema/access';
import {
  LIMITED_SERVICES,
  USAGE_REPORT_MAX_MONTHS,
  type MerchantUsageReport,
  addToMonth,
  monthsBetween,
  usageRangeProblem,
  type ServiceLimits,
} from '../../shared/merchant-usage';
import { fromFils, toFils } from '../../shared/money';
import { PAY_METHODS } from '../../shared/pay';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { ApiError } from '../kernel/api-error';
import { paymentsByDayAndMethod } from '../ledger/payments-by-method';
import { kuwaitDayStart } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';
import { usageMonths, type CountRow } from './merchant-usage-months';

/**
 * `GET /report/merchant-usage?from=YYYY-MM&to=YYYY-MM`: per Kuwait month from `from` to `to` (at
 * most six, both included), the messages the outbox sent by channel, the invoices created by kind
 * and the payments taken by method (from the ledger's entries), against the limits of the
 * merchant's own payment services. Behind the transactions report's gate, as the other reports.
 */

const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' };
const kwd = { type: 'string', pattern: '^[0-9]+\\.[0-9]{3}$' };
const count = { type: 'integer', minimum: 0 };
const share = { type: ['number', 'null'], minimum: 0 };
const counts = { type: 'object', additionalProperties: count };

const limitsSchema = {
  type: 'object',
  required: ['service_type', 'max_transaction_amount', 'max_transactions_per_day', 'daily_total', 'monthly_total'],
  properties: {
    service_type: { type: 'string' },
    max_transaction_amount: kwd,
    max_transactions_per_day: count,
    daily_total: kwd,
    monthly_total: kwd,
  },
};

const figures = { type: 'object', required: ['count', 'amount'], properties: { count, amount: kwd } };

const monthSchema = {
  type: 'object',
  required: [
    'month',
    'messages',
    'invoices',
    'payments',
    'payments_total',
    'busiest_day',
    'largest_payment',
    'limits_used',
  ],
  properties: {
    month: { type: 'string', description: 'The month in Kuwait, YYYY-MM' },
    messages: { ...counts, description: 'Messages sent, by channel (sms, whatsapp, email)' },
    invoices: { ...counts, description: 'Invoices created, by kind' },
    payments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['payment_method', 'count', 'amount'],
        properties: { payment_method: { type: 'string', enum: [...PAY_METHODS] }, count, amount: kwd },
      },
    },
    payments_total: figures,
    busiest_day: figures,
    largest_payment: kwd,
    limits_used: {
      type: 'array',
      description: 'Percent of each limit used; null where the limit is 0 (unlimited)',
      items: {
        type: 'object',
        required: ['service_type', 'monthly_total', 'daily_total', 'transactions_per_day', 'transaction_amount'],
        properties: {
          service_type: { type: 'string' },
          monthly_total: share,
          daily_total: share,
          transactions_per_day: share,
          transaction_amount: share,
        },
      },
    },
  },
};

const reportSchema = {
  type: 'object',
  required: ['from', 'to', 'limits', 'months'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    limits: { type: 'array', items: limitsSchema },
    months: { type: 'array', items: monthSchema },
  },
};

/** Registers `GET /report/merchant-usage` when the server serves transactions. */
export function merchantUsageReportRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const transaction = ctx.entities.find((entity) => entity.$id === 'transaction');
  if (!transaction) return;
  const gate = operationGate(transaction, 'list');
  app.get(
    '/report/merchant-usage',
    {
      onRequest: async (request) => checkAccess(callerOf(request), gate),
      schema: {
        tags: ['transaction'],
        summary:
          'Merchant usage report: messages sent, invoices created and payments taken per month, against the limits',
        description:
          '`from` and `to` are Kuwait months (YYYY-MM), both included. Answers 400 when either is missing, `from` is ' +
          `after \`to\` or they span more than ${USAGE_REPORT_MAX_MONTHS} months. Limits of 0 are unlimited.`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: month, to: month },
        },
        response: { 200: reportSchema, ...errorResponses },
      },
    },
    async (request): Promise<MerchantUsageReport> => {
      const { from, to } = request.query as { from?: string; to?: string };
      const problem = usageRangeProblem(from, to);
      if (problem) {
        const { field, key, params } = problem;
        throw new ApiError(400, key, { [field]: { key, params } }, params);
      }
      const range = { from: from as string, to: to as string };
      const merchantId = callerOf(request).merchant.id;
      const start = kuwaitDayStart(`${range.from}-01`);
      const end = kuwaitDayStart(`${addToMonth(range.to, 1)}-01`);
      const kuwaitMonth = (column: string) => `to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;
      const bounds = [merchantId, start.toISOString(), end.toISOString()];
      const messages = await ctx.db.query<CountRow>(
        `select ${kuwaitMonth('sent_at')} as month, channel as key, count(*)::integer as count
           from outbox
          where merchant_id = $1::integer and status = 'sent' and sent_at >= $2::timestamptz and sent_at < $3::timestamptz
            and channel in ('sms', 'whatsapp', 'email')
          group by 1, 2`,
        bounds,
      );
      const invoices = ctx.stores.get('invoice')
        ? await ctx.db.query<CountRow>(
            `select ${kuwaitMonth('created_at')} as month, kind as key, count(*)::integer as count
               from ${storeOf(ctx, 'invoice').table}
              where merchant_id = $1::integer and created_at >= $2::timestamptz and created_at < $3::timestamptz
              group by 1, 2`,
            bounds,
          )
        : [];
      const payments = await paymentsByDayAndMethod(ctx.db, merchantId, start, end);
      const limits = await serviceLimits(ctx, merchantId);
      return {
        ...range,
        limits,
        months: usageMonths(monthsBetween(range.from, range.to), messages, invoices, payments, limits),
      };
    },
  );
}

/** The limits of each of the merchant's own payment services (its newest of a type, as its payments read them). */
async function serviceLimits(ctx: ServerContext, merchantId: number): Promise<ServiceLimits[]> {
  if (!ctx.stores.get('merchant_service')) return [];
  const rows = await ctx.db.query<{
    service_type: string;
    max_transaction_amount: string | null;
    max_transactions_per_day: number;
    daily_total: string | null;
    monthly_total: string | null;
  }>(
    `select distinct on (service_type) id, service_type, max_transaction_amount::text as max_transaction_amount,
            coalesce(max_transactions_per_day, 0)::integer as max_transactions_per_day,
            daily_total::text as daily_total, monthly_total::text as monthly_total
       from ${storeOf(ctx, 'merchant_service').table}
      where merchant_id = $1::integer and sub_merchant_id is null
        and service_type in (select jsonb_array_elements_text($2::text::jsonb))
      order by service_type, id desc`,
    [merchantId, LIMITED_SERVICES],
  );
  const kwd = (value: string | null) => fromFils(toFils(value ?? '0') ?? 0n);
  return LIMITED_SERVICES.flatMap((type) => rows.filter((row) => row.service_type === type)).map((row) => ({
    service_type: row.service_type,
    max_transaction_amount: kwd(row.max_transaction_amount),
    max_transactions_per_day: row.max_transactions_per_day,
    daily_total: kwd(row.daily_total),
    monthly_total: kwd(row.monthly_total),
  }));
}
