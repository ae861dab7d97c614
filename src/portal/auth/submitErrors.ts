import type { FieldErrors } from '../data/fieldErrors';
import type { Translate } from '../forms/translate';

export interface SubmitErrors {
  /** The message for the whole form (shown above it), if any. */
  message?: string;
  /** Messages per field, shown under the inputs. */
  fields: Record<string, string>;
}

interface ErrorLike {
  status?: number;
  message?: string;
  body?: { errors?: FieldErrors } | null;
}

function flatten(errors: FieldErrors, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [field, value] of Object.entries(errors)) {
    if (typeof value === 'string') into[prefix + field] = value;
    else flatten(value, `${prefix}${field}.`, into);
  }
  return into;
}

/**
 * What a failed public-page call (an `HttpError` from the HTTP client) means for the form. The
 * API's messages arrive already in the user's language; `known` maps a status the page can
 * explain better to its catalogue key (a wrong password is a 401).
 */
export function submitErrorsOf(error: unknown, translate: Translate, known: Record<number, string> = {}): SubmitErrors {
  const { status, message, body } = (error ?? {}) as ErrorLike;
  const fields = body?.errors ? flatten(body.errors) : {};
  if (status !== undefined && known[status]) return { message: translate(known[status]), fields };
  if (Object.keys(fields).length > 0) return { fields };
  return { message: message || translate('app.message.generic_error'), fields };
}
