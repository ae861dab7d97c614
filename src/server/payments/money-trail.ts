import { fromFils } from '../../shared/money';
import {
  TRAIL_ROOT_LIMIT,
  type MoneyTrail,
  type TrailCapture,
  type TrailEntity,
  type TrailInvoice,
  type TrailRefund,
  type TrailTransaction,
  type TrailTransfer,
} from '../../shared/money-trail';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { entrySums, movementsOf, transferAmounts, type EntrySum } from '../ledger/trail-sums';
import { capturedByRequest, figuresOf, refundedByRequest, settlementOf, totalsOf, type Figures } from './trail-figures';
import { rootKey, rootsOf, transactionsOfRoots } from './trail-roots';

/**
 * The money trail of one of the merchant's records (`trail-roots.ts` finds its chains): each
 * chain's invoice, payments, their refunds, captures and ledger postings, the transfers that paid
 * them out, and the totals of all its chains from the ledger (`trail-figures.ts`). A trail of many
 * chains (a transfer's) shows the first `TRAIL_ROOT_LIMIT` in detail; its totals are of all.
 * Records of `hidden` entities (the caller may not view them) are left out; the figures stay.
 */

const idList = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const kwd = (fils: bigint) => fromFils(fils);

/** A transaction row as the trail reads it. */
type TransactionRow = {
  id: number;
  reference_no: string | null;
  invoice_reference: string | null;
  created_at: Date | string | null;
  payment_method: string | null;
  status: string;
  amount: string;
  admin_charge: string | null;
  commission: string | null;
  net_amount: string | null;
  transfer_id: number | null;
};

type RefundRow = {
  id: number;
  transaction_id: number;
  document_no: string | null;
  refund_amount: string;
  status: string;
  created_at: Date | string | null;
  processed_at: Date | string | null;
  transfer_id: number | null;
};

const ledgerFigures = (figures: Figures) => ({
  paid: kwd(figures.paid),
  captured: kwd(figures.captured),
  held: kwd(figures.held),
  refunded: kwd(figures.refunded),
  fees: kwd(figures.fees),
  commission: kwd(figures.commission),
  net: kwd(figures.net),
});

/** Reads the trail of the merchant's record `id` of `entity`, leaving out the records of `hidden` entities. */
export function moneyTrailOf(
  ctx: ServerContext,
  merchantId: number,
  entity: TrailEntity,
  id: number,
  hidden: readonly TrailEntity[],
): Promise<MoneyTrail> {
  return ctx.db.transaction(async (q) => {
    const roots = await rootsOf(ctx, q, merchantId, entity, id);
    const members = await transactionsOfRoots(ctx, q, merchantId, roots);
    const allIds = members.map((member) => member.id);
    const shown = new Set(roots.slice(0, TRAIL_ROOT_LIMIT).map(rootKey));
    const shownIds = members.filter((member) => shown.has(member.root)).map((member) => member.id);

    const transactions = await transactionRows(ctx, q, merchantId, allIds);
    const refunds = await refundRows(ctx, q, merchantId, allIds);
    const sums = await entrySums(q, merchantId, allIds);
    const settlement = settlementOf(sums, transactions, refunds);
    const transferIds = [
      ...new Set([
        ...(entity === 'payment_transfer' ? [id] : []),
        ...settlement.shares.keys(),
        ...transactions.flatMap((row) => (row.transfer_id === null ? [] : [row.transfer_id])),
        ...refunds.flatMap((row) => (row.transfer_id === null ? [] : [row.transfer_id])),
      ]),
    ];
    const transfers = await transferRows(ctx, q, merchantId, transferIds, settlement.shares);
    const statusOf = new Map(transfers.map((transfer) => [transfer.id, transfer.status]));
    const totals = totalsOf(figuresOf(sums), settlement, (transferId) => statusOf.get(transferId) ?? '');

    const details = await transactionNodes(ctx, q, merchantId, shownIds, transactions, refunds, sums, hidden);
    const invoices = hidden.includes('invoice')
      ? new Map<number, TrailInvoice>()
      : await invoiceNodes(ctx, q, merchantId, roots);
    return {
      entity,
      id,
      roots: roots.slice(0, TRAIL_ROOT_LIMIT).map((root) => ({
        invoice: 'invoice' in root ? (invoices.get(root.invoice) ?? null) : null,
        transactions: members
          .filter((member) => member.root === rootKey(root))
          .flatMap((member) => details.get(member.id) ?? []),
      })),
      roots_count: roots.length,
      transfers: hidden.includes('payment_transfer') ? [] : transfers,
      totals: {
        paid: kwd(totals.paid),
        captured: kwd(totals.captured),
        held: kwd(totals.held),
        refunded: kwd(totals.refunded),
        fees: kwd(totals.fees),
        commission: kwd(totals.commission),
        net: kwd(totals.net),
        transferred: kwd(totals.transferred),
        in_transfer: kwd(totals.inTransfer),
        on_hold: kwd(totals.onHold),
        unsettled: kwd(totals.unsettled),
        owed: kwd(totals.owed),
        cash: kwd(totals.cash),
      },
      balance: { balanced: totals.difference === 0n, difference: kwd(totals.difference) },
      hidden: [...hidden],
    };
  });
}

async function transactionRows(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  ids: readonly number[],
): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<TransactionRow>(
    `select id, reference_no, invoice_reference, created_at, payment_method, status, amount::text as amount,
       admin_charge::text as admin_charge, commission::text as commission, net_amount::text as net_amount, transfer_id
     from ${storeOf(ctx, 'transaction').table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by id`,
    [merchantId, idList(ids)],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), transfer_id: idOrNull(row.transfer_id) }));
}

async function refundRows(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  transactionIds: readonly number[],
): Promise<RefundRow[]> {
  if (transactionIds.length === 0) return [];
  const rows = await q.query<RefundRow>(
    `select id, transaction_id, document_no, refund_amount::text as refund_amount, status, created_at, processed_at,
       transfer_id
     from ${storeOf(ctx, 'refund').table}
     where merchant_id = $1::integer and transaction_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by id`,
    [merchantId, idList(transactionIds)],
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    transaction_id: Number(row.transaction_id),
    transfer_id: idOrNull(row.transfer_id),
  }));
}

/** The transfers, each with what the ledger holds of it and the trail's share of that. */
async function transferRows(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  ids: readonly number[],
  shares: ReadonlyMap<number, bigint>,
): Promise<TrailTransfer[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<Record<string, unknown>>(
    `select id, document_no, status, transfer_date::text as transfer_date, created_at, transaction_count
     from ${storeOf(ctx, 'payment_transfer').table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by id`,
    [merchantId, idList(ids)],
  );
  const amounts = await transferAmounts(q, merchantId, ids);
  return rows.map((row) => {
    const transferId = Number(row.id);
    return {
      id: transferId,
      document_no: text(row.document_no),
      // The store holds a transfer only with a status of its schema, the ones the trail's schema names.
      status: String(row.status) as TrailTransfer['status'],
      transfer_date: text(row.transfer_date),
      created_at: iso(row.created_at),
      transaction_count: idOrNull(row.transaction_count),
      amount: kwd(amounts.get(transferId) ?? 0n),
      share: kwd(shares.get(transferId) ?? 0n),
    };
  });
}

async function invoiceNodes(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  roots: readonly ({ invoice: number } | { transaction: number })[],
): Promise<Map<number, TrailInvoice>> {
  const ids = roots.slice(0, TRAIL_ROOT_LIMIT).flatMap((root) => ('invoice' in root ? [root.invoice] : []));
  if (ids.length === 0) return new Map();
  const rows = await q.query<Record<string, unknown>>(
    `select id, reference_no, invoice_number, kind, amount::text as amount, paid_amount::text as paid_amount, status,
       created_at
     from ${storeOf(ctx, 'invoice').table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)`,
    [merchantId, idList(ids)],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        reference_no: text(row.reference_no),
        invoice_number: text(row.invoice_number),
        kind: text(row.kind),
        amount: String(row.amount),
        paid_amount: text(row.paid_amount),
        status: String(row.status),
        created_at: iso(row.created_at),
      },
    ]),
  );
}

/** The shown transactions in detail: ledger figures, refunds, captures and postings. */
async function transactionNodes(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  ids: readonly number[],
  transactions: readonly TransactionRow[],
  refunds: readonly RefundRow[],
  sums: readonly EntrySum[],
  hidden: readonly TrailEntity[],
): Promise<Map<number, TrailTransaction>> {
  if (ids.length === 0) return new Map();
  const wanted = new Set(ids);
  const parts = await q.query<{ reference_no: string; seq: number }>(
    `select reference_no, seq from invoice_parts
     where merchant_id = $1::integer and reference_no in (select jsonb_array_elements_text($2::text::jsonb))`,
    [
      merchantId,
      JSON.stringify([
        ...new Set(
          transactions.flatMap((row) => (wanted.has(row.id) && row.invoice_reference ? [row.invoice_reference] : [])),
        ),
      ]),
    ],
  );
  const seqOf = new Map(parts.map((part) => [part.reference_no, Number(part.seq)]));
  const captures = hidden.includes('capture') ? [] : await captureRows(ctx, q, merchantId, ids);
  const movements = await movementsOf(q, merchantId, ids);
  const refunded = refundedByRequest(sums);
  const captured = capturedByRequest(sums);
  const nodes = new Map<number, TrailTransaction>();
  for (const row of transactions) {
    if (!wanted.has(row.id)) continue;
    const refundsOf: TrailRefund[] = hidden.includes('refund')
      ? []
      : refunds
          .filter((refund) => refund.transaction_id === row.id)
          .map((refund) => ({
            id: refund.id,
            document_no: text(refund.document_no),
            refund_amount: refund.refund_amount,
            status: refund.status,
            created_at: iso(refund.created_at),
            processed_at: iso(refund.processed_at),
            refunded: kwd(refunded.get(refund.id) ?? 0n),
            transfer_id: hidden.includes('payment_transfer') ? null : refund.transfer_id,
          }));
    nodes.set(row.id, {
      id: row.id,
      reference_no: text(row.reference_no),
      created_at: iso(row.created_at),
      payment_method: text(row.payment_method),
      status: row.status,
      amount: row.amount,
      admin_charge: text(row.admin_charge),
      commission: text(row.commission),
      net_amount: text(row.net_amount),
      part: row.invoice_reference ? (seqOf.get(row.invoice_reference) ?? null) : null,
      ledger: ledgerFigures(figuresOf(sums.filter((sum) => sum.transactionId === row.id))),
      refunds: refundsOf,
      captures: captures
        .filter((capture) => capture.transaction_id === row.id)
        .map(({ transaction_id: _transaction, ...capture }) => ({
          ...capture,
          captured: kwd(captured.get(capture.id) ?? 0n),
        })),
      postings: movements
        .filter((movement) => movement.transactionId === row.id)
        .map((movement) => ({
          at: movement.at.toISOString(),
          event: movement.event,
          from: movement.from,
          to: movement.to,
          amount: kwd(movement.amount),
          refund_id: hidden.includes('refund') ? null : movement.refundId,
          capture_id: hidden.includes('capture') ? null : movement.captureId,
        })),
      transfer_id: hidden.includes('payment_transfer') ? null : row.transfer_id,
    });
  }
  return nodes;
}

async function captureRows(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  transactionIds: readonly number[],
): Promise<(Omit<TrailCapture, 'captured'> & { transaction_id: number })[]> {
  const rows = await q.query<Record<string, unknown>>(
    `select id, transaction_id, document_no, amount::text as amount, capture_type, status, rejection_reason, created_at
     from ${storeOf(ctx, 'capture').table}
     where merchant_id = $1::integer and transaction_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by id`,
    [merchantId, idList(transactionIds)],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    transaction_id: Number(row.transaction_id),
    document_no: text(row.document_no),
    amount: String(row.amount),
    capture_type: text(row.capture_type),
    status: String(row.status),
    rejection_reason: text(row.rejection_reason),
    created_at: iso(row.created_at),
  }));
}
