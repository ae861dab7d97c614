import type { FastifyInstance, FastifyRequest } from 'fastify';
import { now as clockNow } from '../../schema/calendar';
import {
  STOCK_DEFAULT_SORT,
  STOCK_LEVELS,
  STOCK_LISTING_ENDPOINT,
  STOCK_SORTS,
  type StockLevel,
  type StockSort,
} from '../../shared/stock-listing';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { operationGuard } from '../http/guard';
import { contentRange, decodeListValue, parseListQuery, type RawListQuery } from '../http/list-params';
import { listQuerystring } from '../http/route-schemas';
import { errorResponses } from '../http/shared-schemas';
import { fieldError } from '../kernel/api-error';
import type { SortOrder } from '../storage/list-query';
import { stockListing, type StockQuery } from './stock-listing';

/**
 * `GET /v1/sales/stock-listing`: the merchant's products with their stock left, reserved and sold
 * (`stock-listing.ts`), in the list conventions of every other list (`filter`, `range`, `sort`,
 * `Content-Range`), behind the product list's gate. The filter is the product list's own
 * (`product.filter`) plus `level`.
 */

const isLevel = (value: unknown): value is StockLevel => (STOCK_LEVELS as readonly unknown[]).includes(value);

/** `filter.level`: one level or several; a 400 on `level` for anything else. */
function levelsOf(value: unknown): StockLevel[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const levels = Array.isArray(value) ? value : [value];
  if (!levels.every(isLevel)) throw fieldError('level', 'validation.enum');
  return levels;
}

/** `sort`: a column the listing shows or a count, as `[field, "ASC" | "DESC"]`. */
function sortOf(value: unknown): [StockSort, SortOrder] {
  if (value === undefined) return [...STOCK_DEFAULT_SORT];
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string')
    throw fieldError('sort', 'validation.type');
  const [field, order] = [value[0], value[1].toUpperCase()];
  if (!(STOCK_SORTS as readonly string[]).includes(field) || (order !== 'ASC' && order !== 'DESC'))
    throw fieldError('sort', 'validation.enum');
  return [field as StockSort, order];
}

/** The listing's query: the product part checked as the product list checks its own. */
function queryOf(ctx: ServerContext, raw: RawListQuery): StockQuery {
  const filter = decodeListValue('filter', raw.filter) ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw fieldError('filter', 'validation.type');
  const { level, ...products } = filter as Record<string, unknown>;
  const product = ctx.stores.get('product')?.entity;
  if (!product) throw new Error('The product entity is not served');
  const parsed = parseListQuery(ctx.validator, product, { filter: products, range: raw.range });
  return {
    filter: parsed.filter,
    levels: levelsOf(level),
    sort: sortOf(decodeListValue('sort', raw.sort)),
    range: parsed.range,
  };
}

const count = { type: 'integer', minimum: 0 };
const row = {
  type: 'object',
  required: ['id', 'title', 'title_ar', 'stock', 'low_stock_at', 'reserved', 'sold', 'level'],
  properties: {
    id: { type: 'integer', description: 'The product' },
    title: { type: 'string' },
    title_ar: { type: 'string' },
    image: { type: 'string', description: "URL of the product's picture, when it has one" },
    stock: { ...count, description: 'Units left to order' },
    low_stock_at: { ...count, description: "The product's threshold: at or below it the stock is low" },
    reserved: { ...count, description: 'Units held by unpaid orders whose hold has not run out' },
    sold: { ...count, description: 'Units of paid orders, rejected ones left out' },
    level: { type: 'string', enum: [...STOCK_LEVELS], description: '`out` (none left), `low`, or `ok`' },
  },
};

/** Registers the stock listing in the signed-in `/v1` scope. */
export function stockListingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const product = ctx.stores.get('product')?.entity;
  if (!product || !ctx.stores.get('sale_order')) return;
  app.get(
    STOCK_LISTING_ENDPOINT,
    {
      onRequest: operationGuard(product, 'list'),
      schema: {
        tags: ['product'],
        summary: "Stock listing: each product's stock left, reserved by unpaid orders and sold",
        description:
          'Answers a JSON array with `Content-Range: stock_listing <first>-<last>/<total>` and `X-Total-Count`. ' +
          "`filter` takes the product list's filter (`product.filter`: `q`, `category_id`, `bar_code`) and " +
          '`level` (`out`, `low`, `ok`, or several); `sort` one of ' +
          `${STOCK_SORTS.map((name) => `\`${name}\``).join(', ')} (default \`${STOCK_DEFAULT_SORT.join(' ')}\`). ` +
          'Reserved and sold are counted from the orders at the time of the call.',
        querystring: listQuerystring,
        response: { 200: { type: 'array', items: row }, ...errorResponses },
      },
    },
    async (request: FastifyRequest, reply) => {
      const query = queryOf(ctx, request.query as RawListQuery);
      const { rows, total } = await stockListing(ctx, ctx.db, callerOf(request).merchant.id, query, clockNow());
      reply
        .header('content-range', contentRange('stock_listing', query.range[0], rows.length, total))
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'Content-Range, X-Total-Count');
      return rows;
    },
  );
}
