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
