/**
 * Locale-aware display of values in lists and detail screens. Arabic keeps Latin digits, as
 * amounts do (`formatKwd`), so numbers read the same on both sides of a bilingual team.
 */

/** The `Intl` locale for a portal language. */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW';
}

/**
 * A `date` ("2026-11-21") or `date-time` value for display. A bare date is a calendar day, not an
 * instant, so it is shown in UTC and never shifts by the viewer's time zone.
 */
export function formatDate(value: string, language: string, withTime: boolean): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

/** A count or other plain number in the language's digits and grouping. */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
