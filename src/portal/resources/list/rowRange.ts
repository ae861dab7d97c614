import type { TranslateFunction } from 'react-admin';

const LTR_ISOLATE = '\u2066';
const POP_ISOLATE = '\u2069';

/**
 * Which rows a page shows, "1-25 of 191" in the user's language. The two ends of the range are
 * one left-to-right run (a bidi isolate): inside Arabic text, "1-25" would otherwise read "25-1".
 * Without a total (the server could not count), "1-25 of more than 25".
 */
export function rowRange(
  translate: TranslateFunction,
  from: number | string,
  to: number | string,
  total?: number | string,
): string {
  const ends = { offsetBegin: `${LTR_ISOLATE}${from}`, offsetEnd: `${to}${POP_ISOLATE}` };
  return total === undefined
    ? translate('ra.navigation.partial_page_range_info', ends)
    : translate('ra.navigation.page_range_info', { ...ends, total });
}
