// Not SheetJS (frozen at 0.18.5 with known CVEs on npm): the archive is vetted by `zip.ts` first.
import {
  checkSheetBounds,
  incorrectFormat,
  isBuiltinDateFormat,
  isDateFormatCode,
  putCell,
  serialToDate,
  type Cell,
  type Sheet,
} from './cells';
import { attribute, decodeXml, elements, firstElement, stringItemText } from './xml';
import { readZipDirectory, readZipEntry, XLSX_LIMITS, type ZipEntry, type ZipLimits } from './zip';

/**
 * The first sheet of an XLSX workbook (Office Open XML): shared and inline strings, numbers,
 * booleans, cached formula results, and numbers formatted as dates turned into `yyyy-mm-dd`
 * (1900 or 1904 date system, as the workbook says). The archive is checked before anything is
 * inflated (see `zip.ts`).
 */

const text = new TextDecoder();

function part(bytes: Uint8Array, entries: Map<string, ZipEntry>, name: string): string | undefined {
  const entry = entries.get(name);
  return entry ? text.decode(readZipEntry(bytes, entry)) : undefined;
}

/** The path of the workbook's first sheet inside the archive, from the workbook's relationships. */
function firstSheetPath(workbook: string, relationships: string | undefined): string {
  const sheet = firstElement(firstElement(workbook, 'sheets')?.inner ?? '', 'sheet');
  const id = sheet && attribute(sheet.attributes, 'id');
  if (!id || !relationships) throw incorrectFormat('the workbook names no sheet');
  for (const { attributes } of elements(relationships, 'Relationship')) {
    if (attribute(attributes, 'Id') !== id) continue;
    const target = attribute(attributes, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  throw incorrectFormat('the first sheet has no part');
}

/** For each cell style (`s`), whether its number format shows a date. */
function dateStyles(styles: string | undefined): boolean[] {
  if (!styles) return [];
  const custom = new Map<number, string>();
  for (const { attributes } of elements(firstElement(styles, 'numFmts')?.inner ?? '', 'numFmt')) {
    custom.set(Number(attribute(attributes, 'numFmtId')), attribute(attributes, 'formatCode') ?? '');
  }
  return [...elements(firstElement(styles, 'cellXfs')?.inner ?? '', 'xf')].map(({ attributes }) => {
    const id = Number(attribute(attributes, 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateFormatCode(code) : isBuiltinDateFormat(id);
  });
}

/** "BC12" → column 54 (from 0); the row is the row element's. */
function position(reference: string): { column: number } | undefined {
  const match = /^([A-Z]{1,3})([0-9]+)$/.exec(reference);
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1]) column = column * 26 + letter.charCodeAt(0) - 64;
  return { column: column - 1 };
}

interface Context {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
}

function cellValue(attributes: string, inner: string, { strings, dates, date1904 }: Context): Cell {
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') return stringItemText(firstElement(inner, 'is')?.inner ?? '');
  const raw = firstElement(inner, 'v')?.inner;
  if (raw === undefined) return null;
  const value = decodeXml(raw);
  switch (type) {
    case 's':
      return strings[Number(value)] ?? null;
    case 'str':
      return value;
    case 'b':
      return value === '1' || value === 'true';
    case 'e':
      return null;
    case 'd':
      return value.slice(0, 10);
    default: {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number)) return value;
      return dates[Number(attribute(attributes, 's') ?? 0)] ? serialToDate(number, date1904) : number;
    }
  }
}

/** The first sheet of an XLSX file. */
export function parseXlsx(bytes: Uint8Array, limits: ZipLimits = XLSX_LIMITS): Sheet {
  const entries = readZipDirectory(bytes, limits);
  const workbook = part(bytes, entries, 'xl/workbook.xml');
  if (!workbook) throw incorrectFormat('no xl/workbook.xml');
  const sheetXml = part(bytes, entries, firstSheetPath(workbook, part(bytes, entries, 'xl/_rels/workbook.xml.rels')));
  if (sheetXml === undefined) throw incorrectFormat('the first sheet is missing');
  const properties = firstElement(workbook, 'workbookPr')?.attributes ?? '';
  const flag = attribute(properties, 'date1904');
  const sharedStrings = part(bytes, entries, 'xl/sharedStrings.xml');
  const context: Context = {
    strings: sharedStrings ? [...elements(sharedStrings, 'si')].map(({ inner }) => stringItemText(inner)) : [],
    dates: dateStyles(part(bytes, entries, 'xl/styles.xml')),
    date1904: flag === '1' || flag === 'true',
  };

  const rows: Cell[][] = [];
  let rowIndex = -1;
  for (const row of elements(firstElement(sheetXml, 'sheetData')?.inner ?? '', 'row')) {
    const r = Number(attribute(row.attributes, 'r'));
    rowIndex = Number.isInteger(r) && r > 0 ? r - 1 : rowIndex + 1;
    let column = -1;
    for (const cell of elements(row.inner, 'c')) {
      const at = position(attribute(cell.attributes, 'r') ?? '');
      column = at ? at.column : column + 1;
      const value = cellValue(cell.attributes, cell.inner, context);
      if (value !== null && value !== '') putCell(rows, rowIndex, column, value);
    }
    checkSheetBounds(rowIndex);
    while (rows.length <= rowIndex) rows.push([]);
  }
  return { rows };
}
