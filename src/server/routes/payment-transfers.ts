import type { FastifyInstance } from 'fastify';
import { operationGate } from '../../schema/access';
import { now as clockNow } from '../../schema/calendar';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { languageOf } from '../kernel/language';
import { kuwaitToday } from '../payments/kuwait-time';
import { DOWNLOAD_LIMIT, transfersZip } from '../payments/transfer-download';
import { sendForTransfer } from '../payments/transfer-requests';

/**
 * Payment transfer requests beside the report's list and record (SPEC §4), behind the gate of the
 * payment transfers report, for the caller's merchant only:
 * - `POST /payment-transfer/request` `{ transaction_ids }`: the selected transactions sent for
 *   transfer as one transfer (`payments/transfer-requests.ts`);
 * - `GET /report/payment-transfer/download?ids=1,2`: the chosen transfers as one ZIP of CSVs
 *   (`payments/transfer-download.ts`).
 */

/** Most transactions one request sends. */
const REQUEST_LIMIT = 500;

const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['transaction_ids'],
  properties: {
    transaction_ids: {
      type: 'array',
      minItems: 1,
      maxItems: REQUEST_LIMIT,
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      description: 'The transactions to pay out: settled card and wallet payments in no transfer yet',
    },
  },
} as const;

const downloadQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: {
      type: 'string',
      maxLength: DOWNLOAD_LIMIT * 10,
      pattern: `^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,${DOWNLOAD_LIMIT - 1}}$`,
      description: `Ids of the transfers, comma-separated, at most ${DOWNLOAD_LIMIT}`,
    },
  },
} as const;

/** Registers the transfer request and the bulk download when the server serves payment transfers. */
export function paymentTransferRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'payment_transfer');
  if (!entity) return;
  const gate = operationGate(entity, 'list');
  const tags = ['payment_transfer'];

  app.post(
    '/payment-transfer/request',
    {
      onRequest: async (request) => checkAccess(callerOf(request), gate),
      schema: {
        tags,
        summary: 'Send selected transactions for transfer, as one payment transfer',
        description:
          'Pays out the net amounts of the transactions less the processed refunds no transfer deducted yet. ' +
          '404 when a transaction is not the merchant’s; 409 when one is not settled, is cash or is already ' +
          'in a transfer, or when the refunds exceed the net amounts.',
        body: requestBody,
        response: { 201: { $ref: 'payment_transfer.record#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { transaction_ids: ids } = request.body as { transaction_ids: number[] };
      const transfer = await sendForTransfer(ctx, callerOf(request).merchant.id, ids, clockNow());
      return reply.code(201).send(transfer);
    },
  );

  app.get(
    '/report/payment-transfer/download',
    {
      onRequest: async (request) => checkAccess(callerOf(request), gate),
      schema: {
        tags,
        summary: 'Download payment transfers with their transactions, as one ZIP of CSV files',
        description:
          'One CSV per transfer (its transactions with amounts, fees and net amounts, the refunds it deducted, ' +
          'and the total, which is its amount) and `transfers.csv` listing them; headers, row kinds and ' +
          'statuses in the language of the `locale` header, times in Kuwait time. 404 when a transfer is not ' +
          'the merchant’s.',
        querystring: downloadQuery,
        produces: ['application/zip'],
        response: {
          200: {
            description: 'The ZIP file, as an attachment',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const ids = (request.query as { ids: string }).ids.split(',').map(Number);
      const zip = await transfersZip(ctx, callerOf(request).merchant.id, ids, languageOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="payment-transfers-${kuwaitToday(clockNow())}.zip"`)
        .send(Buffer.from(zip));
    },
  );
}
