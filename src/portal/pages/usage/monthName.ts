import { intlLocale } from '../../resources/format';
import { dateTimeFormat } from '../../../shared/intlFormats';

/** "November 2026" (or its Arabic; "Nov 2026" when `short`) for the month `YYYY-MM`. */
export function monthName(month: string, language: string, short = false): string {
  const [year, number] = month.split('-').map(Number);
  return dateTimeFormat(intlLocale(language), {
    month: short ? 'short' : 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, number - 1, 1));
}
