import { describe, expect, it } from 'vitest';
import { dateRangeProblem, defaultDateRange } from './listDateRange';
import type { XDateRange } from './types';

const sixMonths: XDateRange = { field: 'created_at', maxMonths: 6 };
const oneMonth: XDateRange = { field: 'created_at', maxMonths: 1 };
const lastWeek: XDateRange = { field: 'created_at', maxDays: 7, withinDays: 7 };
const TODAY = '2026-11-21';

describe('dateRangeProblem', () => {
  it('asks for both dates ("Please select the date"), on the end that is missing', () => {
    expect(dateRangeProblem(sixMonths, {}, TODAY)).toEqual({
      filter: 'created_at_gte',
      key: 'validation.date_required',
    });
    expect(dateRangeProblem(sixMonths, { from: '2026-11-01', to: '' }, TODAY)).toEqual({
      filter: 'created_at_lte',
      key: 'validation.date_required',
    });
    expect(dateRangeProblem(sixMonths, { from: 'soon', to: TODAY }, TODAY)?.key).toBe('validation.date_required');
  });

  it('refuses an end before the start', () => {
    expect(dateRangeProblem(sixMonths, { from: TODAY, to: '2026-11-20' }, TODAY)?.key).toBe('validation.date_order');
  });

  it('allows up to the same day N months later, calendar months clamped to shorter ones', () => {
    expect(dateRangeProblem(sixMonths, { from: '2026-05-21', to: TODAY }, TODAY)).toBeNull();
    expect(dateRangeProblem(sixMonths, { from: '2026-05-20', to: TODAY }, TODAY)).toEqual({
      filter: 'created_at_lte',
      key: 'validation.date_range_months',
      params: { smart_count: 6 },
    });
    expect(dateRangeProblem(oneMonth, { from: '2026-01-31', to: '2026-02-28' }, TODAY)).toBeNull();
    expect(dateRangeProblem(oneMonth, { from: '2026-01-31', to: '2026-03-01' }, TODAY)).toMatchObject({
      key: 'validation.date_range_months',
      params: { smart_count: 1 },
    });
  });

  it('allows a day limit after the start, and a "within" limit back from today', () => {
    expect(dateRangeProblem(lastWeek, { from: '2026-11-14', to: TODAY }, TODAY)).toBeNull();
    expect(dateRangeProblem(lastWeek, { from: '2026-11-13', to: '2026-11-15' }, TODAY)).toEqual({
      filter: 'created_at_gte',
      key: 'validation.date_within_days',
      params: { smart_count: 7 },
    });
    expect(dateRangeProblem({ field: 'day', maxDays: 7 }, { from: '2026-11-01', to: '2026-11-09' }, TODAY)).toEqual({
      filter: 'day_lte',
      key: 'validation.date_range_days',
      params: { smart_count: 7 },
    });
  });

  it('reads date-times by their date', () => {
    expect(dateRangeProblem(lastWeek, { from: '2026-11-15T00:00:00Z', to: `${TODAY}T23:59:59Z` }, TODAY)).toBeNull();
  });
});

describe('defaultDateRange', () => {
  it('is the last 30 days, today included, under a month limit', () => {
    expect(defaultDateRange(sixMonths, TODAY)).toEqual({ from: '2026-10-23', to: TODAY });
  });

  it('is the last 7 days under a day limit', () => {
    expect(defaultDateRange(lastWeek, TODAY)).toEqual({ from: '2026-11-15', to: TODAY });
    expect(defaultDateRange({ field: 'day', maxDays: 3 }, TODAY)).toEqual({ from: '2026-11-18', to: TODAY });
  });

  it('is always a range its rule allows (a one-month limit on 1 March)', () => {
    const range = defaultDateRange(oneMonth, '2027-03-01');
    expect(range).toEqual({ from: '2027-02-01', to: '2027-03-01' });
    expect(dateRangeProblem(oneMonth, range, '2027-03-01')).toBeNull();
  });
});
