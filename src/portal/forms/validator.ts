import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { ajvOptions } from '../../schema/ajv';
import { installVocabulary } from '../../schema/keywords';

/**
 * The validator every schema form uses: rjsf's ajv 8 validator built with the product's ajv
 * options (`$data` for sibling references, `allErrors`, strict mode) and extended with the very
 * formats and rule keywords the API validates with (`installVocabulary`), so a rule such as
 * `x-greaterThan` or `format: strong-password` is defined once and checked identically on both sides.
 *
 * rjsf's own `ajv-formats` call is switched off because `installVocabulary` installs the standard
 * formats itself; adding them twice would make ajv complain in strict mode. One instance serves
 * every form: ajv caches each compiled schema by its `$id` (`invoice.create`, `invoice.update`, …).
 */
export const formValidator = customizeValidator<Record<string, unknown>, RJSFSchema>({
  ajvOptionsOverrides: { ...ajvOptions },
  ajvFormatOptions: false,
  extenderFn: (ajv) => installVocabulary(ajv),
});
