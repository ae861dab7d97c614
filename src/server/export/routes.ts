import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { exportable } from '../../schema/operations';
import type { EntitySchema } from '../../schema/types';
import { callerOf } from '../auth/caller';
import { operationGuard } from '../http/guard';
import type { ServerContext } from '../context';
import { languageOf } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { kuwaitToday } from '../payments/kuwait-time';
import { parseListQuery, requestedView } from '../http/list-params';
import { datedListQuerystring, encryptedQuerystring, hasDateRange, listQuerystring } from '../http/route-schemas';
import { collectionPath } from '../routes/paths';
import { hasViewGates, readListRequest } from '../routes/resources';
import { BOM, csvRow } from './csv';
import { exportColumns } from './export-columns';
import { keysetBatches } from './keyset';

/**
 * `GET <endpoint>/export`: the whole list of an entity (or of one of its views) as a CSV file, for
 * every entity that has a list. It answers to exactly the callers, filters and sorts the list
 * does — same gates, same merchant scope, same `filter` and `sort` — except that the date range
 * may be of any length, or absent. Rows are read in keyset batches and written as the client
 * reads them, so an export of a million rows needs no more memory than one batch.
 */

export interface ExportOptions {
  /** Rows read per statement (default 5,000). */
  batchSize?: number;
}

export const DEFAULT_EXPORT_BATCH = 5_000;

const description = (entity: EntitySchema) =>
  [
    `Every row of the \`${entity.$id}\` list for the same \`filter\` and \`sort\` (no \`range\`), as \`text/csv\`, UTF-8 with a byte order mark, CRLF lines.`,
    'Columns: the list columns (the view’s, with `filter.view`), then the other readable fields; headers and enum values in the language of the `locale` header.',
    'Amounts in KWD with 3 decimals; dates `YYYY-MM-DD`; date-times in Kuwait time (UTC+3) as `YYYY-MM-DD HH:mm:ss`.',
    'The date range may be of any length, or left out for all rows, unless the list only reaches back a number of days.',
    'A cell that a spreadsheet would run as a formula starts with an apostrophe.',
  ].join('\n');

/** Registers the export route of every entity with a list. */
export function exportRoutes(app: FastifyInstance, ctx: ServerContext, options: ExportOptions = {}): void {
  const batchSize = options.batchSize ?? DEFAULT_EXPORT_BATCH;
  for (const entity of ctx.entities) {
    if (exportable(entity)) registerExport(app, ctx, entity, batchSize);
  }
}

function registerExport(app: FastifyInstance, ctx: ServerContext, entity: EntitySchema, batchSize: number): void {
  const encrypted = entity['x-resource'].encrypted === true;

  app.get(
    `${collectionPath(entity)}/export`,
    {
      // As on the list: a view may have a gate of its own, checked once the query is read.
      ...(hasViewGates(entity)
        ? {}
        : {
            onRequest: operationGuard(entity, 'export'),
          }),
      schema: {
        tags: [entity.$id],
        summary: `Export ${entity.$id} as CSV`,
        description: description(entity),
        querystring: encrypted ? encryptedQuerystring : hasDateRange(entity) ? datedListQuerystring : listQuerystring,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The CSV file, as an attachment',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const raw = await readListRequest(ctx, entity, request, 'export');
      const view = requestedView(raw);
      const query = parseListQuery(
        ctx.validator,
        entity,
        { filter: raw.filter, sort: raw.sort, from: raw.from, to: raw.to },
        undefined,
        {
          anyLength: true,
        },
      );
      const columns = exportColumns(entity, view, languageOf(request));
      const batches = keysetBatches(ctx.db, {
        entity,
        merchantId: caller.merchant.id,
        query,
        values: columns.map((column) => column.select),
        batchSize,
      });
      async function* lines(): AsyncGenerator<string> {
        yield BOM + csvRow(columns.map((column) => column.label));
        for await (const rows of batches) {
          yield rows.map((row) => csvRow(row.map((value, i) => columns[i].text(value)))).join('');
        }
      }
      // The first batch is read before answering: a failure there is still a plain error answer.
      const chunks = lines();
      const head = await chunks.next();
      const second = await chunks.next();
      const file = `${entity.$id}${view ? `-${view.replace(/_/g, '-')}` : ''}-${kuwaitToday(new Date())}.csv`;
      async function* body(): AsyncGenerator<string> {
        if (!head.done) yield head.value;
        if (second.done) return;
        yield second.value;
        yield* chunks;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(Readable.from(body(), { objectMode: false }));
    },
  );
}
