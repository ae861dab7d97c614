import { PAY_METHODS } from '../../shared/pay';
import { TENANT_ITEM_KINDS } from '../../shared/tenant-pay';
import { cardInput } from './schemas';

/**
 * JSON schemas of the tenant's payer API, the shapes of `src/shared/tenant-pay.ts`, registered by
 * `$id` beside the payer API's own (`schemas.ts`).
 */

const nullable = (type: string) => ({ type: [type, 'null'] });
const STATUSES = ['success', 'failed', 'authorized', 'pending', 'refunded', 'incomplete', 'voided'];

const tenantItem = {
  $id: 'tenant-item',
  type: 'object',
  required: ['kind', 'reference_no', 'amount', 'period_start', 'period_end', 'due_date', 'overdue', 'description'],
  properties: {
    kind: { type: 'string', enum: TENANT_ITEM_KINDS },
    reference_no: { type: 'string' },
    amount: { type: 'string', format: 'kwd' },
    period_start: nullable('string'),
    period_end: nullable('string'),
    due_date: nullable('string'),
    overdue: { type: 'boolean' },
    description: nullable('string'),
  },
};

const tenantAccount = {
  $id: 'tenant-account',
  type: 'object',
  description: "What a tenant's link shows: their unpaid and overdue rent invoices and unpaid card deposits.",
  required: ['merchant', 'tenant_name', 'unit_name', 'due', 'methods', 'in_flight', 'receipts_count'],
  properties: {
    merchant: { $ref: 'pay-merchant#' },
    tenant_name: { type: 'string' },
    unit_name: nullable('string'),
    due: { type: 'array', items: { $ref: 'tenant-item#' } },
    methods: { type: 'array', items: { type: 'string', enum: PAY_METHODS } },
    in_flight: nullable('string'),
    receipts_count: { type: 'integer' },
  },
};

const tenantPayRequest = {
  $id: 'tenant-pay-request',
  type: 'object',
  required: ['items', 'method'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      items: {
        type: 'object',
        required: ['kind', 'reference_no'],
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: TENANT_ITEM_KINDS },
          reference_no: { type: 'string', minLength: 1, maxLength: 64 },
        },
      },
      'x-messages': {
        required: 'validation.tenant_items_required',
        minItems: 'validation.tenant_items_required',
        uniqueItems: 'validation.tenant_item_unknown',
      },
    },
    method: { type: 'string', enum: PAY_METHODS, 'x-messages': { enum: 'validation.pay_method' } },
    card: cardInput,
    continue_in_flight: { type: 'boolean' },
  },
};

const tenantReceipt = {
  $id: 'tenant-receipt',
  type: 'object',
  required: [
    'transaction_reference',
    'payment_reference',
    'amount',
    'method',
    'status',
    'auth_code',
    'card_last4',
    'paid_at',
    'items',
  ],
  properties: {
    transaction_reference: { type: 'string' },
    payment_reference: { type: 'string' },
    amount: { type: 'string', format: 'kwd' },
    method: { type: 'string', enum: PAY_METHODS },
    status: { type: 'string', enum: STATUSES },
    auth_code: nullable('string'),
    card_last4: nullable('string'),
    paid_at: { type: 'string', format: 'date-time' },
    items: { type: 'array', items: { $ref: 'tenant-item#' } },
  },
};

const tenantReceipts = {
  $id: 'tenant-receipts',
  type: 'object',
  required: ['merchant', 'tenant_name', 'unit_name', 'receipts'],
  properties: {
    merchant: { $ref: 'pay-merchant#' },
    tenant_name: { type: 'string' },
    unit_name: nullable('string'),
    receipts: { type: 'array', items: { $ref: 'tenant-receipt#' } },
  },
};

/** Schemas of the tenant's payer API. */
export const tenantPaySchemas = [tenantItem, tenantAccount, tenantPayRequest, tenantReceipt, tenantReceipts];
