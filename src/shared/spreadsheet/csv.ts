import { checkSheetBounds, SpreadsheetRefused, type Cell, type Sheet } from './cells';

/**
 * CSV as SPEC §5 takes it: UTF-8 (with or without a byte order mark), comma separated, fields
 * quoted by RFC 4180 (`"a, ""b"""` is `a, "b"`, a quoted field may span lines), records ended by
 * CRLF, LF or CR. Lenient where spreadsheet programs are: a quote inside an unquoted field is kept,
 * an unclosed quote runs to the end of the file.
 */

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** The bytes as UTF-8 text without its byte order mark; refused when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new SpreadsheetRefused('app.bulk.not_utf8');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Records of CSV text, each a list of its fields (a blank line is a record of one empty field). */
export function parseCsvText(text: string): string[][] {
  const records: string[][] = [];
  const length = text.length;
  let record: string[] = [];
  let i = 0;
  if (length === 0) return records;
  for (;;) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      // Quoted: runs to the next quote not followed by another quote; "" stands for one quote.
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          value += text.slice(from);
          i = length;
          break;
        }
        value += text.slice(from, quote);
        if (text.charCodeAt(quote + 1) === QUOTE) {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      // Text between the closing quote and the separator (`"a"b,`) is kept, as spreadsheet programs do.
      const start = i;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (c === COMMA || c === LF || c === CR) break;
        i++;
      }
      field = start === i ? value : value + text.slice(start, i);
    } else {
      const start = i;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (c === COMMA || c === LF || c === CR) break;
        i++;
      }
      field = text.slice(start, i);
    }
    checkSheetBounds(records.length, record.length);
    record.push(field);
    if (i >= length) {
      records.push(record);
      return records;
    }
    const separator = text.charCodeAt(i);
    i++;
    if (separator === COMMA) continue;
    if (separator === CR && text.charCodeAt(i) === LF) i++;
    records.push(record);
    record = [];
    // A final line break ends the last record; it does not start an empty one.
    if (i >= length) return records;
  }
}

/** A CSV file as a sheet: every field is text, an empty field is no value. */
export function parseCsv(bytes: Uint8Array): Sheet {
  const rows: Cell[][] = parseCsvText(decodeUtf8(bytes)).map((record) =>
    record.length === 1 && record[0] === '' ? [] : record.map((field) => (field === '' ? null : field)),
  );
  return { rows };
}
