import { numberFormat } from '../../shared/intlFormats';
import { formatDateTime, formatDay } from '../../shared/dates';
import { formatKwd } from '../../shared/money';

/**
 * Locale-aware display of values in lists and detail screens. Arabic keeps Latin digits, as
 * amounts do (`formatKwd`), so numbers read the same on both sides of a bilingual team.
 */

/** The `Intl` locale for a portal language. */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW';
}

/**
 * A `date` ("2026-11-21") or `date-time` value for display, in the format the receipts and e-mails
 * share (`shared/dates`): a bare date is a calendar day, an instant is shown in Kuwait time.
 */
export function formatDate(value: string, language: string, withTime: boolean): string {
  return withTime ? formatDateTime(value, language) : formatDay(value, language);
}

/** A count or other plain number in the language's digits and grouping. */
export function formatNumber(value: number, language: string): string {
  return numberFormat(intlLocale(language)).format(value);
}

/**
 * Makes the formatters a first screen writes with (amounts and counts share one, then a day and an
 * instant) in `language`, one task each. The first of them costs the browser its locale data: paid while the
 * screen's code and catalogues download, in short tasks that leave the page free to answer, it is
 * not paid in the render that brings the first rows.
 */
export function prepareFormats(language: string): void {
  const steps = [
    () => formatKwd('0', language),
    () => formatDay('2000-01-01', language),
    () => formatDateTime('2000-01-01T00:00:00Z', language),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
