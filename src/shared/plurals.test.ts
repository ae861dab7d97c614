import { describe, expect, it } from 'vitest';
import { arabicPluralIndex, englishPluralIndex, pluralForm, pluralIndex, widenToArabicForms } from './plurals';
import { translate } from './i18n';

const COUNTS = [0, 1, 2, 3, 11, 100];
const SIX = 'zero |||| one |||| two |||| few |||| many |||| other';

describe('plural forms', () => {
  it('picks an Arabic form by Unicode’s categories: zero, one, two, few (3–10), many (11–99), other', () => {
    expect(COUNTS.map(arabicPluralIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect([10, 99, 101, 102, 111, 1000].map(arabicPluralIndex)).toEqual([3, 4, 5, 5, 4, 5]);
  });

  it('picks an English form: one for 1, other otherwise', () => {
    expect(COUNTS.map(englishPluralIndex)).toEqual([1, 0, 1, 1, 1, 1]);
    expect(pluralIndex('en', 1)).toBe(0);
    expect(pluralIndex('ar', 2)).toBe(2);
  });

  it('reads a six-form message in Arabic and a two-form one in either language', () => {
    expect(COUNTS.map((count) => pluralForm(SIX, 'ar', count))).toEqual(SIX.split(' |||| '));
    expect(COUNTS.map((count) => pluralForm('a |||| b', 'ar', count))).toEqual(['b', 'a', 'b', 'b', 'b', 'b']);
    expect([1, 2].map((count) => pluralForm('a |||| b', 'en', count))).toEqual(['a', 'b']);
    expect(pluralForm('no forms', 'ar', 3)).toBe('no forms');
    expect(widenToArabicForms('a |||| b')).toBe('b |||| a |||| b |||| b |||| b |||| b');
  });

  it('are chosen by `translate` from a numeric smart_count, other placeholders kept', () => {
    const catalogue = { n: { rows: '%{smart_count} row in %{file} |||| %{smart_count} rows in %{file}' } };
    expect(translate(catalogue, 'n.rows', { smart_count: 1, file: 'a.csv' }, 'en')).toBe('1 row in a.csv');
    expect(translate(catalogue, 'n.rows', { smart_count: 2, file: 'a.csv' }, 'en')).toBe('2 rows in a.csv');
    // Without a count the whole message stays as written, as polyglot leaves it.
    expect(translate(catalogue, 'n.rows', { file: 'a.csv' })).toContain('||||');
  });
});
