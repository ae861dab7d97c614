import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ASSET_AMOUNTS,
  ASSET_COUNTS,
  REPORT_MONTH_PATTERN,
  type AssetFigures,
  type AssetReport,
  type AssetReportRow,
} from '../../shared/asset-report';
import { now as clockNow } from '../../schema/calendar';
import { fromFils, toFils } from '../../shared/money';
import { callerOf } from '../auth/caller';
import { checkAccess } from '../http/guard';
import type { ServerContext } from '../context';
import { errorResponses } from '../http/shared-schemas';
import { kuwaitToday } from '../payments/kuwait-time';
import { itemPaymentsSql } from '../property/item-payments';

/**
 * The asset report (`/asset/report`): per asset of the merchant, its units by rental status and one
 * month's money, from its rent invoices due that month and their payments — the rent due (every
 * invoice not cancelled), what was collected (what the tenants' payments of those invoices took,
 * a payment refunded in full left out), what is overdue (invoices unpaid past their due date, by the Kuwait day),
 * the expenses and the net (collected less expenses). Sums are made by the database on exact
 * numerics and travel as KWD strings.
 */

/** Kuwait is UTC+3 all year; "this month" is the merchant's month. */
const KUWAIT_OFFSET_MS = 3 * 3_600_000;

/** "2026-11" of the month `now` falls in, in Kuwait. */
export function kuwaitMonth(now = Date.now()): string {
  return new Date(now + KUWAIT_OFFSET_MS).toISOString().slice(0, 7);
}

/** First day of a month and of the month after it, as dates. */
function monthBounds(month: string): [string, string] {
  const [year, number] = month.split('-').map(Number);
  const day = (monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);
  return [day(number - 1), day(number)];
}

const kwd = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{3}$' };
const count = { type: 'integer', minimum: 0 };
const figures = {
  ...Object.fromEntries(ASSET_COUNTS.map((name) => [name, count])),
  ...Object.fromEntries(ASSET_AMOUNTS.map((name) => [name, kwd])),
};
const MONEY = ['rent_due', 'collected', 'overdue', 'expenses'] as const;

const reportSchema = {
  type: 'object',
  required: ['month', 'assets', 'totals'],
  properties: {
    month: { type: 'string' },
    assets: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, ...figures },
      },
    },
    totals: { type: 'object', properties: figures },
  },
};

/** The sums of every row; net again as collected less expenses, in fils so nothing rounds. */
function totalsOf(rows: AssetReportRow[]): AssetFigures {
  const sum = (pick: (row: AssetReportRow) => string) =>
    rows.reduce((total, row) => total + (toFils(pick(row)) ?? 0n), 0n);
  const money = Object.fromEntries(MONEY.map((name) => [name, sum((row) => row[name])])) as Record<
    (typeof MONEY)[number],
    bigint
  >;
  const counted = (name: (typeof ASSET_COUNTS)[number]) => rows.reduce((total, row) => total + row[name], 0);
  return {
    units: counted('units'),
    rented: counted('rented'),
    available: counted('available'),
    blocked: counted('blocked'),
    rent_due: fromFils(money.rent_due),
    collected: fromFils(money.collected),
    overdue: fromFils(money.overdue),
    expenses: fromFils(money.expenses),
    net: fromFils(money.collected - money.expenses),
  };
}

/** `GET /asset/report?month=YYYY-MM` (default this month), behind the asset resource's gate. */
export function assetReportRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const asset = ctx.entities.find((entity) => entity.$id === 'asset');
  const tables = ['asset', 'unit', 'rent_invoice', 'expense', 'transaction'].map((name) => ctx.stores.get(name)?.table);
  if (!asset || tables.some((table) => table === undefined)) return;
  const [assets, units, rentInvoices, expenses, transactions] = tables as string[];

  app.get(
    '/asset/report',
    {
      onRequest: async (request: FastifyRequest) => checkAccess(callerOf(request), asset),
      schema: {
        tags: ['asset'],
        summary: 'Asset report: units by rental status and one month of rent and expenses per asset',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { month: { type: 'string', pattern: REPORT_MONTH_PATTERN } },
        },
        response: { 200: reportSchema, ...errorResponses },
      },
    },
    async (request): Promise<AssetReport> => {
      const month = (request.query as { month?: string }).month ?? kuwaitMonth(clockNow().getTime());
      const [from, until] = monthBounds(month);
      const rows = await ctx.db.query<AssetReportRow>(
        `with unit_counts as (
           select asset_id,
                  count(*)::integer as units,
                  (count(*) filter (where rental_status = 'rented'))::integer as rented,
                  (count(*) filter (where rental_status = 'available'))::integer as available,
                  (count(*) filter (where rental_status = 'blocked'))::integer as blocked
             from ${units} where merchant_id = $1::integer group by asset_id),
         invoiced as (
           select r.id, r.unit_id, r.reference_no, r.amount, r.status, r.due_date
             from ${rentInvoices} r
            where r.merchant_id = $1::integer and r.due_date >= $2::date and r.due_date < $3::date),
         paid as (
           select p.record_id as id, sum(p.amount) as amount
             from (${itemPaymentsSql('rent_invoice', rentInvoices, transactions)}) p
            where p.status = 'success' and p.record_id in (select id from invoiced)
            group by p.record_id),
         rent as (
           select u.asset_id,
                  coalesce(sum(i.amount) filter (where i.status <> 'cancelled'), 0) as due,
                  coalesce(sum(p.amount), 0) as collected,
                  coalesce(sum(i.amount) filter (
                    where i.status in ('unpaid', 'expired') and i.due_date < $4::date), 0) as overdue
             from invoiced i
             join ${units} u on u.id = i.unit_id and u.merchant_id = $1::integer
             left join paid p on p.id = i.id
            group by u.asset_id),
         spent as (
           select asset_id, sum(amount) as total
             from ${expenses}
            where merchant_id = $1::integer and "date" >= $2::date and "date" < $3::date
            group by asset_id)
         select a.id, a.name,
                coalesce(c.units, 0) as units, coalesce(c.rented, 0) as rented,
                coalesce(c.available, 0) as available, coalesce(c.blocked, 0) as blocked,
                coalesce(r.due, 0)::numeric(15,3)::text as rent_due,
                coalesce(r.collected, 0)::numeric(15,3)::text as collected,
                coalesce(r.overdue, 0)::numeric(15,3)::text as overdue,
                coalesce(s.total, 0)::numeric(15,3)::text as expenses,
                (coalesce(r.collected, 0) - coalesce(s.total, 0))::numeric(15,3)::text as net
           from ${assets} a
           left join unit_counts c on c.asset_id = a.id
           left join rent r on r.asset_id = a.id
           left join spent s on s.asset_id = a.id
          where a.merchant_id = $1::integer
          order by a.name`,
        [callerOf(request).merchant.id, from, until, kuwaitToday(clockNow())],
      );
      return { month, assets: rows, totals: totalsOf(rows) };
    },
  );
}
