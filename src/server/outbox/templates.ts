import { t } from '../kernel/language';
import { formatDay } from '../../shared/dates';
import type { Language } from '../../shared/i18n';

/** The password reset e-mail, in the language the request was made in. */
export function passwordResetEmail(
  language: Language,
  code: string,
  minutes: number,
): { subject: string; body: string } {
  return {
    subject: t(language, 'app.auth.reset_email_subject'),
    body: t(language, 'app.auth.reset_email_body', { code, smart_count: minutes }),
  };
}

/**
 * The e-mail with an invoice's payment link, in the merchant's SMS language or the caller's; with
 * the day the link can be paid until, when the invoice has one, written as the back office and the
 * receipts write it (`shared/dates`).
 */
export function invoiceEmail(
  language: Language,
  values: { name: string; refno: string; amount: string; link: string; expiry?: string | null },
): { subject: string; body: string } {
  const body = t(language, 'app.email.invoice_body', values);
  const until = values.expiry
    ? `\n\n${t(language, 'app.email.invoice_valid_until', { date: formatDay(values.expiry, language) })}`
    : '';
  return { subject: t(language, 'app.email.invoice_subject', values), body: `${body}${until}` };
}
