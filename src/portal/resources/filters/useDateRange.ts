import { useCallback, useMemo } from 'react';
import { useStore } from 'react-admin';
import { currentDay, dateRangeProblem, defaultDateRange, type DateRangeValue } from '../../../schema/listDateRange';
import type { XDateRange } from '../../../schema/types';

/**
 * The date range a list (or view) is showing, kept in react-admin's store under `key` so that it
 * survives a visit to a record and back. It starts as the rule's default; a stored range that the
 * rule no longer allows (a "last 7 days" left open past midnight) gives way to the default again.
 */
export function useDateRange(
  key: string,
  rule: XDateRange | undefined,
): [DateRangeValue | undefined, (range: DateRangeValue) => void] {
  const [stored, setStored] = useStore<DateRangeValue | undefined>(key);
  const set = useCallback((range: DateRangeValue) => setStored(range), [setStored]);
  const today = currentDay();
  const range = useMemo(() => {
    if (!rule) return undefined;
    return stored && !dateRangeProblem(rule, stored, today) ? stored : defaultDateRange(rule, today);
  }, [rule, stored, today]);
  return [range, set];
}
