import { TRAIL_ENTITIES, TRAIL_ROOT_LIMIT } from './money-trail';

/**
 * The JSON schema of the money trail's answer (`GET /v1/money-trail/{entity}/{id}`): the route
 * declares it as its response (validation, serialisation, the API document) and
 * `npm run generate` derives the TypeScript types of `src/generated/money-trail.ts` from it, so
 * the answer's shape is said once. Each `title` names a generated type.
 */

const kwd = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{3}$' } as const;
const text = { type: 'string' } as const;
const id = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableId = { type: ['integer', 'null'] } as const;

const trailEntity = { title: 'TrailEntity', type: 'string', enum: [...TRAIL_ENTITIES] } as const;

/** The object of `properties`, every one of them required. */
function objectSchema<P extends Record<string, object>>(title: string, description: string, properties: P) {
  return { title, description, type: 'object', required: Object.keys(properties), properties } as const;
}

const posting = objectSchema('TrailPosting', 'One movement of the ledger: `amount` from one account to another', {
  at: { type: 'string', format: 'date-time' },
  event: { ...text, description: 'What moved the money (payment, capture, refund, fee, commission, …)' },
  from: { ...nullableText, description: 'The ledger account the money left' },
  to: { ...nullableText, description: 'The ledger account the money went to' },
  amount: kwd,
  refund_id: nullableId,
  capture_id: nullableId,
});

const ledgerFigures = objectSchema('TrailLedgerFigures', "What the ledger holds of one transaction's money", {
  paid: { ...kwd, description: 'Taken from the payer (directly or by capturing an authorisation), cash included' },
  captured: { ...kwd, description: 'Of `paid`, what captures of an authorisation took' },
  held: { ...kwd, description: "Still held on the payer's card by an authorisation" },
  refunded: kwd,
  fees: kwd,
  commission: kwd,
  net: { ...kwd, description: "`paid` less refunds, fees and commission: the merchant's" },
});

const refund = objectSchema('TrailRefund', 'A refund of the transaction, with what the ledger gave back for it', {
  id,
  document_no: nullableText,
  refund_amount: kwd,
  status: text,
  created_at: nullableText,
  processed_at: nullableText,
  refunded: { ...kwd, description: 'What the ledger gave back to the payer for it' },
  transfer_id: { ...nullableId, description: 'The transfer that deducted it; null while none has' },
});

const capture = objectSchema(
  'TrailCapture',
  'A capture of an authorised transaction, with what the ledger moved for it',
  {
    id,
    document_no: nullableText,
    amount: kwd,
    capture_type: nullableText,
    status: text,
    rejection_reason: nullableText,
    created_at: nullableText,
    captured: { ...kwd, description: 'What the ledger moved from the authorisation to the merchant for it' },
  },
);

const transaction = objectSchema('TrailTransaction', 'A payment, its refunds, captures and ledger postings', {
  id,
  reference_no: nullableText,
  created_at: nullableText,
  payment_method: nullableText,
  status: text,
  amount: kwd,
  admin_charge: nullableText,
  commission: nullableText,
  net_amount: nullableText,
  part: {
    ...nullableId,
    description: 'The part of a split, instalment or group invoice it paid (its sequence number)',
  },
  ledger: ledgerFigures,
  refunds: { type: 'array', items: refund },
  captures: { type: 'array', items: capture },
  postings: { type: 'array', items: posting },
  transfer_id: { ...nullableId, description: 'The transfer that paid it out; null while none has' },
});

// Untitled, so that the generated type is the record or null (`TrailInvoice` is its record).
const invoice = {
  type: ['object', 'null'],
  description:
    "The chain's invoice; null for a payment without an invoice (an open invoice's, a subscription's), or when " +
    'invoices are hidden',
  required: ['id', 'reference_no', 'invoice_number', 'kind', 'amount', 'paid_amount', 'status', 'created_at'],
  properties: {
    id,
    reference_no: nullableText,
    invoice_number: nullableText,
    kind: nullableText,
    amount: kwd,
    paid_amount: nullableText,
    status: text,
    created_at: nullableText,
  },
} as const;

const root = objectSchema(
  'TrailRoot',
  'One chain: an invoice and its payments, or a payment made without an invoice (its own root)',
  { invoice, transactions: { type: 'array', items: transaction } },
);

const transfer = objectSchema('TrailTransfer', 'A payment transfer that paid out money of the trail', {
  id,
  document_no: nullableText,
  status: { type: 'string', enum: ['transferred', 'not_transferred', 'on_hold'] },
  transfer_date: nullableText,
  created_at: nullableText,
  transaction_count: nullableId,
  amount: { ...kwd, description: 'The whole transfer, as the ledger holds it' },
  share: {
    ...kwd,
    description: 'Of `amount`, what the chains of this trail put in it (their net less the refunds it deducted)',
  },
});

const totals = objectSchema(
  'TrailTotals',
  'From the ledger, over every chain: owed = in_transfer + on_hold + unsettled; cash was paid to the merchant directly',
  {
    ...ledgerFigures.properties,
    transferred: kwd,
    in_transfer: { ...kwd, description: 'In transfers not yet transferred' },
    on_hold: { ...kwd, description: 'In transfers on hold' },
    unsettled: { ...kwd, description: 'Owed to the merchant and in no transfer yet' },
    owed: { ...kwd, description: 'Still owed: `in_transfer` + `on_hold` + `unsettled`' },
    cash: { ...kwd, description: 'Paid in cash: the merchant holds it, the gateway never did' },
  },
);

/** The money trail's answer: from any record of a payment's life, the whole chain and its totals. */
export const MONEY_TRAIL_SCHEMA = objectSchema(
  'MoneyTrail',
  'From any record of a payment, every chain it belongs to, the transfers that paid them out, and the totals',
  {
    entity: trailEntity,
    id,
    roots: {
      type: 'array',
      maxItems: TRAIL_ROOT_LIMIT,
      description: `Each chain, the first ${TRAIL_ROOT_LIMIT} of them: an invoice with its payments, or a payment without an invoice`,
      items: root,
    },
    roots_count: {
      type: 'integer',
      minimum: 0,
      description: `How many chains there are; \`roots\` holds the first ${TRAIL_ROOT_LIMIT}. Totals are of all`,
    },
    transfers: { type: 'array', items: transfer },
    totals,
    balance: objectSchema(
      'TrailBalance',
      'paid − refunded − fees − commission = transferred + owed + cash, to the fil',
      {
        balanced: { type: 'boolean' },
        difference: kwd,
      },
    ),
    hidden: {
      type: 'array',
      items: trailEntity,
      description: 'Entities whose records the caller may not view, left out of the trail',
    },
  },
);
