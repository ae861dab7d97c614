import type { ErrorObject } from 'ajv';
import { fieldMessages, pathOf } from '../../schema/errors';
import { formatOf, type KnownFormat } from '../../schema/formats';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { fromFils, normaliseKwd, toFils } from '../money';
import { serialToDate, SpreadsheetRefused, type Cell, type Sheet } from './cells';

/**
 * A sheet of invoices for a bulk upload: its header row names the columns (by field name, in any
 * case and spacing, or by a field's label), each later row is one invoice, checked against the
 * invoice's create schema — the portal in a worker, the API again before writing anything.
 */

/** Invoice fields a bulk file may fill, in the template's order (those the invoice schema has). */
export const BULK_COLUMNS = [
  'customer_name',
  'mobile',
  'email',
  'amount',
  'description',
  'expiry_date',
  'invoice_number',
  'title',
] as const;

/** The kind of the invoices an upload creates; rows are checked as invoices of this kind. */
export const BULK_KIND = 'bulk';

/** At most this many invoices in one file. */
export const MAX_BULK_ROWS = 100_000;

/** One invoice of the file: its row number in the file and the fields it fills, as text. */
export interface BulkRow {
  row: number;
  values: Record<string, string>;
}

/** Why one field of one row is refused: a catalogue key and its parameters. */
export interface RowProblem {
  row: number;
  field: string;
  key: string;
  params: Record<string, unknown>;
}

export interface BulkCheck {
  /** The valid rows, the ones to create. */
  rows: BulkRow[];
  /** Every refused field of every invalid row, in file order. */
  problems: RowProblem[];
  totalRows: number;
  invalidRows: number;
  /** Sum of the valid rows' amounts, KWD with three decimals. */
  totalAmount: string;
}

/** The bulk columns of the invoice's create schema, in template order. */
export function bulkColumns(schema: EntitySchema): string[] {
  return BULK_COLUMNS.filter((name) => name in schema.properties && !schema.properties[name].readOnly);
}

/** The template a merchant fills: the header row, UTF-8 with a byte order mark so spreadsheet programs read Arabic right. */
export function templateCsv(columns: readonly string[]): string {
  return `\uFEFF${columns.join(',')}\r\n`;
}

/** "Customer Name", " customer-name " and "customer_name" all read as `customer_name`. */
export function normaliseHeader(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

/**
 * The field of each column of the header row; null for a column that names none. `aliases` maps
 * other names (labels, in any language) to fields; keys are compared normalised.
 */
export function mapHeader(header: readonly Cell[], columns: readonly string[], aliases: Record<string, string> = {}) {
  const known = new Map<string, string>(columns.map((name) => [normaliseHeader(name), name]));
  for (const [alias, field] of Object.entries(aliases)) {
    if (columns.includes(field) && !known.has(normaliseHeader(alias))) known.set(normaliseHeader(alias), field);
  }
  const taken = new Set<string>();
  return header.map((cell) => {
    const field = cell === null ? undefined : known.get(normaliseHeader(String(cell)));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** An amount cell as a KWD string: a number with up to three decimals gets exactly three. */
function amountText(value: Cell): string {
  if (typeof value === 'number') {
    const fils = Math.round(value * 1000);
    // A number with more than three decimals is kept as written, and refused as an amount.
    return Math.abs(value * 1000 - fils) < 1e-6 && Number.isSafeInteger(fils) ? fromFils(BigInt(fils)) : String(value);
  }
  return normaliseKwd(String(value).trim());
}

/** A date cell as `yyyy-mm-dd`: a date serial, or a day-first date (31/12/2026) as Kuwait writes them. */
function dateText(value: Cell): string {
  if (typeof value === 'number') return serialToDate(value);
  const text = String(value).trim();
  const match = DAY_FIRST.exec(text);
  return match ? `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}` : text;
}

/** A mobile number cell without its spaces, dashes and brackets. */
function mobileText(value: Cell): string {
  // `String` writes an integer below 10^21 in full: 96550000000, never 9.655e10.
  return String(value).replace(/[\s\-()]/g, '');
}

const plainText = (value: Cell) => String(value).trim();

/** How a cell is read into a field of each format. */
const FORMAT_CELLS: Record<KnownFormat, (value: Cell) => string> = {
  kwd: amountText,
  date: dateText,
  'date-time': plainText,
  mobile: mobileText,
  'strong-password': plainText,
  'email-list': plainText,
  'webhook-url': plainText,
  email: plainText,
  uri: plainText,
  ipv4: plainText,
};

/** The text a field takes from a cell; undefined for an empty cell. */
export function cellText(value: Cell, property: PropertySchema): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const format = formatOf(property);
  return format ? FORMAT_CELLS[format](value) : plainText(value);
}

/**
 * The field messages of ajv's errors for one row (one per field, as forms show them). A message of
 * no field (a failed `if` beside the `required` it explains) is kept only when there is no other.
 */
export function problemsOf(schema: EntitySchema, errors: readonly ErrorObject[]) {
  const messages = fieldMessages(
    schema,
    errors.map((error) => ({
      path: pathOf(error.instancePath),
      keyword: error.keyword,
      params: error.params as Record<string, unknown>,
    })),
  );
  const named = messages.filter((message) => message.field);
  return named.length > 0 ? named : messages;
}

/** A compiled check of one invoice against the create schema (an ajv validate function). */
export interface RowValidator {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface CheckOptions {
  /** The invoice's create schema (`invoice.create`), whose rules and messages apply. */
  schema: EntitySchema;
  validate: RowValidator;
  /** Header names besides the field names (labels in the user's languages), normalised or not. */
  aliases?: Record<string, string>;
  maxRows?: number;
}

/**
 * The columns every row must fill: those an invoice of the bulk kind cannot be without (found by
 * checking an empty one, so `required` inside conditions counts too).
 */
export function requiredColumns(schema: EntitySchema, validate: RowValidator): string[] {
  const columns = bulkColumns(schema);
  if (validate({ kind: BULK_KIND })) return [];
  const missing = (validate.errors ?? []).flatMap((error) =>
    error.keyword === 'required' ? [String((error.params as { missingProperty?: unknown }).missingProperty)] : [],
  );
  return columns.filter((name) => missing.includes(name));
}

const isEmpty = (cells: readonly Cell[]) => cells.every((cell) => cell === null || String(cell).trim() === '');

/**
 * Reads the invoices of a sheet: the first non-empty row is the header, every later non-empty row
 * an invoice. Refused whole (`SpreadsheetRefused`) without a row, without a column for a required
 * field (`params.fields` names them) or with more than `maxRows` rows.
 */
export function checkSheet(
  sheet: Sheet,
  { schema, validate, aliases, maxRows = MAX_BULK_ROWS }: CheckOptions,
): BulkCheck {
  const headerAt = sheet.rows.findIndex((cells) => !isEmpty(cells));
  if (headerAt === -1) throw new SpreadsheetRefused('app.bulk.no_rows');
  const columns = bulkColumns(schema);
  const fields = mapHeader(sheet.rows[headerAt], columns, aliases);
  const missing = requiredColumns(schema, validate).filter((name) => !fields.includes(name));
  if (missing.length > 0) throw new SpreadsheetRefused('app.bulk.missing_columns', { fields: missing });

  const place = (field: string) => (fields.includes(field) ? fields.indexOf(field) : fields.length);
  const rows: BulkRow[] = [];
  const problems: RowProblem[] = [];
  let totalRows = 0;
  let total = 0n;
  for (let index = headerAt + 1; index < sheet.rows.length; index++) {
    const cells = sheet.rows[index];
    if (isEmpty(cells)) continue;
    if (++totalRows > maxRows)
      throw new SpreadsheetRefused('app.bulk.too_many_rows', { limit: maxRows, smart_count: maxRows });
    const values: Record<string, string> = {};
    fields.forEach((field, column) => {
      if (!field) return;
      const text = cellText(cells[column] ?? null, schema.properties[field]);
      if (text !== undefined) values[field] = text;
    });
    const row = index + 1;
    if (validate({ ...values, kind: BULK_KIND })) {
      rows.push({ row, values });
      total += toFils(values.amount) ?? 0n;
    } else {
      // In the order of the file's columns, as the user reads the row.
      const found = problemsOf(schema, validate.errors ?? []).sort((a, b) => place(a.field) - place(b.field));
      for (const { field, key, params } of found) problems.push({ row, field, key, params });
    }
  }
  if (totalRows === 0) throw new SpreadsheetRefused('app.bulk.no_rows');
  return { rows, problems, totalRows, invalidRows: totalRows - rows.length, totalAmount: fromFils(total) };
}
