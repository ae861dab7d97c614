import type { FastifyInstance } from 'fastify';
import { today } from '../../schema/calendar';
import { mayViewDashboard } from '../../shared/dashboard';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { errorResponses } from '../http/shared-schemas';
import { forbidden } from '../kernel/api-error';
import { DAYS, dashboardSummary, LATEST, MONTHS } from '../payments/dashboard';

/** `GET /dashboard`: the caller's merchant's dashboard (`payments/dashboard`). */

const date = { type: 'string', format: 'date' } as const;
const periodTotal = {
  type: 'object',
  required: ['from', 'to', 'count', 'amount'],
  properties: {
    from: date,
    to: date,
    count: { type: 'integer', description: 'Successful transactions' },
    amount: { type: 'string', format: 'kwd', description: 'Their sum in KWD, exact to the fils' },
  },
} as const;

const dashboardResponse = {
  type: 'object',
  required: ['currency', 'today', 'week', 'month', 'daily', 'monthly', 'latest'],
  properties: {
    currency: { type: 'string', enum: ['KWD'] },
    today: date,
    week: { ...periodTotal, description: 'Since Sunday, the first day of the Kuwaiti week' },
    month: { ...periodTotal, description: 'Since the first of the month' },
    daily: { type: 'array', items: periodTotal, description: `The last ${DAYS} days, oldest first` },
    monthly: { type: 'array', items: periodTotal, description: `The last ${MONTHS} months, oldest first` },
    latest: { type: 'array', items: { $ref: 'transaction.record#' }, description: `The ${LATEST} newest` },
  },
} as const;

/** Registers `GET /dashboard` when the server serves transactions. */
export function dashboardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const transactions = ctx.stores.get('transaction');
  if (!transactions) return;
  app.get(
    '/dashboard',
    {
      onRequest: async (request) => {
        if (!mayViewDashboard(callerOf(request))) throw forbidden();
      },
      schema: {
        tags: ['dashboard'],
        summary: 'Latest transactions and the weekly, monthly, daily and monthly-series totals of successful ones',
        response: { 200: dashboardResponse, ...errorResponses },
      },
    },
    async (request) => dashboardSummary(ctx.db, transactions, callerOf(request).merchant.id, today()),
  );
}
