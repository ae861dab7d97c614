import type { ApiAnswer } from '../api';
import type { I18n } from '../i18n/context';

/** A form's answer that is not its success. */
export type Refusal = Exclude<ApiAnswer<unknown>, { kind: 'ok' }>;

/** What a refused form shows: messages at its fields, and one above its button (null when none). */
export interface RefusalShown<F extends string> {
  fields: Partial<Record<F, string>>;
  alert: string | null;
  /** The connection was lost, or the server failed: the alert is the page's own words. */
  failed: 'network' | 'server' | null;
}

/**
 * Reads a refused form's answer: the server's field messages by the form's own fields (`fieldOf`
 * names the field of a server path such as `customer.mobile`, null for one the form has not); above
 * the button, a message no field took or the server's message when none did, and for a lost
 * connection or a server failure the payer's words, never the server's text.
 */
export function refusalOf<F extends string>(
  answer: Refusal,
  fieldOf: (path: string) => F | null,
  t: I18n['t'],
): RefusalShown<F> {
  if (answer.kind === 'network') return { fields: {}, alert: t('error.network'), failed: 'network' };
  const fields: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const [path, text] of Object.entries(answer.errors)) {
    const field = fieldOf(path);
    if (field) fields[field] = text;
    else unplaced.push(text);
  }
  if (answer.status >= 500) return { fields, alert: t('error.generic'), failed: 'server' };
  const placed = Object.keys(fields).length > 0;
  const alert = unplaced[0] ?? (placed ? null : answer.message || t('error.generic'));
  return { fields, alert, failed: null };
}
