import { t } from '../kernel/language';
import type { Language } from '../../shared/i18n';

/** The password reset e-mail, in the language the request was made in. */
export function passwordResetEmail(
  language: Language,
  code: string,
  minutes: number,
): { subject: string; body: string } {
  return {
    subject: t(language, 'app.auth.reset_email_subject'),
    body: t(language, 'app.auth.reset_email_body', { code, minutes }),
  };
}

/** The e-mail with an invoice's payment link, in the merchant's SMS language or the caller's. */
export function invoiceEmail(
  language: Language,
  values: { name: string; refno: string; amount: string; link: string },
): { subject: string; body: string } {
  return {
    subject: t(language, 'app.email.invoice_subject', values),
    body: t(language, 'app.email.invoice_body', values),
  };
}
