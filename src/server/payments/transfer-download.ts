import { strToU8, zipSync } from 'fflate';
import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import { BOM, csvRow } from '../export/csv';
import { notFound } from '../kernel/api-error';
import { storeOf } from '../storage/entity-stores';
import { filsOf } from './transactions';
import type { TransferRecord } from './settlement-run';

/**
 * Payment transfers downloaded together (SPEC §4 "bulk download"): one ZIP holding a CSV per
 * transfer — the transfer's heading, each transaction it paid with its amount, fees and net
 * amount, each refund it deducted, and the total, which is the transfer's amount — and a
 * `transfers.csv` listing them. Only the merchant's own transfers; an id of another's is unknown.
 */

/** Most transfers one download holds. */
export const DOWNLOAD_LIMIT = 100;

const TRANSACTION_COLUMNS = [
  'reference_no',
  'created_at',
  'payment_method',
  'amount',
  'admin_charge',
  'commission',
  'net_amount',
] as const;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The CSV of one transfer. */
async function transferCsv(ctx: ServerContext, merchantId: number, transfer: TransferRecord): Promise<string> {
  const transactions = await ctx.db.query<Record<string, unknown>>(
    `select ${TRANSACTION_COLUMNS.join(', ')} from ${storeOf(ctx, 'transaction').table}
     where merchant_id = $1::integer and transfer_id = $2::integer order by created_at, id`,
    [merchantId, transfer.id],
  );
  const refunds = await ctx.db.query<{ document_no: string | null; processed_at: unknown; refund_amount: string }>(
    `select document_no, processed_at, refund_amount::text as refund_amount from ${storeOf(ctx, 'refund').table}
     where merchant_id = $1::integer and transfer_id = $2::integer order by processed_at, id`,
    [merchantId, transfer.id],
  );
  const net = transactions.reduce((sum, row) => sum + filsOf(row.net_amount), 0n);
  const refunded = refunds.reduce((sum, row) => sum + filsOf(row.refund_amount), 0n);
  const lines = [
    csvRow(['document_no', 'from_date', 'to_date', 'status', 'bank_name', 'bank_account', 'amount']),
    csvRow([
      text(transfer.document_no),
      text(transfer.from_date),
      text(transfer.to_date),
      text(transfer.status),
      text(transfer.bank_name),
      text(transfer.bank_account),
      text(transfer.amount),
    ]),
    csvRow([]),
    csvRow(['kind', ...TRANSACTION_COLUMNS]),
    ...transactions.map((row) =>
      csvRow([
        'transaction',
        ...TRANSACTION_COLUMNS.map((name) => {
          const value = row[name];
          return value instanceof Date ? value.toISOString() : text(value);
        }),
      ]),
    ),
    ...refunds.map((row) =>
      csvRow([
        'refund',
        text(row.document_no),
        row.processed_at instanceof Date ? row.processed_at.toISOString() : text(row.processed_at),
        '',
        '',
        '',
        '',
        fromFils(-filsOf(row.refund_amount)),
      ]),
    ),
    csvRow(['total', '', '', '', '', '', '', fromFils(net - refunded)]),
  ];
  return BOM + lines.join('');
}

/** A file name safe in any archive tool. */
const fileName = (transfer: TransferRecord) =>
  `${text(transfer.document_no || transfer.id).replace(/[^\w-]/g, '_')}.csv`;

/** The ZIP of the merchant's transfers `ids`, in the order asked; 404 when one is not the merchant's. */
export async function transfersZip(ctx: ServerContext, merchantId: number, ids: number[]): Promise<Uint8Array> {
  const store = storeOf(ctx, 'payment_transfer');
  const files: Record<string, Uint8Array> = {};
  const summary = [csvRow(['document_no', 'from_date', 'to_date', 'transaction_count', 'status', 'amount'])];
  for (const id of [...new Set(ids)]) {
    const transfer = await store.get(ctx.db, merchantId, id);
    if (!transfer) throw notFound();
    files[fileName(transfer)] = strToU8(await transferCsv(ctx, merchantId, transfer));
    summary.push(
      csvRow([
        text(transfer.document_no),
        text(transfer.from_date),
        text(transfer.to_date),
        text(transfer.transaction_count),
        text(transfer.status),
        text(transfer.amount),
      ]),
    );
  }
  files['transfers.csv'] = strToU8(BOM + summary.join(''));
  return zipSync(files, { level: 6 });
}
