import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessDenial, merchantFlags } from '../../schema/access';
import { now as clockNow } from '../../schema/calendar';
import { SEARCH_MIN_LENGTH } from '../../schema/variants';
import {
  COLLECTION_BUCKETS,
  COLLECTION_KINDS,
  COLLECTION_SORTS,
  COLLECTIONS_DEFAULT_SORT,
  COLLECTIONS_ENDPOINT,
  COLLECTIONS_REMIND_ENDPOINT,
  COLLECTIONS_TOTALS_ENDPOINT,
  KIND_ENTITIES,
  type CollectionBucket,
  type CollectionKind,
  type CollectionSort,
} from '../../shared/collections';
import { callerOf, type Caller } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { contentRange, decodeListValue, type RawListQuery } from '../http/list-params';
import { listQuerystring } from '../http/route-schemas';
import { errorResponses } from '../http/shared-schemas';
import { actorOf } from '../history/change-history';
import { fieldError, notFound } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { kuwaitToday } from '../payments/kuwait-time';
import { collectionsPage, collectionsTotals, type CollectionsQuery } from './collections';
import { sendReminder } from './reminders';

/**
 * The collections view's API, behind each kind's own gate: a caller sees the kinds whose entity
 * they may list (an employee without the rental permission sees no rent), and is refused (403, as
 * the invoices' list refuses) when that leaves none.
 *
 *   GET  /invoice/collections          a page, in the list conventions (`filter`, `range`, `sort`, `Content-Range`)
 *   GET  /invoice/collections/totals   the count and sum per age bucket, for the same `filter`
 *   POST /invoice/collections/remind   `{ id }`: reminds the row's customer, at most once a Kuwait day
 */

const MAX_PAGE = 500;

/** The kinds whose records the caller may list. */
function visibleKinds(ctx: ServerContext, caller: Caller): CollectionKind[] {
  const profile = {
    role: caller.role,
    services: merchantFlags(caller.merchant.services, caller.merchant.is_multi_vendor),
    permissions: caller.permissions,
  };
  return COLLECTION_KINDS.filter((kind) => {
    const entity = ctx.stores.get(KIND_ENTITIES[kind])?.entity;
    return entity !== undefined && accessDenial(entity, profile, 'list') === null;
  });
}

/** The caller's kinds; refused as the invoices' list is when there is none. */
function kindsOf(ctx: ServerContext, request: FastifyRequest): CollectionKind[] {
  const caller = callerOf(request);
  const kinds = visibleKinds(ctx, caller);
  const invoice = ctx.stores.get('invoice')?.entity;
  if (kinds.length === 0 && invoice) checkAccess(caller, invoice);
  return kinds;
}

/** One value or several of `allowed`, else a 400 on `field`. */
function valuesOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => (allowed as readonly unknown[]).includes(item)))
    throw fieldError(field, 'validation.enum');
  return values as T[];
}

function rangeOf(value: unknown): [number, number] {
  if (value === undefined) return [0, 24];
  const isIndex = (item: unknown): item is number => Number.isInteger(item) && (item as number) >= 0;
  if (!Array.isArray(value) || value.length !== 2 || !isIndex(value[0]) || !isIndex(value[1]) || value[1] < value[0])
    throw fieldError('range', 'validation.type');
  return [value[0], Math.min(value[1], value[0] + MAX_PAGE - 1)];
}

function sortOf(value: unknown): [CollectionSort, 'ASC' | 'DESC'] {
  if (value === undefined) return [...COLLECTIONS_DEFAULT_SORT];
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string')
    throw fieldError('sort', 'validation.type');
  const [field, order] = [value[0], value[1].toUpperCase()];
  if (!(COLLECTION_SORTS as readonly string[]).includes(field) || (order !== 'ASC' && order !== 'DESC'))
    throw fieldError('sort', 'validation.enum');
  return [field as CollectionSort, order];
}

/** The query: the filter's `kind`, `bucket` and `q`, narrowed to the caller's kinds. */
function queryOf(raw: RawListQuery, kinds: CollectionKind[]): CollectionsQuery {
  const filter = decodeListValue('filter', raw.filter) ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw fieldError('filter', 'validation.type');
  const { kind, bucket, q, ...rest } = filter as Record<string, unknown>;
  const [unknown] = Object.keys(rest);
  if (unknown !== undefined) throw fieldError(unknown, 'validation.additionalProperties');
  const text = typeof q === 'string' ? q.trim() : q;
  if (
    text !== undefined &&
    text !== null &&
    text !== '' &&
    (typeof text !== 'string' || text.length < SEARCH_MIN_LENGTH)
  )
    throw fieldError('q', 'validation.search_min', { limit: SEARCH_MIN_LENGTH });
  const asked = valuesOf('kind', kind, COLLECTION_KINDS);
  return {
    kinds: asked ? kinds.filter((name) => asked.includes(name)) : kinds,
    buckets: valuesOf<CollectionBucket>('bucket', bucket, COLLECTION_BUCKETS),
    q: typeof text === 'string' && text !== '' ? text : undefined,
    sort: sortOf(decodeListValue('sort', raw.sort)),
    range: rangeOf(decodeListValue('range', raw.range)),
  };
}

const kwd = { type: 'string', pattern: '^[0-9]+\\.[0-9]{3}$' };
const row = {
  type: 'object',
  required: ['id', 'kind', 'record_id', 'open_id', 'reference_no', 'amount', 'due_date', 'days_overdue', 'bucket'],
  properties: {
    id: { type: 'string', description: '`<kind>-<record id>`' },
    kind: { type: 'string', enum: [...COLLECTION_KINDS] },
    record_id: { type: 'integer' },
    open_id: {
      type: 'integer',
      description: 'The record the row opens, of `kind`’s entity (a part opens its invoice)',
    },
    reference_no: { type: 'string' },
    customer_name: { type: ['string', 'null'] },
    amount: kwd,
    due_date: { type: 'string', format: 'date' },
    days_overdue: { type: 'integer', description: 'Days past the due date by the Kuwait day; negative before it' },
    bucket: { type: 'string', enum: [...COLLECTION_BUCKETS] },
    last_reminder_at: { type: ['string', 'null'], format: 'date-time' },
    can_remind: { type: 'boolean', description: 'Someone to remind, and no reminder sent today' },
    contract_expiring: { type: 'boolean' },
  },
};
const sum = { type: 'object', properties: { count: { type: 'integer' }, amount: kwd } };
const totals = {
  type: 'object',
  required: ['count', 'amount', 'buckets'],
  properties: {
    count: { type: 'integer' },
    amount: kwd,
    buckets: { type: 'object', properties: Object.fromEntries(COLLECTION_BUCKETS.map((bucket) => [bucket, sum])) },
  },
};
const filterDescription =
  '`filter` takes `kind` (' +
  COLLECTION_KINDS.map((kind) => `\`${kind}\``).join(', ') +
  ', one or several), `bucket` (' +
  COLLECTION_BUCKETS.map((bucket) => `\`${bucket}\``).join(', ') +
  ') and `q` (the reference or the customer, at least 3 characters).';

/** Registers the collections view in the signed-in `/v1` scope. */
export function collectionsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const today = () => kuwaitToday(clockNow());
  const tags = ['invoice'];
  app.get(
    COLLECTIONS_ENDPOINT,
    {
      schema: {
        tags,
        summary: 'Collections: everything owed to the merchant, longest overdue first',
        description: `Answers a JSON array with \`Content-Range: collections <first>-<last>/<total>\`. ${filterDescription} \`sort\` one of ${COLLECTION_SORTS.map((name) => `\`${name}\``).join(', ')} (default \`${COLLECTIONS_DEFAULT_SORT.join(' ')}\`).`,
        querystring: listQuerystring,
        response: { 200: { type: 'array', items: row }, ...errorResponses },
      },
    },
    async (request: FastifyRequest, reply) => {
      const query = queryOf(request.query as RawListQuery, kindsOf(ctx, request));
      const { rows, total } = await collectionsPage(ctx, ctx.db, callerOf(request).merchant.id, query, today());
      reply
        .header('content-range', contentRange('collections', query.range[0], rows.length, total))
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'Content-Range, X-Total-Count');
      return rows;
    },
  );
  app.get(
    COLLECTIONS_TOTALS_ENDPOINT,
    {
      schema: {
        tags,
        summary: 'Collections totals: the count and sum of what is owed per age bucket',
        description: `The rows of the list with the same query, counted and summed. ${filterDescription}`,
        querystring: listQuerystring,
        response: { 200: totals, ...errorResponses },
      },
    },
    async (request: FastifyRequest) => {
      const query = queryOf(request.query as RawListQuery, kindsOf(ctx, request));
      return collectionsTotals(ctx, ctx.db, callerOf(request).merchant.id, query, today());
    },
  );
  app.post(
    COLLECTIONS_REMIND_ENDPOINT,
    {
      schema: {
        tags,
        summary: "Reminds a row's customer by SMS and e-mail, at most once a day",
        description:
          "Queues an SMS to the customer's mobile and an e-mail to their address (whichever they have), in their " +
          'language, and logs it; 409 when there is nobody to send it to or one was sent today (Kuwait day), 404 when ' +
          'the row is not owed (paid meanwhile) or not the merchant’s. Answers the row as it now stands.',
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', pattern: '^[a-z_]+-[0-9]{1,10}$' } },
        },
        response: { 200: row, ...errorResponses },
      },
    },
    async (request: FastifyRequest) => {
      const caller = callerOf(request);
      const kinds = kindsOf(ctx, request);
      const [name, id] = (request.body as { id: string }).id.split('-');
      const kind = kinds.find((candidate) => candidate === name);
      const recordId = Number(id);
      if (!kind || recordId > 2_147_483_647) throw notFound();
      const day = today();
      const merchantId = caller.merchant.id;
      const reminder = {
        merchantId,
        kind,
        recordId,
        today: day,
        actor: actorOf(caller),
        fallback: languageOf(request),
      };
      await ctx.db.transaction((tx) => sendReminder(ctx, tx, reminder));
      ctx.outbox.kick();
      const query: CollectionsQuery = { kinds: [kind], recordId, sort: [...COLLECTIONS_DEFAULT_SORT], range: [0, 0] };
      const [answer] = (await collectionsPage(ctx, ctx.db, merchantId, query, day)).rows;
      if (!answer) throw notFound();
      return answer;
    },
  );
}
