/**
 * A calendar date as the form shows and reads it, whatever the browser's locale: day, month and
 * year (`28/11/2026`), the order used in Kuwait in both languages, digits left to right. The
 * value stays `YYYY-MM-DD`.
 */

/** `2026-11-28` → `28/11/2026`; anything else as it is. */
export function dateToText(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * `28/11/2026` (or `28-11-2026`, `28.11.2026`, one-digit day and month) → `2026-11-28`; a date
 * that does not exist (31/02/2026) or text that is no date → undefined.
 */
export function textToDate(text: string): string | undefined {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
