import type { ErrorSchema, ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { messageFor } from '../../schema/errors';
import type { EntitySchema } from '../../schema/types';
import type { FieldErrors } from '../data/fieldErrors';
import type { Translate } from './translate';

/**
 * rjsf reports ajv's errors with the field's path in `property` (".max_amount"; for `required`
 * the missing property is already appended). The catalogue key is chosen by `messageFor`, the
 * same function the API uses, so the text under a field is exactly the server's for the same rule.
 */
export function catalogueErrors(entity: EntitySchema, translate: Translate): ErrorTransformer {
  return (errors: RJSFValidationError[]) => {
    const seen = new Set<string>();
    const shown: RJSFValidationError[] = [];
    for (const error of errors) {
      const keyword = error.name ?? '';
      const path = (error.property ?? '').split('.').filter(Boolean);
      const params = (error.params ?? {}) as Record<string, unknown>;
      const message = messageFor(entity, {
        path: keyword === 'required' ? path.slice(0, -1) : path,
        keyword,
        params,
      });
      // One message per field, the first found, as the API answers.
      if (seen.has(message.field)) continue;
      seen.add(message.field);
      const text = translate(message.key, message.params);
      shown.push({ ...error, message: text, stack: text });
    }
    return shown;
  };
}

/** Server field errors (`HttpError` body `errors`, nested like the record) in rjsf's `extraErrors` shape. */
export function serverErrorSchema(errors: FieldErrors | undefined): ErrorSchema | undefined {
  if (!errors) return undefined;
  const schema: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(errors)) {
    schema[field] = typeof value === 'string' ? { __errors: [value] } : serverErrorSchema(value);
  }
  return schema as ErrorSchema;
}

/**
 * The server's field errors that still apply: an error is about the value that was sent, so once
 * the user changes that field (compared by its top-level value) its error no longer shows.
 */
export function unchangedFieldErrors(
  errors: FieldErrors | undefined,
  sent: Record<string, unknown>,
  current: Record<string, unknown>,
): FieldErrors | undefined {
  if (!errors) return undefined;
  const same = (field: string) => JSON.stringify(sent[field]) === JSON.stringify(current[field]);
  const kept = Object.fromEntries(Object.entries(errors).filter(([field]) => same(field)));
  return Object.keys(kept).length > 0 ? kept : undefined;
}
