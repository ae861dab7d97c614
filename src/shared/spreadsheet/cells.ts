/**
 * What every spreadsheet parser hands back: the first sheet as rows of cells, in file order. A
 * cell is text, a number, a boolean or nothing; a date cell (one whose number format shows a date)
 * is already the text `yyyy-mm-dd`. `rows[i]` is row i + 1 of the file, so the row numbers a user
 * reads in their spreadsheet program are kept.
 */

export type Cell = string | number | boolean | null;

export interface Sheet {
  rows: Cell[][];
}

/** Why a file cannot be read; `key` is the catalogue message shown to the user. */
export class SpreadsheetRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    detail?: string,
  ) {
    super(detail ?? key);
    this.name = 'SpreadsheetRefused';
  }
}

/** The file is not what its name says, or is damaged. */
export const incorrectFormat = (detail?: string) => new SpreadsheetRefused('validation.file_type', {}, detail);

/**
 * The largest sheet a file may spell out: room for the most invoices an upload takes, twice over
 * (blank and heading rows), and the 256 columns of the XLS format. A cell placed beyond is refused
 * before the rows and columns up to it are made, so a few bytes naming cell `ZZZ1000000` cannot
 * make the reader fill billions of empty cells.
 */
export const SHEET_LIMITS = { rows: 200_000, columns: 256 };

/** The file places a cell (or holds a row) beyond `SHEET_LIMITS`. */
export function checkSheetBounds(row: number, column = 0): void {
  if (row >= SHEET_LIMITS.rows) throw new SpreadsheetRefused('app.bulk.file_refused', {}, `row ${row + 1}`);
  if (column >= SHEET_LIMITS.columns) throw new SpreadsheetRefused('app.bulk.file_refused', {}, `column ${column + 1}`);
}

/** Sets `rows[row][column]`, growing the rows as needed (rows and columns from 0, within `SHEET_LIMITS`). */
export function putCell(rows: Cell[][], row: number, column: number, value: Cell): void {
  checkSheetBounds(row, column);
  while (rows.length <= row) rows.push([]);
  const cells = rows[row];
  while (cells.length < column) cells.push(null);
  cells[column] = value;
}

const DAY_MS = 86_400_000;
/** 1899-12-30: day 0 of the 1900 date system, which counts the non-existent 1900-02-29 (so day 60). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * A spreadsheet date serial as `yyyy-mm-dd` (the time of day, if any, is dropped). Serials before
 * 1900-03-01 are off by one in the 1900 system, as in every spreadsheet program; no invoice date is.
 */
export function serialToDate(serial: number, date1904 = false): string {
  const days = Math.floor(serial + 1e-9);
  return new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether a number format code shows a date: it has day, month or year letters outside quoted
 * text, escapes and `[…]` sections (colours, conditions, elapsed hours).
 */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';')[0];
  return /[dmy]/i.test(bare) && !/^(general|@)$/i.test(bare.trim());
}

/** Built-in number formats (shared by XLS and XLSX) that show a date: 14–17, 22, 27–36, 50–58 (East Asian dates). */
export function isBuiltinDateFormat(id: number): boolean {
  return (id >= 14 && id <= 17) || id === 22 || (id >= 27 && id <= 36) || (id >= 50 && id <= 58);
}
