import { formatDateTime, formatDay } from '../shared/dates';
import type { Language } from '../shared/i18n';
import type { PayMerchant } from '../shared/pay';

/**
 * Dates and names as the payer reads them. Digits stay Latin in Arabic, as the amounts do
 * (`formatKwd`), so that references and amounts read the same on a receipt in either language.
 */

/** A calendar date (`YYYY-MM-DD`, e.g. an expiry or due date), e.g. "12 Jan 2027" (`shared/dates`). */
export function formatDate(date: string | null, language: Language): string {
  return date ? formatDay(date, language) : '';
}

/** An instant in Kuwait time, e.g. "12 Jan 2027, 14:05", as the back office shows it (`shared/dates`). */
export function formatKuwaitTime(instant: string, language: Language): string {
  return formatDateTime(instant, language);
}

/** The merchant's name in the payer's language: the Arabic name in Arabic when there is one. */
export function merchantName(merchant: PayMerchant, language: Language): string {
  return (language === 'ar' && merchant.name_ar?.trim()) || merchant.name;
}
