import { numberFormat } from './intlFormats';

/**
 * KWD amounts travel as decimal strings ("12.500") and are compared and summed as integer fils
 * (1 KWD = 1000 fils) so that no binary floating point ever touches money.
 */

export const KWD_PATTERN = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,3})?$/;

/** Parses a KWD decimal string into integer fils, or returns null when it is not a valid amount. */
export function toFils(amount: string): bigint | null {
  if (!KWD_PATTERN.test(amount)) return null;
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
}

/** Formats integer fils as a KWD decimal string with exactly three decimals. */
export function fromFils(fils: bigint): string {
  const negative = fils < 0n;
  const abs = negative ? -fils : fils;
  const whole = abs / 1000n;
  const fraction = (abs % 1000n).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Normalises a valid amount to three decimals ("12.5" → "12.500"); invalid input is returned unchanged. */
export function normaliseKwd(amount: string): string {
  const fils = toFils(amount);
  return fils === null ? amount : fromFils(fils);
}

/** An amount's figure in the user's language without its currency, e.g. "1,012.500" (Latin digits in both). */
export function formatKwdFigure(amount: string | null | undefined, locale: string): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const fils = toFils(amount);
  if (fils === null) return amount;
  const [whole, fraction] = fromFils(fils).split('.');
  const grouped = numberFormat(locale === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW').format(BigInt(whole));
  return `${grouped}.${fraction}`;
}

/** Formats an amount for display in the user's language, e.g. "12.500 KWD" / "12.500 د.ك". */
export function formatKwd(amount: string | null | undefined, locale: string): string {
  const figure = formatKwdFigure(amount, locale);
  if (figure === '' || toFils(amount ?? '') === null) return figure;
  return locale === 'ar' ? `${figure} د.ك` : `${figure} KWD`;
}
