import type { FastifyInstance } from 'fastify';
import { operationGate } from '../../schema/access';
import { now as clockNow } from '../../schema/calendar';
import { formats } from '../../schema/keywords';
import { KWD_PATTERN, toFils } from '../../shared/money';
import { ENQUIRY_KEYS, type EnquiryAnswer, type EnquirySearch } from '../../shared/transaction-enquiry';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { ApiError } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { ENQUIRY_LIMIT, enquireTransactions } from '../payments/enquiry';

/**
 * `GET /transaction-enquiry`: the transaction enquiry of SPEC §7 (`payments/enquiry.ts`), behind
 * the gate of the transactions report (`report.payment_transactions`), for the caller's merchant only.
 */

/** The mobile format's rule, as a pattern. */
const MOBILE = formats.mobile as RegExp;

const key = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' } as const;

const enquiryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    reference_no: { ...key, description: 'The transaction reference no' },
    track_id: { ...key, description: 'The track id the processor gave the payment' },
    payment_id: { ...key, description: 'The payment id the processor gave the payment' },
    // Patterns besides the formats: a query parameter of the document carries its rule in its schema.
    mobile: {
      type: 'string',
      format: 'mobile',
      pattern: MOBILE.source,
      description: "The payer's mobile; needs `amount`",
    },
    amount: { type: 'string', format: 'kwd', pattern: KWD_PATTERN.source, description: 'KWD paid; with `mobile` only' },
  },
} as const;

const enquiryResponse = {
  type: 'object',
  required: ['transactions', 'advice'],
  properties: {
    transactions: {
      type: 'array',
      maxItems: ENQUIRY_LIMIT,
      items: {
        type: 'object',
        required: ['transaction', 'stored_status', 'processor_status'],
        properties: {
          transaction: { $ref: 'transaction.record#' },
          stored_status: { type: 'string', description: 'The status stored before the processor was asked' },
          processor_status: {
            type: ['string', 'null'],
            enum: ['success', 'failed', 'pending', 'authorized', 'voided', null],
            description: 'What the processor says now; null when it never saw the payment (cash)',
          },
        },
      },
    },
    advice: {
      type: ['string', 'null'],
      description: 'Set when the same mobile paid the same amount more than once within 10 minutes',
    },
  },
} as const;

/** Registers `GET /transaction-enquiry` when the server serves transactions. */
export function transactionEnquiryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const transaction = ctx.entities.find((entity) => entity.$id === 'transaction');
  if (!transaction) return;
  const gate = operationGate(transaction, 'list');
  app.get(
    '/transaction-enquiry',
    {
      onRequest: async (request) => checkAccess(callerOf(request), gate),
      schema: {
        tags: ['transaction'],
        summary: "Find a payment by reference no, track id, payment id or the payer's mobile and amount",
        description:
          'Each match is asked of the processor, which may settle it (then stored as settled). ' +
          'The keys given must all match. Answers 400 when no key is given, or when `mobile` and ' +
          '`amount` do not come together.',
        querystring: enquiryQuery,
        response: { 200: enquiryResponse, ...errorResponses },
      },
    },
    async (request): Promise<EnquiryAnswer> => {
      const search = request.query as EnquirySearch;
      const language = languageOf(request);
      if (!ENQUIRY_KEYS.some((name) => search[name] !== undefined))
        throw new ApiError(400, 'app.message.enquiry_key_required');
      if ((search.mobile === undefined) !== (search.amount === undefined)) {
        const missing = search.mobile === undefined ? 'mobile' : 'amount';
        throw new ApiError(400, 'app.message.enquiry_mobile_amount', { [missing]: { key: 'validation.required' } });
      }
      const amount = search.amount === undefined ? undefined : (toFils(search.amount) ?? undefined);
      const found = await enquireTransactions(
        ctx,
        callerOf(request).merchant.id,
        {
          referenceNo: search.reference_no,
          trackId: search.track_id,
          paymentId: search.payment_id,
          mobile: search.mobile,
          amount,
        },
        clockNow(),
      );
      return {
        transactions: found.transactions,
        advice: found.possibleDuplicate ? t(language, 'app.message.enquiry_wait_duplicate') : null,
      };
    },
  );
}
