import type { FastifyInstance } from 'fastify';
import { operationGate } from '../../schema/access';
import { dateRangeProblem } from '../../schema/listDateRange';
import {
  COMMISSION_REPORT_MAX_MONTHS,
  type CommissionFigures,
  type CommissionReport,
  type CommissionReportRow,
} from '../../shared/commission-report';
import { fromFils, toFils } from '../../shared/money';
import { PAY_METHODS } from '../../shared/pay';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { ApiError } from '../kernel/api-error';
import { kuwaitDayStart } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';

/**
 * `GET /report/dynamic-commission?from=YYYY-MM-DD&to=YYYY-MM-DD`: what the dynamic commission
 * came to, per Kuwait month and payment method, over Kuwait days `from` to `to` (at most six
 * months, as the other reports): the successful payments (refunded ones included: their
 * commission was charged), what they took (`captured_amount`) and the commission stored on each
 * when its money was taken. One query over the merchant's transactions; sums are exact numerics,
 * travelling as KWD strings, and the totals are added up in fils. Behind the transactions
 * report's gate.
 */

const DAY_MS = 86_400_000;

const kwd = { type: 'string', pattern: '^[0-9]+\\.[0-9]{3}$' };
const figures = { count: { type: 'integer', minimum: 0 }, amount: kwd, commission: kwd };
const day = { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' };

const reportSchema = {
  type: 'object',
  required: ['from', 'to', 'rows', 'totals'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['month', 'payment_method', 'count', 'amount', 'commission'],
        properties: {
          month: { type: 'string', description: 'The month in Kuwait, YYYY-MM' },
          payment_method: { type: 'string', enum: [...PAY_METHODS] },
          ...figures,
        },
      },
    },
    totals: { type: 'object', required: ['count', 'amount', 'commission'], properties: figures },
  },
};

/** The sums of every row, in fils so nothing rounds. */
function totalsOf(rows: readonly CommissionReportRow[]): CommissionFigures {
  const sum = (pick: (row: CommissionReportRow) => string) =>
    rows.reduce((total, row) => total + (toFils(pick(row)) ?? 0n), 0n);
  return {
    count: rows.reduce((total, row) => total + row.count, 0),
    amount: fromFils(sum((row) => row.amount)),
    commission: fromFils(sum((row) => row.commission)),
  };
}

/** Registers `GET /report/dynamic-commission` when the server serves transactions. */
export function commissionReportRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const transaction = ctx.entities.find((entity) => entity.$id === 'transaction');
  if (!transaction) return;
  const gate = operationGate(transaction, 'list');
  const table = storeOf(ctx, 'transaction').table;
  app.get(
    '/report/dynamic-commission',
    {
      onRequest: async (request) => checkAccess(callerOf(request), gate),
      schema: {
        tags: ['transaction'],
        summary: 'Dynamic-commission report: payments, amount paid and commission per month and payment method',
        description:
          `\`from\` and \`to\` are Kuwait days. Answers 400 when either is missing, \`from\` is after \`to\` or they ` +
          `are more than ${COMMISSION_REPORT_MAX_MONTHS} months apart.`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: day, to: day },
        },
        response: { 200: reportSchema, ...errorResponses },
      },
    },
    async (request): Promise<CommissionReport> => {
      const range = request.query as { from?: string; to?: string };
      const problem = dateRangeProblem(
        { field: 'created_at', maxMonths: COMMISSION_REPORT_MAX_MONTHS },
        { from: range.from, to: range.to },
      );
      if (problem) {
        const field = problem.filter.endsWith('_gte') ? 'from' : 'to';
        throw new ApiError(400, problem.key, { [field]: { key: problem.key, params: problem.params } }, problem.params);
      }
      const from = range.from as string;
      const to = range.to as string;
      const found = await ctx.db.query<CommissionReportRow>(
        `select to_char((created_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM') as month, payment_method,
                count(*)::integer as count, sum(captured_amount)::text as amount, sum(commission)::text as commission
           from ${table}
          where merchant_id = $1::integer and status in ('success', 'refunded')
            and created_at >= $2::timestamptz and created_at < $3::timestamptz
          group by 1, 2 order by 1, 2`,
        [
          callerOf(request).merchant.id,
          kuwaitDayStart(from).toISOString(),
          new Date(kuwaitDayStart(to).getTime() + DAY_MS).toISOString(),
        ],
      );
      const rows = found.map((row) => ({
        ...row,
        amount: fromFils(toFils(row.amount) ?? 0n),
        commission: fromFils(toFils(row.commission) ?? 0n),
      }));
      return { from, to, rows, totals: totalsOf(rows) };
    },
  );
}
