import { addMonths } from '../../schema/calendar';
import { fromFils } from '../../shared/money';
import type { EntityRecord } from '../../generated/entities';
import type { Queryable, Row } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { kuwaitToday } from './kuwait-time';
import { filsOf } from './transactions';

/**
 * The parts of split, instalment and group invoices (`invoice_parts`): each is paid on its own
 * link, `/smspay/<invoice reference>-<seq>`, and the invoice follows them (active while some are
 * paid, paid when all are).
 */

/** Invoice kinds paid part by part. */
export const PART_KINDS = ['split', 'instalment', 'group'] as const;

export const isPartKind = (kind: unknown) => (PART_KINDS as readonly unknown[]).includes(kind);

/** What the parts of an invoice are made from. */
export type PartedInvoice = Pick<
  EntityRecord<'invoice'>,
  | 'id'
  | 'reference_no'
  | 'kind'
  | 'amount'
  | 'customer_name'
  | 'mobile'
  | 'due_date'
  | 'split_parts'
  | 'instalments'
  | 'customer_ids'
>;

/** The invoice's own summary of its parts (its read-only `parts`). */
export type PartsSummary = NonNullable<EntityRecord<'invoice'>['parts']>;

export interface PartRow extends Row {
  id: number;
  merchant_id: number;
  invoice_id: number;
  seq: number;
  reference_no: string;
  /** KWD, three decimals. */
  amount: string;
  due_date: string | null;
  customer_id: number | null;
  customer_name: string | null;
  mobile: string | null;
  status: 'unpaid' | 'paid';
  transaction_reference: string | null;
  paid_at: string | null;
}

interface NewPart {
  amount: bigint;
  due_date: string | null;
  customer_id: number | null;
  customer_name: string | null;
  mobile: string | null;
}

/** `total` fils in `count` parts that sum to it exactly; the remainder's fils go to the first parts. */
export function splitFils(total: bigint, count: number): bigint[] {
  const n = BigInt(count);
  const base = total / n;
  const remainder = total % n;
  return Array.from({ length: count }, (_, i) => base + (BigInt(i) < remainder ? 1n : 0n));
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

async function groupMembers(q: Queryable, merchantId: number, invoice: PartedInvoice): Promise<NewPart[]> {
  const ids: number[] = invoice.customer_ids ?? [];
  const customers = await q.query<{ id: number; name: string; mobile: string | null }>(
    `select id, name, mobile from customers
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)`,
    [merchantId, ids],
  );
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  if (ids.length === 0)
    throw new ApiError(400, 'validation.customers_min', { customer_ids: { key: 'validation.customers_min' } });
  // The storage's reference check refuses another merchant's customers first; this keeps parts honest.
  if (ids.some((id) => !byId.has(id)))
    throw new ApiError(400, 'validation.reference_missing', { customer_ids: { key: 'validation.reference_missing' } });
  return ids.map((id) => {
    const customer = byId.get(id) as { name: string; mobile: string | null };
    return {
      amount: filsOf(invoice.amount),
      due_date: text(invoice.due_date),
      customer_id: id,
      customer_name: customer.name,
      mobile: customer.mobile,
    };
  });
}

/** The parts an invoice of a part kind is made of; none for other kinds. */
async function partsToMake(
  q: Queryable,
  merchantId: number,
  invoice: PartedInvoice,
  today: string,
): Promise<NewPart[]> {
  const total = filsOf(invoice.amount);
  const own = { customer_id: null, customer_name: text(invoice.customer_name), mobile: text(invoice.mobile) };
  switch (invoice.kind) {
    case 'split':
      return splitFils(total, Number(invoice.split_parts)).map((amount) => ({
        ...own,
        amount,
        due_date: text(invoice.due_date),
      }));
    case 'instalment': {
      const first = text(invoice.due_date) ?? today;
      return splitFils(total, Number(invoice.instalments)).map((amount, i) => ({
        ...own,
        amount,
        due_date: addMonths(first, i),
      }));
    }
    case 'group':
      return groupMembers(q, merchantId, invoice);
    default:
      return [];
  }
}

/**
 * Makes the parts of a newly created split, instalment or group invoice (nothing for other kinds),
 * in the create's transaction. Returns the parts made.
 */
export async function createParts(
  q: Queryable,
  merchantId: number,
  invoice: PartedInvoice,
  now: Date,
): Promise<PartRow[]> {
  const parts = await partsToMake(q, merchantId, invoice, kuwaitToday(now));
  const made: PartRow[] = [];
  for (const [i, part] of parts.entries()) {
    const [row] = await q.query<PartRow>(
      `insert into invoice_parts (merchant_id, invoice_id, seq, reference_no, amount, due_date, customer_id,
         customer_name, mobile, created_at)
       values ($1::integer, $2::integer, $3::integer, $4::text, $5::numeric, $6::date, $7::integer, $8::text, $9::text,
         $10::timestamptz)
       returning *`,
      [
        merchantId,
        invoice.id,
        i + 1,
        `${String(invoice.reference_no)}-${i + 1}`,
        fromFils(part.amount),
        part.due_date,
        part.customer_id,
        part.customer_name,
        part.mobile,
        now.toISOString(),
      ],
    );
    made.push(row);
  }
  return made;
}

/** The parts of one of the merchant's invoices, in order (none for an invoice paid in one go). */
export async function partsOf(q: Queryable, merchantId: number, invoiceId: number): Promise<PartRow[]> {
  return q.query<PartRow>(
    `select * from invoice_parts where merchant_id = $1::integer and invoice_id = $2::integer order by seq`,
    [merchantId, invoiceId],
  );
}

/** The part with a reference, locked until the transaction ends when `lock`; null when there is none. */
export async function partByReference(q: Queryable, reference: string, lock = false): Promise<PartRow | null> {
  const [row] = await q.query<PartRow>(
    `select * from invoice_parts where reference_no = $1::text${lock ? ' for update' : ''}`,
    [reference],
  );
  return row ?? null;
}

/** Marks a part paid by a transaction. */
export async function markPartPaid(
  q: Queryable,
  part: PartRow,
  transactionReference: string,
  now: Date,
): Promise<void> {
  await q.query(
    `update invoice_parts set status = 'paid', transaction_reference = $2::text, paid_at = $3::timestamptz
     where id = $1::integer`,
    [part.id, transactionReference, now.toISOString()],
  );
}

/** The parts as the invoice's own read-only `parts` field shows them to the merchant. */
export const partsSummary = (parts: readonly PartRow[]): PartsSummary =>
  parts.map((part) => ({
    seq: part.seq,
    reference_no: part.reference_no,
    customer_name: part.customer_name ?? undefined,
    amount: part.amount,
    due_date: part.due_date ?? undefined,
    status: part.status,
    paid_at: part.paid_at ? new Date(part.paid_at).toISOString() : undefined,
    transaction_reference: part.transaction_reference ?? undefined,
  }));

/** The invoice's status and paid amount as its parts now stand: active while some are paid, paid when all are. */
export function invoiceProgress(parts: readonly PartRow[]): { status: 'unpaid' | 'active' | 'paid'; paid: bigint } {
  const paid = parts.filter((part) => part.status === 'paid');
  const amount = paid.reduce((sum, part) => sum + filsOf(part.amount), 0n);
  const status = paid.length === 0 ? 'unpaid' : paid.length === parts.length ? 'paid' : 'active';
  return { status, paid: amount };
}
