import { strToU8, zipSync } from 'fflate';
import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import { BOM, csvRow } from '../export/csv';
import { enumLabelKey, fieldLabelKey } from '../../schema/labels';
import { humanise, type Language } from '../../shared/i18n';
import { notFound } from '../kernel/api-error';
import { t } from '../kernel/language';
import { storeOf } from '../storage/entity-stores';
import { filsOf } from './transactions';
import type { TransferRecord } from './settlement-run';

/**
 * Payment transfers downloaded together (SPEC §4 "bulk download"): one ZIP holding a CSV per
 * transfer — the transfer's heading, each transaction it paid with its amount, fees and net
 * amount, each refund it deducted, and the total, which is the transfer's amount — and a
 * `transfers.csv` listing them. Headers, row kinds and statuses are in the caller's language
 * (the field labels of the lists); times are Kuwait's. Only the merchant's own transfers; an id
 * of another's is unknown.
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

const TRANSFER_COLUMNS = [
  'document_no',
  'from_date',
  'to_date',
  'status',
  'bank_name',
  'bank_account',
  'amount',
] as const;

const SUMMARY_COLUMNS = ['document_no', 'from_date', 'to_date', 'transaction_count', 'status', 'amount'] as const;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A catalogue label, or `fallback` when the catalogue has none. */
function labelOr(language: Language, key: string, fallback: string): string {
  const label = t(language, key);
  return label === key ? fallback : label;
}

/** The words of the files in one language. */
function wordsOf(language: Language) {
  const field = (entity: string, name: string) => labelOr(language, fieldLabelKey(entity, name), humanise(name));
  const value = (entity: string, name: string, raw: unknown) =>
    raw === null || raw === undefined ? '' : labelOr(language, enumLabelKey(entity, name, raw), String(raw));
  return {
    field,
    value,
    kind: (name: 'kind' | 'transaction' | 'refund' | 'total') => t(language, `app.transfer_download.${name}`),
  };
}

/** A date-time as the wall clock in Kuwait shows it (UTC+3 all year), `YYYY-MM-DD HH:mm:ss`. */
const kuwaitTime = (value: unknown): string => {
  const at = value instanceof Date ? value : new Date(text(value));
  if (Number.isNaN(at.getTime())) return text(value);
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
};

/** The CSV of one transfer. */
async function transferCsv(
  ctx: ServerContext,
  merchantId: number,
  transfer: TransferRecord,
  language: Language,
): Promise<string> {
  const words = wordsOf(language);
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
  const blanks = (count: number) => Array.from({ length: count }, () => '');
  const lines = [
    csvRow(TRANSFER_COLUMNS.map((name) => words.field('payment_transfer', name))),
    csvRow(
      TRANSFER_COLUMNS.map((name) =>
        name === 'status' ? words.value('payment_transfer', name, transfer.status) : text(transfer[name]),
      ),
    ),
    csvRow([]),
    csvRow([words.kind('kind'), ...TRANSACTION_COLUMNS.map((name) => words.field('transaction', name))]),
    ...transactions.map((row) =>
      csvRow([
        words.kind('transaction'),
        ...TRANSACTION_COLUMNS.map((name) => {
          const value = row[name];
          if (name === 'created_at') return kuwaitTime(value);
          if (name === 'payment_method') return words.value('transaction', name, value);
          return text(value);
        }),
      ]),
    ),
    ...refunds.map((row) =>
      csvRow([
        words.kind('refund'),
        text(row.document_no),
        kuwaitTime(row.processed_at),
        ...blanks(4),
        fromFils(-filsOf(row.refund_amount)),
      ]),
    ),
    csvRow([words.kind('total'), ...blanks(6), fromFils(net - refunded)]),
  ];
  return BOM + lines.join('');
}

/** A file name safe in any archive tool. */
const fileName = (transfer: TransferRecord) =>
  `${text(transfer.document_no || transfer.id).replace(/[^\w-]/g, '_')}.csv`;

/** The ZIP of the merchant's transfers `ids`, in the order asked; 404 when one is not the merchant's. */
export async function transfersZip(
  ctx: ServerContext,
  merchantId: number,
  ids: number[],
  language: Language = 'en',
): Promise<Uint8Array> {
  const store = storeOf(ctx, 'payment_transfer');
  const words = wordsOf(language);
  const files: Record<string, Uint8Array> = {};
  const summary = [csvRow(SUMMARY_COLUMNS.map((name) => words.field('payment_transfer', name)))];
  for (const id of [...new Set(ids)]) {
    const transfer = await store.get(ctx.db, merchantId, id);
    if (!transfer) throw notFound();
    files[fileName(transfer)] = strToU8(await transferCsv(ctx, merchantId, transfer, language));
    summary.push(
      csvRow(
        SUMMARY_COLUMNS.map((name) =>
          name === 'status' ? words.value('payment_transfer', name, transfer.status) : text(transfer[name]),
        ),
      ),
    );
  }
  files['transfers.csv'] = strToU8(BOM + summary.join(''));
  return zipSync(files, { level: 6 });
}
