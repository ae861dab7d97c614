import type { EmailTemplate } from '../../generated';
import type { Language } from '../../shared/i18n';
import { t } from '../kernel/language';

/**
 * The words of the messages that tell a sale order's customer its status changed, in the
 * customer's language. The e-mail is the merchant's default e-mail template when it has one (its
 * English or Arabic subject and body, placeholders filled), else the catalogue's
 * `app.email.order_status_*`; the SMS is always the catalogue's short `app.sms.order_status` with
 * the tracking link. A rejection adds its reason, and the refund of a paid order, to the e-mail.
 *
 * Placeholders are those a template can tick (`email_template.placeholders`), written `{name}`:
 * `{customer_name}` (in full), `{order_no}`, `{status}` (its label in the customer's language),
 * `{grand_total}` (with its currency), `{sale_list}` (the list's name), `{sale_link}` (the list's
 * storefront), `{track_link}` (the order's tracking page), `{merchant}` (the merchant's name in the
 * customer's language). Anything else in braces is kept as written.
 */

/** A placeholder of a merchant's e-mail template. */
export type Placeholder = NonNullable<EmailTemplate['placeholders']>[number];

/** What fills every placeholder, as text in the customer's language. */
export type NoticeValues = Record<Placeholder, string>;

/** A template's words in both languages (an `email_template` row). */
export type TemplateWords = Pick<EmailTemplate, 'subject_en' | 'subject_ar' | 'body_en' | 'body_ar'>;

/** What the e-mail says besides the template: why the order was rejected, that its payment is refunded. */
export interface NoticeNotes {
  reason?: string | null;
  refunded?: boolean;
}

/** Fills the `{placeholder}`s of a merchant's text once; other braces stay as they are. */
export function fillPlaceholders(text: string, values: NoticeValues): string {
  const known = (name: string): name is Placeholder => Object.hasOwn(values, name);
  return text.replace(/\{([a-z_]+)\}/g, (match, name: string) => (known(name) ? values[name] : match));
}

/** The SMS telling the customer the order's new status, with its tracking link. */
export function orderStatusSms(language: Language, values: NoticeValues): string {
  return t(language, 'app.sms.order_status', values);
}

/** The e-mail telling the customer the order's new status: the merchant's template, else the catalogue's. */
export function orderStatusEmail(
  language: Language,
  values: NoticeValues,
  template: TemplateWords | null,
  notes: NoticeNotes = {},
): { subject: string; body: string } {
  const subject = template
    ? fillPlaceholders(language === 'ar' ? template.subject_ar : template.subject_en, values)
    : t(language, 'app.email.order_status_subject', values);
  const body = template
    ? fillPlaceholders(language === 'ar' ? template.body_ar : template.body_en, values)
    : t(language, 'app.email.order_status_body', values);
  const extra = [
    ...(notes.reason ? [t(language, 'app.email.order_rejected_reason', { reason: notes.reason })] : []),
    ...(notes.refunded ? [t(language, 'app.email.order_refunded', values)] : []),
  ];
  return { subject: subject.replace(/\s+/g, ' ').trim(), body: [body, ...extra].join('\n\n') };
}
