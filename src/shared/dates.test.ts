import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates';

describe('the one date and time format', () => {
  it('writes a day with its month by name, in English and in Arabic with Latin digits', () => {
    expect(formatDay('2027-01-12', 'en')).toBe('12 Jan 2027');
    expect(formatDay('2027-01-12', 'ar')).toMatch(/^12 .+ 2027$/);
    expect(formatDay('2027-01-12', 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('keeps a calendar day as written, whatever the time zone', () => {
    expect(formatDay('2026-12-31', 'en')).toBe('31 Dec 2026');
    expect(formatDay('2026-12-31T23:30:00Z', 'en')).toBe('31 Dec 2026');
  });

  it('writes an instant in Kuwait time, 24 hours', () => {
    expect(formatDateTime('2027-01-12T11:05:00Z', 'en')).toBe('12 Jan 2027, 14:05');
    expect(formatDateTime('2026-12-31T22:30:00Z', 'en')).toBe('1 Jan 2027, 01:30');
    expect(formatDateTime(new Date('2027-01-12T11:05:00Z'), 'ar')).toMatch(/14:05/);
  });

  it('returns text that is not a date as it is', () => {
    expect(formatDay('soon', 'en')).toBe('soon');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
