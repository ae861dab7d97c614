import { describe, expect, it } from 'vitest';
import {
  currentPeriod,
  periodAfter,
  periodAt,
  periodOn,
  periodsDue,
  sendingDate,
  type RentSchedule,
} from './rent-periods';

const schedule = (overrides: Partial<RentSchedule>): RentSchedule => ({
  period: 'monthly',
  sendingDay: 1,
  contractStart: '2026-01-01',
  contractEnd: '2026-12-31',
  ...overrides,
});

/** The first `count` periods' first days. */
const starts = (of: RentSchedule, count: number) =>
  Array.from({ length: count }, (_, index) => periodAt(of, index)?.start ?? null);

describe('rent periods', () => {
  it('takes the sending day of each month, or the last day of a shorter month', () => {
    const month = (year: number, number: number) => year * 12 + number - 1;
    expect(sendingDate(month(2026, 2), 30)).toBe('2026-02-28');
    expect(sendingDate(month(2028, 2), 30)).toBe('2028-02-29');
    expect(sendingDate(month(2026, 4), 30)).toBe('2026-04-30');
    expect(sendingDate(month(2026, 1), 30)).toBe('2026-01-30');
    expect(sendingDate(month(2026, 3), 15)).toBe('2026-03-15');
  });

  it('starts monthly periods on the sending day, clamped in February and kept in 31-day months', () => {
    const monthly = schedule({ sendingDay: 30, contractStart: '2026-01-10' });
    expect(starts(monthly, 4)).toEqual(['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30']);
    expect(periodAt(monthly, 0)).toEqual({ start: '2026-01-30', end: '2026-02-27', due: '2026-02-04' });
    expect(periodAt(monthly, 1)).toEqual({ start: '2026-02-28', end: '2026-03-29', due: '2026-03-05' });
    // March has 31 days: the period runs to the day before April's sending day.
    expect(periodAt(monthly, 2)).toEqual({ start: '2026-03-30', end: '2026-04-29', due: '2026-04-04' });
  });

  it('starts the first period on the first sending day on or after the contract start', () => {
    expect(periodAt(schedule({ sendingDay: 5, contractStart: '2026-03-05' }), 0)?.start).toBe('2026-03-05');
    expect(periodAt(schedule({ sendingDay: 5, contractStart: '2026-03-06' }), 0)?.start).toBe('2026-04-05');
    expect(periodAt(schedule({ sendingDay: 1, contractStart: '2026-03-01' }), 0)?.start).toBe('2026-03-01');
  });

  it('steps quarterly, half-yearly and yearly periods by their months', () => {
    expect(starts(schedule({ period: 'quarterly', sendingDay: 30, contractStart: '2025-11-30' }), 4)).toEqual([
      '2025-11-30',
      '2026-02-28',
      '2026-05-30',
      '2026-08-30',
    ]);
    expect(starts(schedule({ period: 'half_yearly', sendingDay: 1 }), 3)).toEqual(['2026-01-01', '2026-07-01', null]);
    const yearly = schedule({
      period: 'yearly',
      sendingDay: 29,
      contractStart: '2027-02-01',
      contractEnd: '2030-01-31',
    });
    expect(starts(yearly, 4)).toEqual(['2027-02-28', '2028-02-29', '2029-02-28', null]);
    // The last period ends with the contract.
    expect(periodAt(yearly, 2)).toEqual({ start: '2029-02-28', end: '2030-01-31', due: '2029-03-05' });
  });

  it('runs daily and weekly periods from the contract start, whatever the sending day', () => {
    const daily = schedule({ period: 'daily', sendingDay: 17, contractStart: '2026-02-27', contractEnd: '2026-03-02' });
    expect(starts(daily, 5)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', null]);
    expect(periodAt(daily, 1)).toEqual({ start: '2026-02-28', end: '2026-02-28', due: '2026-02-28' });
    const weekly = schedule({ period: 'weekly', contractStart: '2026-02-25', contractEnd: '2026-03-20' });
    expect(starts(weekly, 5)).toEqual(['2026-02-25', '2026-03-04', '2026-03-11', '2026-03-18', null]);
    expect(periodAt(weekly, 0)).toEqual({ start: '2026-02-25', end: '2026-03-03', due: '2026-03-02' });
    expect(periodAt(weekly, 3)).toEqual({ start: '2026-03-18', end: '2026-03-20', due: '2026-03-20' });
  });

  it('finds the period under way, the one to invoice now and the next one', () => {
    const monthly = schedule({ sendingDay: 25, contractStart: '2026-01-10' });
    expect(periodOn(monthly, '2026-01-24')).toBeNull();
    expect(periodOn(monthly, '2026-01-25')?.start).toBe('2026-01-25');
    expect(periodOn(monthly, '2026-02-24')?.start).toBe('2026-01-25');
    expect(periodOn(monthly, '2026-02-25')?.start).toBe('2026-02-25');
    // Before the first sending day, the merchant may invoice the first period early.
    expect(currentPeriod(monthly, '2026-01-12')?.start).toBe('2026-01-25');
    expect(currentPeriod(monthly, '2026-03-01')?.start).toBe('2026-02-25');
    expect(currentPeriod(monthly, '2027-01-01')).toBeNull();
    expect(periodAfter(monthly, '2026-02-25')?.start).toBe('2026-03-25');
    expect(periodAfter(monthly, '2026-12-25')).toBeNull();
  });

  it('issues the period under way first, then every period begun since the last one invoiced', () => {
    const monthly = schedule({ sendingDay: 28, contractStart: '2026-01-01' });
    expect(periodsDue(monthly, '2026-01-27', null)).toEqual([]);
    expect(periodsDue(monthly, '2026-01-28', null).map((period) => period.start)).toEqual(['2026-01-28']);
    // Entered late: the current rent, not the months before it.
    expect(periodsDue(monthly, '2026-04-02', null).map((period) => period.start)).toEqual(['2026-03-28']);
    expect(periodsDue(monthly, '2026-02-27', '2026-01-28')).toEqual([]);
    expect(periodsDue(monthly, '2026-02-28', '2026-01-28').map((period) => period.start)).toEqual(['2026-02-28']);
    // A server down for two months catches up once it is back.
    expect(periodsDue(monthly, '2026-05-01', '2026-02-28').map((period) => period.start)).toEqual([
      '2026-03-28',
      '2026-04-28',
    ]);
    // Nothing after the contract's end.
    expect(periodsDue(monthly, '2027-03-01', '2026-12-28')).toEqual([]);
    expect(periodsDue(monthly, '2027-03-01', null)).toEqual([]);
  });
});
