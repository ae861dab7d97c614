import { describe, expect, it } from 'vitest';
import arabic from './arabic';
import { translator } from './context';
import { english } from './messages';

const COUNTS = [0, 1, 2, 3, 11, 100];

describe('the payer pages’ messages with a count', () => {
  const ar = translator(arabic, 'ar');
  const en = translator(english, 'en');

  it('count a subscription’s payments in the form the number asks for', () => {
    expect(COUNTS.map((count) => ar('subscription.periods', { smart_count: count }))).toEqual([
      'بلا دفعات.',
      'دفعة واحدة في المجموع.',
      'دفعتان في المجموع.',
      '3 دفعات في المجموع.',
      '11 دفعةً في المجموع.',
      '100 دفعة في المجموع.',
    ]);
    expect([1, 2].map((count) => en('subscription.periods', { smart_count: count }))).toEqual([
      'One payment in all.',
      '2 payments in all.',
    ]);
  });

  it('count the characters a field may hold', () => {
    expect(COUNTS.map((count) => ar('error.too_long', { smart_count: count }))).toEqual([
      '0 حرف على الأكثر',
      'حرف واحد على الأكثر',
      'حرفان على الأكثر',
      '3 أحرف على الأكثر',
      '11 حرفًا على الأكثر',
      '100 حرف على الأكثر',
    ]);
    expect([1, 2].map((count) => en('error.too_long', { smart_count: count }))).toEqual([
      'At most one character',
      'At most 2 characters',
    ]);
  });
});
