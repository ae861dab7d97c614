import { ariaDescribedByIds } from '@rjsf/utils';

/**
 * What an input tells assistive technology about its field, set on the `<input>` itself: the
 * field's error, description and help (rendered around the field under ids derived from its id)
 * as its description, and whether the field is in error. Ids of parts not shown are ignored.
 */
export function fieldAria(id: string, errors: readonly string[] = [], withExamples = false) {
  return {
    'aria-describedby': ariaDescribedByIds(id, withExamples),
    'aria-invalid': errors.length > 0,
  };
}
