/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated cells, CRLF line ends, a cell holding a
 * comma, a quote or a line break wrapped in quotes with its quotes doubled. A UTF-8 byte order mark
 * opens the file so that Excel reads Arabic text as UTF-8 rather than in the local code page.
 */

/** What the file starts with: the UTF-8 byte order mark. */
export const BOM = '\uFEFF';

/** Line end of every row, the last one included. */
export const CRLF = '\r\n';

/** A plain number (a negative amount, `-12.500`), which a spreadsheet reads as a number, not a formula. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** First characters that make a spreadsheet evaluate a cell as a formula (or paste it as one). */
const FORMULA_START = /^[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell. Text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`, `+1+1`) gets a
 * leading apostrophe so it shows as typed instead; plain numbers, negative ones included, are left
 * as they are.
 */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row, with its line end. */
export const csvRow = (cells: readonly string[]): string => cells.map(csvCell).join(',') + CRLF;
