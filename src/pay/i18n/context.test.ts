import { describe, expect, it } from 'vitest';
import arabic from './arabic';
import { translator } from './context';
import { english, type MessageKey } from './messages';

/** Counts that reach each of Arabic's six plural forms; English has two (1 and the rest). */
const COUNTS = [0, 1, 2, 3, 11, 100];

describe('the payer pages’ messages with a count', () => {
  const ar = translator(arabic, 'ar');
  const en = translator(english, 'en');

  const cases: { key: MessageKey; what: string; arabic: string[]; english: string[] }[] = [
    {
      key: 'subscription.periods',
      what: 'a subscription’s payments',
      arabic: [
        'بلا دفعات.',
        'دفعة واحدة في المجموع.',
        'دفعتان في المجموع.',
        '3 دفعات في المجموع.',
        '11 دفعةً في المجموع.',
        '100 دفعة في المجموع.',
      ],
      english: ['One payment in all.', '2 payments in all.'],
    },
    {
      key: 'error.too_long',
      what: 'the characters a field may hold',
      arabic: [
        '0 حرف على الأكثر',
        'حرف واحد على الأكثر',
        'حرفان على الأكثر',
        '3 أحرف على الأكثر',
        '11 حرفًا على الأكثر',
        '100 حرف على الأكثر',
      ],
      english: ['At most one character', 'At most 2 characters'],
    },
  ];

  it.each(cases)(
    'count $what in the form the number asks for',
    ({ key, arabic: arabicForms, english: englishForms }) => {
      expect(COUNTS.map((count) => ar(key, { smart_count: count }))).toEqual(arabicForms);
      expect([1, 2].map((count) => en(key, { smart_count: count }))).toEqual(englishForms);
    },
  );
});
