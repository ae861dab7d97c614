import { describe, expect, it } from 'vitest';
import { dateRangeProblem } from '../../../schema/listDateRange';
import { widestDateRange } from './referenceChoices';

/**
 * A choice among the records of a list that needs a date range (a refund's transaction) asks for
 * the longest range the list allows, ending today: the choice holds every record it may.
 */
describe('widestDateRange', () => {
  const today = '2026-08-31';

  it.each([
    [{ field: 'created_at', maxMonths: 6 }, '2026-03-01'],
    [{ field: 'created_at', maxDays: 7, withinDays: 7 }, '2026-08-24'],
    [{ field: 'created_at', maxDays: 30, withinDays: 7 }, '2026-08-24'],
    [{ field: 'created_at', maxMonths: 1 }, '2026-07-31'],
  ])('%o starts on %s', (rule, from) => {
    const range = widestDateRange(rule, today);
    expect(range).toEqual({ from, to: today });
    expect(dateRangeProblem(rule, range, today)).toBeNull();
  });
});
