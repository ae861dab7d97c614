import { currentDay, defaultDateRange, rangeFilters } from '../../schema/listDateRange';
import type { EntitySchema, XDateRange } from '../../schema/types';
import { dateRangeOf } from '../../schema/views';

/** Rows a list's page shows. */
export const LIST_PER_PAGE = 25;

/** The from and to filter values a list with a date range rule opens at (`x-list.dateRange`). */
export function rangeDefaults(rule: XDateRange | undefined): Record<string, string> | undefined {
  if (!rule) return undefined;
  const range = defaultDateRange(rule, currentDay());
  const ends = rangeFilters(rule);
  return { [ends.from]: range.from, [ends.to]: range.to };
}

/**
 * What a list screen (not a view) asks the API for on a visit whose address holds no filter,
 * sort or page yet: its first page in its own order, over its default date range.
 */
export function firstListParams(entity: EntitySchema) {
  const [field, order] = entity['x-list'].sort;
  return {
    pagination: { page: 1, perPage: LIST_PER_PAGE },
    sort: { field, order },
    filter: rangeDefaults(dateRangeOf(entity)) ?? {},
  };
}
