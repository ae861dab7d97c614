import { enumLabelKey, fieldLabelKey } from '../../schema/labels';
import type { EntitySchema } from '../../schema/types';
import { columnsOf as listColumnsOf } from '../../schema/views';
import { humanise, type Language } from '../../shared/i18n';
import { t } from '../kernel/language';
import { columnsOf, ident, type Column, type ColumnKind } from '../storage/columns';

/**
 * The columns of an entity's CSV export, read from its schema: the list's columns first (a view's
 * own when exporting a view), in the list's order, then every other property a client can read
 * that holds one value (no JSON, no write-only field, no secret), in schema order. Each column
 * knows its header, in the caller's language, and how its values are written:
 * - amounts (KWD) as stored, with three decimals (`12.500`);
 * - dates as `YYYY-MM-DD`; date-times in Kuwait time (UTC+3 all year) as `YYYY-MM-DD HH:mm:ss`,
 *   which spreadsheets read as a date and time;
 * - enum values by their label in the caller's language, yes/no for booleans.
 */

export interface ExportColumn {
  name: string;
  kind: ColumnKind;
  /** Header of the column: the field's label. */
  label: string;
  /** SQL expression of the column's value: a JSON string, number or boolean once read. */
  select: string;
  /** The cell's text for a value as the driver returns it. */
  text: (value: unknown) => string;
}

/** A catalogue message, or `fallback` when the catalogue has none for the key. */
function labelOr(language: Language, key: string, fallback: string): string {
  const text = t(language, key);
  return text === key ? fallback : text;
}

const isExported = (column: Column) =>
  column.kind !== 'json' && !column.property.writeOnly && !column.property['x-secret'];

/** A date-time as the wall clock in Kuwait shows it; the session's time zone plays no part. */
const kuwaitTime = (column: string) =>
  `to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/** Values whose JSON form would not be exact (amounts, dates, big integers) are read as text. */
function selectOf(kind: ColumnKind, column: string): string {
  if (kind === 'timestamp') return kuwaitTime(column);
  return kind === 'kwd' || kind === 'date' || kind === 'bigint' ? `${column}::text` : column;
}

function textOf(entity: EntitySchema, column: Column, language: Language): (value: unknown) => string {
  const values = column.property.enum;
  if (values) {
    const labels = new Map(
      values.map((value) => [
        String(value),
        labelOr(language, enumLabelKey(entity.$id, column.name, value), String(value)),
      ]),
    );
    return (value) => (value === null || value === undefined ? '' : (labels.get(String(value)) ?? String(value)));
  }
  if (column.kind === 'boolean') {
    const yes = t(language, 'app.export.yes');
    const no = t(language, 'app.export.no');
    return (value) => (value === true ? yes : value === false ? no : '');
  }
  return (value) => (value === null || value === undefined ? '' : String(value));
}

/** The columns of the export of an entity's list, or of one of its views, labelled in `language`. */
export function exportColumns(entity: EntitySchema, view: string | undefined, language: Language): ExportColumn[] {
  const readable = new Map(
    columnsOf(entity)
      .filter(isExported)
      .map((column) => [column.name, column]),
  );
  const first = listColumnsOf(entity, view).filter((name) => readable.has(name));
  const names = [...new Set([...first, ...readable.keys()])];
  return names.map((name) => {
    const column = readable.get(name) as Column;
    const quoted = ident(name);
    return {
      name,
      kind: column.kind,
      label: labelOr(language, fieldLabelKey(entity.$id, name), humanise(name)),
      select: selectOf(column.kind, quoted),
      text: textOf(entity, column, language),
    };
  });
}
