import { dateTimeFormat } from './intlFormats';

/**
 * The one way dates and times are written, on the back office, the payer's receipts and the
 * e-mails: the day, the month by name (a "03/12/2026" reads differently in Kuwait and elsewhere)
 * and the year, with the time in 24 hours in Kuwait time (UTC+3 all year), so that a merchant and
 * the payer's receipt show the same moment the same way. Digits stay Latin in Arabic, as amounts do.
 */

/** The `Intl` locale of a language: Arabic of Kuwait with Latin digits, else British English. */
export function dateLocale(language: string): string {
  return language === 'ar' ? 'ar-KW-u-nu-latn' : 'en-GB';
}

export const KUWAIT_TIME_ZONE = 'Asia/Kuwait';

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const DAY_IN_UTC = { ...DAY, timeZone: 'UTC' } as const;
const INSTANT_IN_KUWAIT = { ...DAY, ...TIME, timeZone: KUWAIT_TIME_ZONE } as const;

/**
 * A calendar day ("2027-01-12", or the day of a date-time value), e.g. "12 Jan 2027". A day is not
 * an instant: it is shown as written, never shifted by a time zone. Text that is not a date is
 * returned as it is.
 */
export function formatDay(value: string, language: string): string {
  const time = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return value;
  return dateTimeFormat(dateLocale(language), DAY_IN_UTC).format(time);
}

/** An instant in Kuwait time, e.g. "12 Jan 2027, 14:05". */
export function formatDateTime(value: string | Date, language: string): string {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) return String(value);
  return dateTimeFormat(dateLocale(language), INSTANT_IN_KUWAIT).format(time);
}
