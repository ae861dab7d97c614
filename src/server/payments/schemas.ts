import { PAY_METHODS, TEST_WALLET_NETWORKS } from '../../shared/pay';

/**
 * JSON schemas of the payer API, the shapes of `src/shared/pay.ts`: Fastify checks requests and
 * serialises answers with them, and the OpenAPI document names them by `$id`.
 */

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const STATES = ['payable', 'paid', 'expired', 'cancelled', 'not_yet_due'];
const STATUSES = ['success', 'failed', 'authorized', 'pending', 'refunded', 'incomplete', 'voided'];

const payMerchant = {
  $id: 'pay-merchant',
  type: 'object',
  required: ['name', 'name_ar', 'logo'],
  properties: { name: { type: 'string' }, name_ar: nullable('string'), logo: nullable('string') },
};

const payField = {
  $id: 'pay-field',
  type: 'object',
  required: ['name', 'required', 'characters'],
  properties: { name: { type: 'string' }, required: { type: 'boolean' }, characters: nullable('integer') },
};

const payPart = {
  $id: 'pay-part',
  type: 'object',
  required: ['reference_no', 'seq', 'amount', 'due_date', 'customer_name', 'state', 'receipt_reference'],
  properties: {
    reference_no: { type: 'string' },
    seq: { type: 'integer' },
    amount: { type: 'string', format: 'kwd' },
    due_date: nullable('string'),
    customer_name: nullable('string'),
    state: { type: 'string', enum: STATES },
    receipt_reference: nullable('string'),
  },
};

const payable = {
  $id: 'payable',
  type: 'object',
  description: 'What a payment link asks for and whether it can be paid now.',
  required: [
    'reference_no',
    'kind',
    'invoice_kind',
    'state',
    'merchant',
    'title',
    'description',
    'customer_name',
    'amount',
    'min_amount',
    'max_amount',
    'currency',
    'methods',
    'fields',
    'expiry_date',
    'parts',
    'in_flight',
    'receipt_reference',
    'subscription',
    'parent_reference',
  ],
  properties: {
    reference_no: { type: 'string' },
    kind: { type: 'string', enum: ['invoice', 'parts', 'part', 'open', 'subscription', 'order', 'tenant'] },
    invoice_kind: { type: 'string' },
    state: { type: 'string', enum: STATES },
    merchant: { $ref: 'pay-merchant#' },
    title: nullable('string'),
    description: nullable('string'),
    customer_name: nullable('string'),
    amount: nullable('string', { description: 'KWD; null for an open amount' }),
    min_amount: nullable('string'),
    max_amount: nullable('string'),
    currency: { type: 'string', enum: ['KWD'] },
    methods: { type: 'array', items: { type: 'string', enum: PAY_METHODS } },
    fields: { type: 'array', items: { $ref: 'pay-field#' } },
    expiry_date: nullable('string'),
    parts: { type: 'array', items: { $ref: 'pay-part#' } },
    in_flight: nullable('string', { description: 'Reference of a payment of this link still being processed' }),
    receipt_reference: nullable('string'),
    subscription: {
      type: ['object', 'null'],
      required: ['frequency', 'number_of_periods', 'start_date'],
      properties: {
        frequency: { type: 'string' },
        number_of_periods: nullable('integer'),
        start_date: { type: 'string' },
      },
    },
    parent_reference: nullable('string'),
  },
};

/** The card details of a payment (`CardInput`), checked further by the processor. */
export const cardInput = {
  type: 'object',
  required: ['number', 'expiry', 'cvv'],
  additionalProperties: false,
  properties: {
    number: { type: 'string', maxLength: 30, 'x-messages': { maxLength: 'validation.card_number' } },
    expiry: { type: 'string', maxLength: 7, 'x-messages': { maxLength: 'validation.card_expiry' } },
    cvv: { type: 'string', maxLength: 4, 'x-messages': { maxLength: 'validation.card_cvv' } },
    holder: { type: 'string', maxLength: 120 },
  },
};

const payRequest = {
  $id: 'pay-request',
  type: 'object',
  required: ['method'],
  additionalProperties: false,
  properties: {
    method: { type: 'string', enum: PAY_METHODS, 'x-messages': { enum: 'validation.pay_method' } },
    amount: { type: 'string', format: 'kwd', 'x-messages': { format: 'validation.amount' } },
    card: cardInput,
    fields: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 1000 } },
    payer: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: { type: 'string', maxLength: 120 },
        mobile: { type: 'string', format: 'mobile' },
        email: { type: 'string', format: 'email', maxLength: 254 },
      },
    },
    continue_in_flight: { type: 'boolean' },
    wallet_network: { type: 'string', enum: [...TEST_WALLET_NETWORKS] },
  },
};

const payResult = {
  $id: 'pay-result',
  type: 'object',
  required: ['status', 'transaction_reference', 'result_code', 'message'],
  properties: {
    status: { type: 'string', enum: STATUSES },
    transaction_reference: { type: 'string' },
    result_code: { type: 'string' },
    message: nullable('string'),
  },
};

const receipt = {
  $id: 'receipt',
  type: 'object',
  required: [
    'transaction_reference',
    'invoice_reference',
    'merchant',
    'customer_name',
    'amount',
    'currency',
    'method',
    'status',
    'result_code',
    'auth_code',
    'payment_id',
    'track_id',
    'card_last4',
    'created_at',
  ],
  properties: {
    transaction_reference: { type: 'string' },
    invoice_reference: nullable('string'),
    merchant: { $ref: 'pay-merchant#' },
    customer_name: nullable('string'),
    amount: { type: 'string', format: 'kwd' },
    currency: { type: 'string', enum: ['KWD'] },
    method: { type: 'string', enum: PAY_METHODS },
    status: { type: 'string', enum: STATUSES },
    result_code: { type: 'string' },
    auth_code: nullable('string'),
    payment_id: nullable('string'),
    track_id: nullable('string'),
    card_last4: nullable('string'),
    created_at: { type: 'string', format: 'date-time' },
  },
};

/** Schemas of the payer API, registered once by `$id` so the OpenAPI document names them. */
export const paySchemas = [payMerchant, payField, payPart, payable, payRequest, payResult, receipt];
