import type { FastifyInstance } from 'fastify';
import { accessDenial, merchantFlags, operationGate } from '../../schema/access';
import type { EntitySchema } from '../../schema/types';
import { TRAIL_ENTITIES, TRAIL_ROOT_LIMIT, type MoneyTrail, type TrailEntity } from '../../shared/money-trail';
import { callerOf, type Caller } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { moneyTrailOf } from '../payments/money-trail';
import { idOf } from './paths';

/**
 * `GET /money-trail/{entity}/{id}`: the whole chain of a payment's money from any record of it
 * (`payments/money-trail.ts`), for the caller's merchant only (404 for another's). Behind the gate
 * of viewing the record asked for and that of viewing transactions, whose money the trail is; the
 * records of the other entities in it that the caller may not view are left out (`hidden`).
 */

const kwd = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{3}$' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableId = { type: ['integer', 'null'] } as const;

const ledgerFigures = {
  type: 'object',
  required: ['paid', 'captured', 'held', 'refunded', 'fees', 'commission', 'net'],
  properties: {
    paid: kwd,
    captured: kwd,
    held: kwd,
    refunded: kwd,
    fees: kwd,
    commission: kwd,
    net: kwd,
  },
} as const;

const posting = {
  type: 'object',
  required: ['at', 'event', 'from', 'to', 'amount', 'refund_id', 'capture_id'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    event: { type: 'string', description: 'What moved the money (payment, capture, refund, fee, commission, …)' },
    from: { ...nullableText, description: 'The ledger account the money left' },
    to: { ...nullableText, description: 'The ledger account the money went to' },
    amount: kwd,
    refund_id: nullableId,
    capture_id: nullableId,
  },
} as const;

const refund = {
  type: 'object',
  required: ['id', 'document_no', 'refund_amount', 'status', 'created_at', 'processed_at', 'refunded', 'transfer_id'],
  properties: {
    id: { type: 'integer' },
    document_no: nullableText,
    refund_amount: kwd,
    status: { type: 'string' },
    created_at: nullableText,
    processed_at: nullableText,
    refunded: { ...kwd, description: 'What the ledger gave back to the payer for it' },
    transfer_id: { ...nullableId, description: 'The transfer that deducted it' },
  },
} as const;

const capture = {
  type: 'object',
  required: ['id', 'document_no', 'amount', 'capture_type', 'status', 'rejection_reason', 'created_at', 'captured'],
  properties: {
    id: { type: 'integer' },
    document_no: nullableText,
    amount: kwd,
    capture_type: nullableText,
    status: { type: 'string' },
    rejection_reason: nullableText,
    created_at: nullableText,
    captured: { ...kwd, description: 'What the ledger moved from the authorisation to the merchant for it' },
  },
} as const;

const transaction = {
  type: 'object',
  required: [
    'id',
    'reference_no',
    'created_at',
    'payment_method',
    'status',
    'amount',
    'admin_charge',
    'commission',
    'net_amount',
    'part',
    'ledger',
    'refunds',
    'captures',
    'postings',
    'transfer_id',
  ],
  properties: {
    id: { type: 'integer' },
    reference_no: nullableText,
    created_at: nullableText,
    payment_method: nullableText,
    status: { type: 'string' },
    amount: kwd,
    admin_charge: nullableText,
    commission: nullableText,
    net_amount: nullableText,
    part: { ...nullableId, description: 'The part of the invoice it paid (split, instalment, group)' },
    ledger: ledgerFigures,
    refunds: { type: 'array', items: refund },
    captures: { type: 'array', items: capture },
    postings: { type: 'array', items: posting },
    transfer_id: { ...nullableId, description: 'The transfer that paid it out' },
  },
} as const;

const invoice = {
  type: ['object', 'null'],
  required: ['id', 'reference_no', 'invoice_number', 'kind', 'amount', 'paid_amount', 'status', 'created_at'],
  properties: {
    id: { type: 'integer' },
    reference_no: nullableText,
    invoice_number: nullableText,
    kind: nullableText,
    amount: kwd,
    paid_amount: nullableText,
    status: { type: 'string' },
    created_at: nullableText,
  },
} as const;

const transfer = {
  type: 'object',
  required: ['id', 'document_no', 'status', 'transfer_date', 'created_at', 'transaction_count', 'amount', 'share'],
  properties: {
    id: { type: 'integer' },
    document_no: nullableText,
    status: { type: 'string', enum: ['transferred', 'not_transferred', 'on_hold'] },
    transfer_date: nullableText,
    created_at: nullableText,
    transaction_count: nullableId,
    amount: { ...kwd, description: 'The whole transfer, as the ledger holds it' },
    share: { ...kwd, description: "What this trail's chains put in it" },
  },
} as const;

const TOTALS = [
  'paid',
  'captured',
  'held',
  'refunded',
  'fees',
  'commission',
  'net',
  'transferred',
  'in_transfer',
  'on_hold',
  'unsettled',
  'owed',
  'cash',
] as const;

const trailResponse = {
  type: 'object',
  required: ['entity', 'id', 'roots', 'roots_count', 'transfers', 'totals', 'balance', 'hidden'],
  properties: {
    entity: { type: 'string', enum: [...TRAIL_ENTITIES] },
    id: { type: 'integer' },
    roots: {
      type: 'array',
      maxItems: TRAIL_ROOT_LIMIT,
      description: 'Each chain: an invoice with its payments, or a payment without an invoice',
      items: {
        type: 'object',
        required: ['invoice', 'transactions'],
        properties: { invoice, transactions: { type: 'array', items: transaction } },
      },
    },
    roots_count: {
      type: 'integer',
      minimum: 0,
      description: `How many chains; the first ${TRAIL_ROOT_LIMIT} are shown`,
    },
    transfers: { type: 'array', items: transfer },
    totals: {
      type: 'object',
      required: [...TOTALS],
      properties: Object.fromEntries(TOTALS.map((name) => [name, kwd])),
      description:
        'From the ledger, over every chain: owed = in_transfer + on_hold + unsettled; cash was paid to the merchant directly',
    },
    balance: {
      type: 'object',
      required: ['balanced', 'difference'],
      properties: { balanced: { type: 'boolean' }, difference: kwd },
      description: 'paid − refunded − fees − commission = transferred + owed + cash, to the fil',
    },
    hidden: {
      type: 'array',
      items: { type: 'string', enum: [...TRAIL_ENTITIES] },
      description: 'Entities whose records the caller may not view, left out',
    },
  },
} as const;

const params = {
  type: 'object',
  additionalProperties: false,
  required: ['entity', 'id'],
  properties: {
    entity: { type: 'string', enum: [...TRAIL_ENTITIES], description: 'The kind of record the trail starts from' },
    id: { type: 'string', maxLength: 20, description: 'The id of that record (404 when it is not one)' },
  },
} as const;

/** Whether the caller may view records of `entity` (its `show` gate). */
function mayView(caller: Caller, entity: EntitySchema): boolean {
  return (
    accessDenial(operationGate(entity, 'show'), {
      role: caller.role,
      services: merchantFlags(caller.merchant.services, caller.merchant.is_multi_vendor),
      permissions: caller.permissions,
    }) === null
  );
}

/** Registers `GET /money-trail/{entity}/{id}` when the server serves every entity of a trail. */
export function moneyTrailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entities = new Map(ctx.entities.map((entity) => [entity.$id, entity]));
  const schemas = TRAIL_ENTITIES.map((name) => entities.get(name));
  if (schemas.some((schema) => schema === undefined)) return;
  const schemaOf = (name: TrailEntity) => entities.get(name) as EntitySchema;
  app.get(
    '/money-trail/:entity/:id',
    {
      onRequest: async (request) => {
        const caller = callerOf(request);
        const { entity } = request.params as { entity?: string };
        checkAccess(caller, operationGate(schemaOf('transaction'), 'show'));
        if ((TRAIL_ENTITIES as readonly string[]).includes(String(entity)))
          checkAccess(caller, operationGate(schemaOf(entity as TrailEntity), 'show'));
      },
      schema: {
        tags: ['transaction'],
        summary: 'The money trail: invoice → payments → refunds and captures → fees → transfers, with totals',
        description:
          'From an invoice, transaction, refund, capture or payment transfer, every chain it belongs to: the ' +
          'invoice, its payments (a payment without an invoice is a chain of its own), their refunds, captures and ' +
          'ledger postings, and the transfers that paid them out; from a transfer, the chains of all its payments ' +
          `and refunds (the first ${TRAIL_ROOT_LIMIT} in detail, \`roots_count\` of them in all). Totals are read ` +
          'from the ledger, exact to the fil. 404 when the record is not the merchant’s; 403 without the gates of ' +
          'viewing the record and transactions. Records of entities the caller may not view are left out (`hidden`).',
        params,
        response: { 200: trailResponse, ...errorResponses },
      },
    },
    async (request): Promise<MoneyTrail> => {
      const caller = callerOf(request);
      const { entity } = request.params as { entity: TrailEntity };
      const hidden = TRAIL_ENTITIES.filter((name) => !mayView(caller, schemaOf(name)));
      return moneyTrailOf(ctx, caller.merchant.id, entity, idOf(request), hidden);
    },
  );
}
