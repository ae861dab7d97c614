// Not SheetJS (frozen at 0.18.5 with known CVEs on npm): cfb opens the container, BIFF8 is read here.
import * as cfbModule from 'cfb';
import { BiffReader, f64, records, rkNumber, u16, u32 } from './biff';
import {
  incorrectFormat,
  isBuiltinDateFormat,
  isDateFormatCode,
  putCell,
  type Cell,
  type Sheet,
  serialToDate,
} from './cells';

/**
 * The first worksheet of an XLS workbook (Excel 97–2003, BIFF8 in an OLE compound file): shared
 * strings (SST, LABELSST), LABEL and RSTRING texts, NUMBER, RK and MULRK numbers, BOOLERR booleans
 * (errors are empty), and the cached results of FORMULA cells (a text result in the STRING record
 * after it). Numbers in cells formatted as dates become `yyyy-mm-dd`.
 */

/**
 * cfb is a CommonJS module: Node hands its functions over as the namespace, the portal's bundler
 * as the namespace's `default`.
 */
const CFB: typeof cfbModule = (cfbModule as { default?: typeof cfbModule }).default ?? cfbModule;

const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const DATEMODE = 0x0022;
const FORMAT = 0x041e;
const XF = 0x00e0;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const BOOLERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;

const BIFF8 = 0x0600;
const WORKSHEET = 0x0010;

interface Globals {
  strings: string[];
  /** Per XF (cell format) index: whether its number format shows a date. */
  dates: boolean[];
  date1904: boolean;
  /** Stream offset of the first worksheet's BOF. */
  sheetAt: number;
}

function workbookStream(bytes: Uint8Array): Uint8Array {
  let container: cfbModule.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'array' });
  } catch {
    throw incorrectFormat('not an OLE compound file');
  }
  const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
  if (!entry?.content) throw incorrectFormat('no Workbook stream');
  const content = entry.content;
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

function readGlobals(stream: Uint8Array): Globals {
  const strings: string[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let date1904 = false;
  let sheetAt = -1;
  let first = true;
  for (const record of records(stream)) {
    const { type, data } = record;
    if (first) {
      if (type !== BOF || u16(data, 0) !== BIFF8) throw incorrectFormat('not a BIFF8 workbook');
      first = false;
      continue;
    }
    if (type === EOF) break;
    if (type === FILEPASS) throw incorrectFormat('the workbook is password protected');
    if (type === DATEMODE) date1904 = u16(data, 0) === 1;
    else if (type === FORMAT) formats.set(u16(data, 0), new BiffReader([data], 2).unicodeString());
    else if (type === XF) xfFormats.push(u16(data, 2));
    else if (type === BOUNDSHEET && sheetAt === -1 && data[5] === 0) sheetAt = u32(data, 0);
    else if (type === SST) {
      const reader = new BiffReader([data, ...record.continues], 8);
      const unique = u32(data, 4);
      for (let i = 0; i < unique; i++) strings.push(reader.richString());
    }
  }
  if (sheetAt < 0) throw incorrectFormat('the workbook has no worksheet');
  const dates = xfFormats.map((id) => {
    const code = formats.get(id);
    return code !== undefined ? isDateFormatCode(code) : isBuiltinDateFormat(id);
  });
  return { strings, dates, date1904, sheetAt };
}

/** The first worksheet of an XLS file. */
export function parseXls(bytes: Uint8Array): Sheet {
  const stream = workbookStream(bytes);
  let globals: Globals;
  try {
    globals = readGlobals(stream);
  } catch (error) {
    if (error instanceof RangeError) throw incorrectFormat(error.message);
    throw error;
  }
  const { strings, dates, date1904, sheetAt } = globals;
  const rows: Cell[][] = [];
  const number = (value: number, xf: number): Cell => (dates[xf] ? serialToDate(value, date1904) : value);
  const put = (row: number, column: number, value: Cell) => {
    if (value !== null && value !== '') putCell(rows, row, column, value);
  };
  /** A FORMULA whose result is text: the text is in the STRING record that follows. */
  let textResultAt: { row: number; column: number } | null = null;
  let depth = 0;
  try {
    for (const record of records(stream, sheetAt)) {
      const { type, data } = record;
      if (type === BOF) {
        if (depth === 0 && u16(data, 2) !== WORKSHEET) throw incorrectFormat('the first sheet is no worksheet');
        depth++;
        continue;
      }
      if (type === EOF) {
        if (--depth <= 0) break;
        continue;
      }
      // Records of an embedded chart or object, inside the sheet, are not cells of the sheet.
      if (depth !== 1) continue;
      const row = u16(data, 0);
      const column = u16(data, 2);
      const xf = u16(data, 4);
      switch (type) {
        case LABELSST:
          put(row, column, strings[u32(data, 6)] ?? null);
          break;
        case LABEL:
        case RSTRING:
          put(row, column, new BiffReader([data, ...record.continues], 6).unicodeString());
          break;
        case NUMBER:
          put(row, column, number(f64(data, 6), xf));
          break;
        case RK:
          put(row, column, number(rkNumber(u32(data, 6)), xf));
          break;
        case MULRK: {
          const last = u16(data, data.length - 2);
          for (let c = column, at = 4; c <= last; c++, at += 6)
            put(row, c, number(rkNumber(u32(data, at + 2)), u16(data, at)));
          break;
        }
        case BOOLERR:
          if (data[7] === 0) put(row, column, data[6] === 1);
          break;
        case FORMULA:
          textResultAt = null;
          if (u16(data, 12) !== 0xffff) put(row, column, number(f64(data, 6), xf));
          else if (data[6] === 0) textResultAt = { row, column };
          else if (data[6] === 1) put(row, column, data[8] === 1);
          break;
        case STRING:
          if (textResultAt)
            put(textResultAt.row, textResultAt.column, new BiffReader([data, ...record.continues]).unicodeString());
          textResultAt = null;
          break;
      }
    }
  } catch (error) {
    if (error instanceof RangeError) throw incorrectFormat(error.message);
    throw error;
  }
  return { rows };
}
