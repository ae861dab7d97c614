import { describe, expect, it } from 'vitest';
import { monthChoices } from './MonthSelect';

describe("a report's month choices", () => {
  it('run newest first from the months ahead to the months back, across years', () => {
    expect(monthChoices('2026-12', '2026-12', { back: 2, ahead: 1 })).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
      '2026-10',
    ]);
  });

  it('hold the month shown when it is outside them, in its place', () => {
    expect(monthChoices('2020-05', '2026-12', { back: 1, ahead: 0 })).toEqual(['2026-12', '2026-11', '2020-05']);
  });
});
