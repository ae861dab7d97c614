import type { EntitySchema } from '../../schema/types';
import { filterKind } from '../../schema/variants';
import { columnsOf, ident, kindOf, placeholder, type ColumnKind } from './columns';

/**
 * SQL of a list query, following the filter kinds `filterKind()` derives from the schema. Values
 * arrive already validated against `filterSchema()`; this only turns them into SQL.
 */

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery {
  filter: Record<string, unknown>;
  sort: [string, SortOrder];
  /** Inclusive row positions, react-admin style: [0, 24] is the first 25 rows. */
  range: [number, number];
}

export interface WhereClause {
  sql: string[];
  params: unknown[];
}

/** Columns a list may be sorted by: the id and every scalar property a client can read. */
export function sortableColumns(entity: EntitySchema): string[] {
  return [
    'id',
    ...columnsOf(entity)
      .filter((column) => column.kind !== 'json' && !column.property.writeOnly)
      .map((column) => column.name),
  ];
}

/** Separates the search columns in the searched text; a search box cannot send it. */
const SEPARATOR = `E'\\n'`;

/**
 * The text `q` is matched against: every `x-list.search` column, one per line (the search index
 * of `list-indexes` covers this very expression). Null when the entity searches nothing, or a
 * column that is not text (its text form would depend on settings, which an index cannot), in
 * which case each column is matched on its own.
 */
export function searchText(entity: EntitySchema): string | null {
  const search = entity['x-list'].search ?? [];
  const kinds = new Map(columnsOf(entity).map((column) => [column.name, column.kind]));
  if (search.length === 0 || search.some((name) => kinds.get(name) !== 'text')) return null;
  return `(${search.map((name) => `coalesce(${ident(name)}, '')`).join(` || ${SEPARATOR} || `)})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

class Builder {
  readonly where: WhereClause = { sql: [], params: [] };
  constructor(private next: number) {}

  param(kind: ColumnKind, value: unknown): string {
    this.where.params.push(value);
    return placeholder(kind, this.next++);
  }

  add(sql: string): void {
    this.where.sql.push(sql);
  }
}

/**
 * WHERE conditions of a filter object.
 *
 * @param firstParam number of the first `$n` placeholder to use
 */
export function whereOf(entity: EntitySchema, filter: Record<string, unknown>, firstParam: number): WhereClause {
  const builder = new Builder(firstParam);
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'id') {
      const ids = Array.isArray(value) ? value : [value];
      builder.add(ids.length ? `id in (${ids.map((id) => builder.param('integer', id)).join(', ')})` : 'false');
      continue;
    }
    if (name === 'q') {
      const pattern = builder.param('text', `%${escapeLike(String(value))}%`);
      const search = entity['x-list'].search ?? [];
      // One text over every search column when it can be, which the search index covers.
      const text = searchText(entity);
      builder.add(
        text
          ? `${text} ilike ${pattern}`
          : search.length
            ? `(${search.map((column) => `${ident(column)}::text ilike ${pattern}`).join(' or ')})`
            : 'true',
      );
      continue;
    }
    const bound = /^(.*)_(gte|lte)$/.exec(name);
    const base = bound && !(name in entity.properties) ? bound[1] : name;
    const property = entity.properties[base];
    if (!property) throw new Error(`${entity.$id}: unknown filter ${name}`);
    const kind = kindOf(property);
    const column = ident(base);
    if (bound && base !== name) {
      builder.add(`${column} ${bound[2] === 'gte' ? '>=' : '<='} ${builder.param(kind, value)}`);
    } else if (filterKind(base, property) === 'contains') {
      builder.add(`${column}::text ilike ${builder.param('text', `%${escapeLike(String(value))}%`)}`);
    } else {
      const values = Array.isArray(value) ? value : [value];
      builder.add(
        values.length ? `${column} in (${values.map((item) => builder.param(kind, item)).join(', ')})` : 'false',
      );
    }
  }
  return builder.where;
}

/** ORDER BY of a sort, with the id as tie-breaker so pages never overlap. */
export function orderOf(entity: EntitySchema, [field, order]: [string, SortOrder]): string {
  if (!sortableColumns(entity).includes(field)) throw new Error(`${entity.$id}: cannot sort by ${field}`);
  const direction = order === 'DESC' ? 'desc' : 'asc';
  return field === 'id' ? `id ${direction}` : `${ident(field)} ${direction} nulls last, id ${direction}`;
}
