import { formatOf } from './formats';
import { statusProperty } from './recordPage';
import type { EntitySchema } from './types';
import { columnsOf } from './views';

/**
 * How a list's columns share a narrow screen (`x-list.priority`) and which of them are money, the
 * totals of a report summing those (`GET <endpoint>/totals`). The portal and the API read the same
 * functions, so the totals row sums exactly the money columns the list shows.
 */

/** `1` always a column; `2` from a tablet's width up; `3` on wide screens only. */
export type ColumnPriority = 1 | 2 | 3;

/** The narrowest screen (MUI breakpoint) each priority is a column on. */
export const PRIORITY_BREAKPOINTS = { 1: 'xs', 2: 'md', 3: 'xl' } as const;

/** The properties that may name a record: its title hint in every language. */
function titleNames(entity: EntitySchema): string[] {
  const title = entity['x-resource'].title;
  if (title === undefined) return [];
  return typeof title === 'string' ? [title] : Object.values(title);
}

/**
 * The priority of a list column: `x-list.priority`, else `1` for the record's title, key figure
 * and status (what a phone must still show of each row), else `2`.
 */
export function columnPriority(entity: EntitySchema, column: string): ColumnPriority {
  const declared = entity['x-list'].priority?.[column];
  if (declared !== undefined) return declared;
  const essential = [...titleNames(entity), entity['x-resource'].figure, statusProperty(entity)];
  return essential.includes(column) ? 1 : 2;
}

/** The columns of a list (or view) at one priority or above (`1` the most important). */
export function columnsUpTo(entity: EntitySchema, columns: readonly string[], priority: ColumnPriority): string[] {
  return columns.filter((column) => columnPriority(entity, column) <= priority);
}

/**
 * The row's title on a phone: the list's first column naming the record (its title hint), else
 * its first column of priority 1 that is neither the key figure nor the status, else its first column.
 */
export function rowTitleColumn(entity: EntitySchema, columns: readonly string[]): string | undefined {
  const names = titleNames(entity);
  const named = columns.find((column) => names.includes(column));
  if (named) return named;
  const others = columns.filter(
    (column) => column !== entity['x-resource'].figure && column !== statusProperty(entity),
  );
  return others.find((column) => columnPriority(entity, column) === 1) ?? others[0] ?? columns[0];
}

/** The money (`kwd`) columns of the entity's list or of one of its views: what its totals sum. */
export function moneyColumns(entity: EntitySchema, view?: string): string[] {
  return columnsOf(entity, view).filter((column) => {
    const property = entity.properties[column];
    return property !== undefined && formatOf(property) === 'kwd';
  });
}

/**
 * Whether the entity's lists end with a totals row (`x-list.totals`, else whether its records have
 * a key figure) and have a money column to sum, in the entity's list or one of its views.
 */
export function hasTotals(entity: EntitySchema, view?: string): boolean {
  const wanted = entity['x-list'].totals ?? entity['x-resource'].figure !== undefined;
  return wanted && moneyColumns(entity, view).length > 0;
}

/** Whether any list of the entity (its own or a view) has totals: the API then serves them. */
export function servesTotals(entity: EntitySchema): boolean {
  return [undefined, ...Object.keys(entity['x-resource'].views ?? {})].some((view) => hasTotals(entity, view));
}
