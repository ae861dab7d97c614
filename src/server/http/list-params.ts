import { currentDay, dateRangeProblem, dayEnd, dayStart, rangeFilters, type Day } from '../../schema/listDateRange';
import { valueReferenceFilters } from '../../schema/recordPage';
import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { referenceFilters } from '../../schema/variants';
import { dateRangeOf, routeParameter, VIEW_FILTER, viewOf } from '../../schema/views';
import { fieldError } from '../kernel/api-error';
import type { Validator } from '../kernel/validation';
import { sortableColumns, type ListQuery, type SortOrder } from '../storage/list-query';

/**
 * The list query of ra-data-simple-rest: `filter` (object), `range` ([first, last] row) and `sort`
 * ([field, "ASC" | "DESC"]), each JSON-encoded in the query string, or already decoded when they
 * arrived in an encrypted `data` parameter.
 */

/** Most rows one list call returns, whatever range is asked for. */
export const MAX_PAGE = 500;

export interface RawListQuery {
  filter?: unknown;
  range?: unknown;
  sort?: unknown;
  /** First day of the list's date range (SPEC §7 "from and to date query values"), besides the filter. */
  from?: unknown;
  /** Last day of the list's date range. */
  to?: unknown;
}

/** A value of a list query as sent: JSON text decoded (400 on `name` when it is not JSON), anything else as it is. */
export function decodeListValue(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw fieldError(name, 'app.message.invalid_json');
  }
}

const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function rangeOf(value: unknown): [number, number] {
  if (value === undefined) return [0, MAX_PAGE - 1];
  if (!Array.isArray(value) || value.length !== 2 || !isIndex(value[0]) || !isIndex(value[1]) || value[1] < value[0]) {
    throw fieldError('range', 'validation.type');
  }
  return [value[0], Math.min(value[1], value[0] + MAX_PAGE - 1)];
}

function sortOf(entity: EntitySchema, value: unknown): [string, SortOrder] {
  if (value === undefined) return entity['x-list'].sort;
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw fieldError('sort', 'validation.type');
  }
  const order = value[1].toUpperCase();
  if (!sortableColumns(entity).includes(value[0]) || (order !== 'ASC' && order !== 'DESC'))
    throw fieldError('sort', 'validation.enum');
  return [value[0], order];
}

type Filter = Record<string, unknown>;

function filterOf(raw: RawListQuery): Filter {
  const filter = decodeListValue('filter', raw.filter) ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw fieldError('filter', 'validation.type');
  return filter as Filter;
}

/** The view a list call names (`filter.view`), read before the call is checked, to know its gate. */
export function requestedView(raw: RawListQuery): string | undefined {
  try {
    const view = filterOf(raw)[VIEW_FILTER];
    return typeof view === 'string' ? view : undefined;
  } catch {
    return undefined;
  }
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The filter of a view's list: the caller's, with the view's fixed values in place (whatever the
 * caller sent for them). A value standing for a route parameter (`":unit_id"`) is the caller's to
 * give, and must be given.
 */
function withViewFilter(entity: EntitySchema, filter: Filter): Filter {
  const { [VIEW_FILTER]: name, ...rest } = filter;
  const view = typeof name === 'string' ? viewOf(entity, name) : undefined;
  for (const [key, value] of Object.entries(view?.filter ?? {})) {
    if (!routeParameter(value)) rest[key] = value;
    else if (isBlank(rest[key])) throw fieldError(key, 'validation.required');
  }
  return rest;
}

export interface ListQueryOptions {
  /**
   * The date range may be of any length, or left out for every row (an export for the accountant
   * covers a whole year): `maxDays` and `maxMonths` are lifted, `withinDays` is kept, and with it
   * the need for a range.
   */
  anyLength?: boolean;
}

/**
 * Applies `x-list.dateRange` (the view's when it has one). A call for given ids is not a listing,
 * nor one for the records pointing at one record (a transaction's refunds, an invoice's payments
 * by its reference, whenever made).
 */
function checkDateRange(
  entity: EntitySchema,
  view: string | undefined,
  filter: Filter,
  today: Day,
  { anyLength = false }: ListQueryOptions,
): void {
  const found = dateRangeOf(entity, view);
  if (!found || !isBlank(filter.id)) return;
  if (!view && referenceFilters(entity).some((name) => typeof filter[name] === 'number')) return;
  const byValue = valueReferenceFilters(entity, Object.values(entitySchemas));
  if (!view && byValue.some((name) => typeof filter[name] === 'string' && filter[name] !== '')) return;
  const rule = anyLength ? { field: found.field, withinDays: found.withinDays } : found;
  const names = rangeFilters(rule);
  const value = (name: string) => (typeof filter[name] === 'string' ? (filter[name] as string) : undefined);
  const range = { from: value(names.from), to: value(names.to) };
  if (anyLength && rule.withinDays === undefined && isBlank(range.from) && isBlank(range.to)) return;
  const problem = dateRangeProblem(rule, range, today);
  if (problem) throw fieldError(problem.filter, problem.key, problem.params);
}

/**
 * The `from` and `to` query values as the ends of the list's date range (the view's when it has
 * one), where the filter leaves them out; refused on a list without a date range.
 */
function withQueryDates(entity: EntitySchema, view: string | undefined, filter: Filter, raw: RawListQuery): Filter {
  const ends = { from: raw.from, to: raw.to };
  if (ends.from === undefined && ends.to === undefined) return filter;
  const rule = dateRangeOf(entity, view);
  if (!rule) throw fieldError(ends.from === undefined ? 'to' : 'from', 'validation.type');
  const names = rangeFilters(rule);
  const result = { ...filter };
  for (const end of ['from', 'to'] as const) {
    const value = ends[end];
    if (typeof value === 'string' && isBlank(result[names[end]])) result[names[end]] = value;
  }
  return result;
}

/** A bare date bounding a date-time field covers the whole business day it names. */
function withDayBounds(entity: EntitySchema, filter: Filter): Filter {
  const result = { ...filter };
  for (const [name, value] of Object.entries(filter)) {
    const bound = /^(.*)_(gte|lte)$/.exec(name);
    if (!bound || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
    if (entity.properties[bound[1]]?.format !== 'date-time' || name in entity.properties) continue;
    result[name] = bound[2] === 'gte' ? dayStart(value) : dayEnd(value);
  }
  return result;
}

/**
 * Decodes and checks a list query: the filter is validated against `<entity>.filter`, a named
 * view's fixed filter is applied, and so is the date range rule of the list (or of the view),
 * with its length limits unless `options.anyLength`.
 */
export function parseListQuery(
  validator: Validator,
  entity: EntitySchema,
  raw: RawListQuery,
  today: Day = currentDay(),
  options: ListQueryOptions = {},
): ListQuery {
  const requested = filterOf(raw);
  validator.check(`${entity.$id}.filter`, requested);
  const view = typeof requested[VIEW_FILTER] === 'string' ? requested[VIEW_FILTER] : undefined;
  const filter = withQueryDates(entity, view, withViewFilter(entity, requested), raw);
  checkDateRange(entity, view, filter, today, options);
  return {
    filter: withDayBounds(entity, filter),
    range: rangeOf(decodeListValue('range', raw.range)),
    sort: sortOf(entity, decodeListValue('sort', raw.sort)),
  };
}

/** `Content-Range` as react-admin reads it: `invoice 0-24/319`, or an unsatisfied range (star, then the total) for no rows. */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}
