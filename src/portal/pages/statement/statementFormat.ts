import type { StatementDocument } from '../../../shared/merchant-statement';
import { formatKwd } from '../../../shared/money';
import { intlLocale } from '../../resources/format';
import { resourcePath } from '../../resources/screenPaths';
import { dateTimeFormat } from '../../../shared/intlFormats';

/** An amount that may be below zero (a balance), as `formatKwd` shows it. */
export function signedKwd(amount: string, language: string): string {
  return amount.startsWith('-') ? `-${formatKwd(amount.slice(1), language)}` : formatKwd(amount, language);
}

/** When a line's money moved, on Kuwait's clock (the statement's days are Kuwait days). */
export function kuwaitDateTime(at: string, language: string): string {
  return dateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kuwait',
  }).format(new Date(at));
}

/** Where the portal shows a line's record. */
export const documentPath = (document: StatementDocument) =>
  resourcePath({ resource: document.entity, type: 'show', id: document.id });
