import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { moneyColumns, servesTotals } from '../../schema/listColumns';
import type { EntitySchema } from '../../schema/types';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { parseListQuery, requestedView, type RawListQuery } from '../http/list-params';
import { errorResponses } from '../http/shared-schemas';
import type { EntityStore } from '../storage/records';

/**
 * `GET <endpoint>/totals`: the totals row of a list, for exactly the rows its list call would
 * answer (the same query string, filters, view, date range rule and gates): how many rows, and the
 * sum of each money column of the list (or of the view named), as decimal strings summed by the
 * database as exact numerics. Served for the entities whose lists have totals (`x-list.totals`).
 */

/** The answer's schema, as the API document shows it. */
export const totalsResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['count', 'sums'],
  properties: {
    count: { type: 'integer', minimum: 0, description: 'Rows the filter matches.' },
    sums: {
      type: 'object',
      description:
        'Sum of each money (`kwd`) column of the list, or of the view named by `filter.view`: KWD, 3 decimals.',
      additionalProperties: { type: 'string', pattern: '^-?\\d+\\.\\d{3}$' },
    },
  },
} as const;

/**
 * Registers the totals of `entity`'s list beside it, under the list's own gate (`listOptions`,
 * whose query string it shares, read as the list reads it: `readQuery`); nothing for an entity
 * whose lists have no totals.
 */
export function registerListTotals(
  app: FastifyInstance,
  ctx: ServerContext,
  entity: EntitySchema,
  store: EntityStore,
  base: string,
  listOptions: RouteShorthandOptions,
  readQuery: (request: FastifyRequest) => Promise<RawListQuery>,
): void {
  if (!servesTotals(entity)) return;
  const schema = listOptions.schema as { querystring?: unknown; tags?: string[] };
  app.get(
    `${base}/totals`,
    {
      ...(listOptions.onRequest ? { onRequest: listOptions.onRequest } : {}),
      schema: {
        tags: schema.tags,
        summary: `Totals of the ${entity.$id} list`,
        description:
          'The count and money sums of the rows the same list call (same `filter`, view and date range) would answer, all pages together; `range` and `sort` are ignored.',
        querystring: schema.querystring,
        response: { 200: totalsResponse, ...errorResponses },
      },
    },
    async (request: FastifyRequest) => {
      const raw = await readQuery(request);
      const query = parseListQuery(ctx.validator, entity, raw);
      return store.sums(ctx.db, callerOf(request).merchant.id, query, moneyColumns(entity, requestedView(raw)));
    },
  );
}
