// Our own readers, not SheetJS: its npm release is frozen at 0.18.5 with known CVEs, and these check
// sizes and zip bombs before they parse anything.
import { formatSize } from '../uploads';
import { incorrectFormat, SpreadsheetRefused, type Sheet } from './cells';
import { parseCsv } from './csv';
import { parseXls } from './xls';
import { parseXlsx } from './xlsx';

/**
 * Which files an upload takes (SPEC §5: csv in UTF-8 and comma separated, xls, xlsx), told by the
 * name's extension AND by the content: an XLSX file is a zip archive (`PK\x03\x04`), an XLS file an
 * OLE compound file (`D0 CF 11 E0 A1 B1 1A E1`), a CSV file text (no NUL byte, neither signature).
 */

export type SpreadsheetFormat = 'csv' | 'xls' | 'xlsx';

/** For a file input's `accept`: the extensions and their media types. */
export const SPREADSHEET_ACCEPT = [
  '.csv',
  '.xls',
  '.xlsx',
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** The format named by the file's extension, if it is one we take. */
export function formatOfName(name: string): SpreadsheetFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'xls' || extension === 'xlsx' ? extension : null;
}

/** The format the content is, when it is one we take. */
export function formatOfContent(bytes: Uint8Array): SpreadsheetFormat | null {
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) return 'xls';
  // Text has no NUL byte (checked over the start, where a binary file shows itself).
  return bytes.subarray(0, 65_536).includes(0) ? null : 'csv';
}

/** The format of a file whose name and content agree; null for anything else. */
export function spreadsheetFormat(name: string, bytes: Uint8Array): SpreadsheetFormat | null {
  const named = formatOfName(name);
  return named && named === formatOfContent(bytes) ? named : null;
}

/**
 * The largest file an upload reads: 100,000 invoices take about 20 MB as CSV, less as XLSX. Checked
 * on the file's size before it is read at all.
 */
export const MAX_SPREADSHEET_BYTES = 50 * 1024 * 1024;

/** Why a file of `size` bytes is too large to read, or null when it is not. */
export function spreadsheetTooLarge(size: number): SpreadsheetRefused | null {
  return size > MAX_SPREADSHEET_BYTES
    ? new SpreadsheetRefused('validation.file_too_large', { limit: formatSize(MAX_SPREADSHEET_BYTES) })
    : null;
}

/** The first sheet of a CSV, XLS or XLSX file; `SpreadsheetRefused` says why a file cannot be read. */
export function parseSpreadsheet(name: string, bytes: Uint8Array): Sheet {
  const tooLarge = spreadsheetTooLarge(bytes.length);
  if (tooLarge) throw tooLarge;
  const format = spreadsheetFormat(name, bytes);
  if (format === 'csv') return parseCsv(bytes);
  if (format === 'xlsx') return parseXlsx(bytes);
  if (format === 'xls') return parseXls(bytes);
  throw incorrectFormat(`${name} is no csv, xls or xlsx file`);
}
