import type { EntitySchema } from '../../schema/types';
import { fieldError } from '../http/api-error';
import type { Validator } from '../http/validation';
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
}

function decode(name: string, value: unknown): unknown {
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

/** Decodes and checks a list query; the filter is validated against `<entity>.filter`. */
export function parseListQuery(validator: Validator, entity: EntitySchema, raw: RawListQuery): ListQuery {
  const filter = decode('filter', raw.filter) ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw fieldError('filter', 'validation.type');
  validator.check(`${entity.$id}.filter`, filter);
  return {
    filter: filter as Record<string, unknown>,
    range: rangeOf(decode('range', raw.range)),
    sort: sortOf(entity, decode('sort', raw.sort)),
  };
}

/** `Content-Range` as react-admin reads it: `invoice 0-24/319`, or an unsatisfied range (star, then the total) for no rows. */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}
