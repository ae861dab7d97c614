import type { Language } from '../shared/i18n';
import type { PayMerchant } from '../shared/pay';

/**
 * Dates and names as the payer reads them. Digits stay Latin in Arabic, as the amounts do
 * (`formatKwd`), so that references and amounts read the same on a receipt in either language.
 */

const localeOf = (language: Language) => (language === 'ar' ? 'ar-KW-u-nu-latn' : 'en-GB');

/** The month by name: "03/12/2026" reads differently in Kuwait and elsewhere. */
const DAY = { day: 'numeric', month: 'long', year: 'numeric' } as const;

/** A calendar date (`YYYY-MM-DD`, e.g. an expiry or due date), e.g. "12 January 2027". */
export function formatDate(date: string | null, language: Language): string {
  if (!date) return '';
  const time = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  return new Intl.DateTimeFormat(localeOf(language), { ...DAY, timeZone: 'UTC' }).format(time);
}

/** An instant in Kuwait time (UTC+3 all year), e.g. "12 January 2027 at 14:05". */
export function formatKuwaitTime(instant: string, language: Language): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return instant;
  return new Intl.DateTimeFormat(localeOf(language), {
    ...DAY,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kuwait',
  }).format(time);
}

/** The merchant's name in the payer's language: the Arabic name in Arabic when there is one. */
export function merchantName(merchant: PayMerchant, language: Language): string {
  return (language === 'ar' && merchant.name_ar?.trim()) || merchant.name;
}
