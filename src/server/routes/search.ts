import type { FastifyInstance } from 'fastify';
import { accessDenial, merchantFlags, operationGate } from '../../schema/access';
import { statusProperty, titleProperty } from '../../schema/recordPage';
import type { EntitySchema } from '../../schema/types';
import {
  amountOf,
  normaliseQuery,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SEARCH_PER_KIND,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
} from '../../shared/search';
import { callerOf, type Caller } from '../auth/caller';
import type { ServerContext } from '../context';
import type { Row } from '../db/database';
import { errorResponses } from '../http/shared-schemas';
import { fieldError } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { searchRecords } from '../storage/search';

/**
 * `GET /search?q=`: the app bar's search. Finds the caller's merchant's records of every entity
 * whose schema says `x-list.everywhere`, by the properties its list searches (`x-list.search`) and,
 * for a query that is an amount, its figure, behind the same gates as the entity's list and record
 * page (a kind the caller may not list is not searched at all). At most `SEARCH_PER_KIND` records a
 * kind, in the list's order, all kinds searched at once; a kind whose older records were too many
 * to search quickly says so (`complete`), even when its newest held none.
 */

const searchQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['q'],
  properties: {
    q: {
      type: 'string',
      maxLength: SEARCH_MAX_LENGTH,
      description: `A reference, a name, a mobile or an amount; at least ${SEARCH_MIN_LENGTH} characters (else 400)`,
    },
  },
} as const;

const nullableText = { type: ['string', 'null'] } as const;
const namedValue = {
  type: ['object', 'null'],
  required: ['field', 'value'],
  properties: { field: { type: 'string' }, value: { type: 'string' } },
} as const;

const searchAnswerSchema = {
  type: 'object',
  required: ['q', 'groups'],
  properties: {
    q: { type: 'string', description: 'The query as searched: trimmed, its digits Latin' },
    groups: {
      type: 'array',
      description: 'The kinds with records found (or not all searched), each with its newest matches',
      items: {
        type: 'object',
        required: ['entity', 'hits', 'more', 'complete'],
        properties: {
          entity: { type: 'string', description: 'The entity (`$id`) of the records' },
          more: {
            type: 'boolean',
            description: `More than ${SEARCH_PER_KIND} records of the kind matched, or may have (\`complete\` false)`,
          },
          complete: {
            type: 'boolean',
            description:
              'False when only the newest records of the kind were searched because too many older ones ' +
              'match to sort quickly (digits that many references share): the list’s own search finds them',
          },
          hits: {
            type: 'array',
            maxItems: SEARCH_PER_KIND,
            items: {
              type: 'object',
              required: ['id', 'title', 'status', 'figure', 'match'],
              properties: {
                id: { type: 'integer' },
                title: { ...nullableText, description: "The record's reference or name" },
                status: namedValue,
                figure: { ...nullableText, description: 'Its key amount in KWD' },
                match: { ...namedValue, description: 'The searched property that matched, when not the title' },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** Whether the caller may list and open records of `entity`. */
function maySearch(caller: Caller, entity: EntitySchema): boolean {
  const profile = {
    role: caller.role,
    services: merchantFlags(caller.merchant.services, caller.merchant.is_multi_vendor),
    permissions: caller.permissions,
  };
  return ['list', 'show'].every((operation) => accessDenial(operationGate(entity, operation), profile) === null);
}

/** A value read as text (money and dates already are, as both drivers read them). */
const textOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The answer's form of a row found. */
function hitOf(row: Row, entity: EntitySchema, title: string | undefined, query: string): SearchHit {
  const status = statusProperty(entity);
  const figure = entity['x-resource'].figure;
  const needle = query.toLowerCase();
  const matched = (entity['x-list'].search ?? []).find(
    (name) => name !== title && textOf(row[name])?.toLowerCase().includes(needle),
  );
  return {
    id: Number(row.id),
    title: title ? textOf(row[title]) : null,
    status: status && row[status] != null ? { field: status, value: String(row[status]) } : null,
    figure: figure ? textOf(row[figure]) : null,
    match: matched ? { field: matched, value: textOf(row[matched]) ?? '' } : null,
  };
}

/** Registers `GET /search` (behind sign-in). */
export function searchRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const searched = ctx.entities.filter((entity) => entity['x-list'].everywhere);
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Find records of every kind by reference, name, mobile or amount',
        description:
          `Searches the records of the entities marked \`x-list.everywhere\` (${searched.map((entity) => entity.$id).join(', ')}) ` +
          'the caller may list, by their list’s searched properties and, when the query is an amount, their key figure. ' +
          `At most ${SEARCH_PER_KIND} records a kind, newest first. 400 for a query shorter than ${SEARCH_MIN_LENGTH} characters.`,
        querystring: searchQuery,
        response: { 200: searchAnswerSchema, ...errorResponses },
      },
    },
    async (request): Promise<SearchAnswer> => {
      const q = normaliseQuery((request.query as { q: string }).q);
      if ([...q].length < SEARCH_MIN_LENGTH)
        throw fieldError('q', 'app.search.too_short', { smart_count: SEARCH_MIN_LENGTH });
      const caller = callerOf(request);
      const language = languageOf(request);
      const amount = amountOf(q);
      const groups = await Promise.all(
        searched
          .filter((entity) => maySearch(caller, entity))
          .map(async (entity): Promise<SearchGroup> => {
            const title = titleProperty(entity, ctx.entities, language);
            const status = statusProperty(entity);
            const figure = entity['x-resource'].figure;
            const shown = [title, status, figure].filter((name): name is string => name !== undefined);
            const { rows, complete } = await searchRecords(
              ctx.db,
              entity,
              caller.merchant.id,
              q,
              amount,
              { shown, figure },
              SEARCH_PER_KIND + 1,
            );
            return {
              entity: entity.$id,
              hits: rows.slice(0, SEARCH_PER_KIND).map((row) => hitOf(row, entity, title, q)),
              more: rows.length > SEARCH_PER_KIND || !complete,
              complete,
            };
          }),
      );
      return { q, groups: groups.filter((group) => group.hits.length > 0 || !group.complete) };
    },
  );
}
