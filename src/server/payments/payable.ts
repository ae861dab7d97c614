import { normaliseKwd } from '../../shared/money';
import {
  PAY_METHODS,
  type PayField,
  type Payable,
  type PayMerchant,
  type PayMethod,
  type PayPart,
} from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { partState, stateOf } from './states';
import type { InvoiceRow, OpenInvoiceRow, Target } from './targets';
import { inFlightOf, latestTransaction } from './transactions';

/** What the payer pages show of a payment link (`GET /v1/pay/:reference`). */

/** Maximum length of an additional field the merchant gave no length for. */
export const DEFAULT_FIELD_CHARACTERS = 200;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const money = (value: unknown): string | null => (text(value) === null ? null : normaliseKwd(String(value)));

/** The merchant as payers see it: its names and logo. */
export async function payMerchant(q: Queryable, merchantId: number): Promise<PayMerchant> {
  const [row] = await q.query<{ name: string; name_ar: string | null; logo: string | null }>(
    `select name, name_ar, logo from merchants where id = $1::integer`,
    [merchantId],
  );
  return { name: row?.name ?? '', name_ar: row?.name_ar ?? null, logo: row?.logo ?? null };
}

/** The methods a record offers, in the order of `PAY_METHODS`; card when it names none. */
export function methodsOf(stored: unknown): PayMethod[] {
  const chosen = Array.isArray(stored) ? stored : [];
  const methods = PAY_METHODS.filter((method) => chosen.includes(method));
  return methods.length > 0 ? methods : ['card'];
}

/** How a sale list's order is paid at its checkout. */
const ORDER_METHODS: PayMethod[] = ['card', 'apple_pay', 'google_pay'];

/** How a tenant pays rent and deposits on their page. */
export const TENANT_METHODS: PayMethod[] = ['card'];

/** The methods a target can be paid with: a subscription keeps a card for its next charges. */
export function targetMethods(target: Target): PayMethod[] {
  switch (target.kind) {
    case 'subscription':
      return ['card'];
    case 'open':
      return methodsOf(target.open.payment_methods);
    case 'order':
      return ORDER_METHODS;
    case 'tenant':
      return TENANT_METHODS;
    default:
      return methodsOf(target.invoice.payment_methods);
  }
}

function toField(value: unknown): PayField | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = value as { name?: unknown; required?: unknown; characters?: unknown };
  if (typeof field.name !== 'string' || field.name === '') return null;
  return {
    name: field.name,
    required: field.required === true,
    characters: typeof field.characters === 'number' ? field.characters : null,
  };
}

/**
 * The fields payers of an open invoice fill: those of the merchant's own open-invoice service when
 * it names any, else the open invoice's own.
 */
export async function openFields(q: Queryable, open: OpenInvoiceRow): Promise<PayField[]> {
  const [service] = await q.query<{ open_invoice_fields: unknown }>(
    `select open_invoice_fields from merchant_services
     where merchant_id = $1::integer and sub_merchant_id is null and service_type = 'open_invoice'
     order by id limit 1`,
    [open.merchant_id],
  );
  const own = Array.isArray(service?.open_invoice_fields) ? service.open_invoice_fields : [];
  const fields = own.length > 0 ? own : Array.isArray(open.additional_fields) ? open.additional_fields : [];
  return fields.map(toField).filter((field): field is PayField => field !== null);
}

function partsList(invoice: InvoiceRow, target: Target & { kind: 'parts' }, today: string): PayPart[] {
  return target.parts.map((part) => ({
    reference_no: part.reference_no,
    seq: part.seq,
    amount: normaliseKwd(part.amount),
    due_date: part.due_date,
    customer_name: invoice.kind === 'group' ? part.customer_name : null,
    state: partState(invoice, part, target.parts, today),
    receipt_reference: part.transaction_reference,
  }));
}

/** What the link shows besides its state: who asks, for what, how much. */
async function describe(q: Queryable, target: Target, today: string) {
  switch (target.kind) {
    case 'invoice':
    case 'parts':
    case 'part': {
      const { invoice } = target;
      const amount = target.kind === 'part' ? target.part.amount : invoice.amount;
      const customer =
        target.kind === 'part' ? (target.part.customer_name ?? invoice.customer_name) : invoice.customer_name;
      return {
        invoice_kind: invoice.kind,
        title: text(invoice.title),
        description: text(invoice.description),
        customer_name: text(customer),
        amount: money(amount),
        min_amount: null,
        max_amount: null,
        fields: [],
        expiry_date: text(invoice.expiry_date),
        parts: target.kind === 'parts' ? partsList(invoice, target, today) : [],
        subscription: null,
        parent_reference: target.kind === 'part' ? invoice.reference_no : null,
      };
    }
    case 'open': {
      const { open } = target;
      const fixed = open.amount_type !== 'open';
      return {
        invoice_kind: 'open',
        title: text(open.title),
        description: text(open.description),
        customer_name: null,
        amount: fixed ? money(open.amount) : null,
        min_amount: fixed ? null : money(open.min_amount),
        max_amount: fixed ? null : money(open.max_amount),
        fields: await openFields(q, open),
        expiry_date: text(open.expiry_date),
        parts: [],
        subscription: null,
        parent_reference: null,
      };
    }
    case 'subscription': {
      const { subscription } = target;
      return {
        invoice_kind: 'subscription',
        title: null,
        description: text(subscription.description),
        customer_name: text(subscription.customer_name),
        amount: money(subscription.amount),
        min_amount: null,
        max_amount: null,
        fields: [],
        expiry_date: null,
        parts: [],
        subscription: {
          frequency: subscription.frequency,
          number_of_periods: subscription.number_of_periods ?? null,
          start_date: subscription.start_date,
        },
        parent_reference: null,
      };
    }
    case 'tenant':
      return {
        invoice_kind: 'tenant',
        title: null,
        description: null,
        customer_name: text(target.tenant.name),
        amount: money(target.payment.amount),
        min_amount: null,
        max_amount: null,
        fields: [],
        expiry_date: null,
        parts: [],
        subscription: null,
        parent_reference: null,
      };
    case 'order': {
      const { order } = target;
      return {
        invoice_kind: 'order',
        title: null,
        description: null,
        customer_name: text(order.customer_name),
        amount: money(order.grand_total),
        min_amount: null,
        max_amount: null,
        fields: [],
        expiry_date: null,
        parts: [],
        subscription: null,
        parent_reference: null,
      };
    }
  }
}

/** The receipt a paid link shows: the part's own payment, else the newest successful one. */
async function receiptOf(q: Queryable, target: Target): Promise<string | null> {
  if (target.kind === 'part') return target.part.transaction_reference;
  if (target.kind === 'parts') return null;
  return (await latestTransaction(q, target.merchantId, target.reference, 'success'))?.reference_no ?? null;
}

/** The payer's view of a payment link on `today` (Kuwait date) at `now`. */
export async function payableOf(q: Queryable, target: Target, today: string, now: Date): Promise<Payable> {
  const state = stateOf(target, today);
  return {
    reference_no: target.reference,
    kind: target.kind,
    state,
    merchant: await payMerchant(q, target.merchantId),
    currency: 'KWD',
    methods: targetMethods(target),
    ...(await describe(q, target, today)),
    in_flight: target.kind === 'parts' ? null : await inFlightOf(q, target.merchantId, target.reference, now),
    receipt_reference: state === 'paid' ? await receiptOf(q, target) : null,
  };
}

/** Counts one visit of a link on the invoice or open invoice it belongs to. */
export async function countVisit(ctx: ServerContext, q: Queryable, target: Target): Promise<void> {
  if (target.kind === 'subscription' || target.kind === 'order' || target.kind === 'tenant') return;
  const [table, id] =
    target.kind === 'open'
      ? [storeOf(ctx, 'open_invoice').table, target.open.id]
      : [storeOf(ctx, 'invoice').table, target.invoice.id];
  await q.query(`update ${table} set visited_count = coalesce(visited_count, 0) + 1 where id = $1::integer`, [id]);
}
