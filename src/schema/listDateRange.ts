import { addDays, addMonths, dateOf, today as calendarToday } from './calendar';
import type { XDateRange } from './types';

/**
 * The rule of `x-list.dateRange` (SPEC §5: "a date range must be selected", "at most 6 months or
 * 1 month", "incomplete transactions only within the last 7 days"), checked by the API on every
 * list call and by the portal before it asks. Days are calendar days as `calendar` counts them
 * (UTC): a bare date sent for a date-time field covers that whole day.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

export interface DateRangeValue {
  from: Day;
  to: Day;
}

/** Why a range is refused: the catalogue key, its `smart_count`, and the filter it is about. */
export interface DateRangeProblem {
  filter: string;
  key: string;
  params?: { smart_count: number };
}

/** The filter names of a rule's two ends: `<field>_gte` and `<field>_lte`. */
export function rangeFilters(rule: XDateRange): { from: string; to: string } {
  return { from: `${rule.field}_gte`, to: `${rule.field}_lte` };
}

/** Today, as the date rules count days. */
export const currentDay = (): Day => calendarToday();

/** First and last instants of a day, for comparing with date-time columns. */
export const dayStart = (day: Day) => `${day}T00:00:00.000Z`;
export const dayEnd = (day: Day) => `${day}T23:59:59.999Z`;

/**
 * What is wrong with a range under a rule, or null when it may be listed. As with `x-dateRange`,
 * the last day is at most `maxMonths` calendar months (or `maxDays` days) after the first; with
 * `withinDays`, the first day is at most that many days before today.
 */
export function dateRangeProblem(
  rule: XDateRange,
  range: { from?: string | null; to?: string | null },
  today: Day = currentDay(),
): DateRangeProblem | null {
  const filters = rangeFilters(rule);
  const from = dateOf(range.from);
  const to = dateOf(range.to);
  if (!from) return { filter: filters.from, key: 'validation.date_required' };
  if (!to) return { filter: filters.to, key: 'validation.date_required' };
  if (to < from) return { filter: filters.to, key: 'validation.date_order' };
  if (rule.withinDays !== undefined && from < addDays(today, -rule.withinDays)) {
    return { filter: filters.from, key: 'validation.date_within_days', params: { smart_count: rule.withinDays } };
  }
  if (rule.maxMonths !== undefined && to > addMonths(from, rule.maxMonths)) {
    return { filter: filters.to, key: 'validation.date_range_months', params: { smart_count: rule.maxMonths } };
  }
  if (rule.maxDays !== undefined && to > addDays(from, rule.maxDays)) {
    return { filter: filters.to, key: 'validation.date_range_days', params: { smart_count: rule.maxDays } };
  }
  return null;
}

/**
 * The range a list opens with: the last 30 days (7 under a day limit), today included, shortened
 * when the rule allows less (a one-month limit in March, a three-day limit).
 */
export function defaultDateRange(rule: XDateRange, today: Day = currentDay()): DateRangeValue {
  const days = rule.maxDays !== undefined || rule.withinDays !== undefined ? 7 : 30;
  let from = addDays(today, 1 - days);
  while (from < today && dateRangeProblem(rule, { from, to: today }, today)) from = addDays(from, 1);
  return { from, to: today };
}
