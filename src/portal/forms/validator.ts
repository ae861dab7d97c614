import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import * as forms from 'virtual:validators/forms';

type Values = Record<string, unknown>;
export type FormValidator = ValidatorType<Values, RJSFSchema>;

/** Validators compiled at build time: functions by `$id` or hash, and the hash each root was compiled from. */
export interface CompiledValidators {
  functions: ValidatorFunctions;
  roots: Record<string, string>;
}

/**
 * An rjsf validator over validators compiled at build time (see `./validators/standalone.ts`): no
 * schema is compiled in the browser, so the portal runs without `unsafe-eval`. The rules are the
 * product's ajv options, formats and rule keywords, the very ones the API validates with, so a rule
 * such as `x-greaterThan` or `format: strong-password` is defined once and checked identically.
 *
 * rjsf's precompiled validator serves one root schema; this one picks it by the form's schema, and
 * refuses a schema that differs from the one compiled (a changed schema file needs a build, or the
 * dev server's reload, not a silent check against the old rules).
 */
export function createFormValidator(compiled: readonly CompiledValidators[]): FormValidator {
  const byRoot = new WeakMap<RJSFSchema, FormValidator>();
  const forRoot = (schema: RJSFSchema): FormValidator => {
    let validator = byRoot.get(schema);
    if (!validator) {
      const id = String(schema.$id);
      const hash = hashForSchema(schema);
      const source = compiled.find(({ roots }) => roots[id] === hash);
      if (!source) throw new Error(`No validator was compiled for the form ${id} as it stands`);
      validator = createPrecompiledValidator<Values, RJSFSchema>(source.functions, schema);
      byRoot.set(schema, validator);
    }
    return validator;
  };
  return {
    validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
      forRoot(schema).validateFormData(formData, schema, customValidate, transformErrors, uiSchema),
    isValid: (schema, formData, rootSchema) => forRoot(rootSchema).isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => forRoot(schema).rawValidation(schema, formData),
  };
}

const compiledForms: CompiledValidators[] = [forms];

/** The validator every schema form uses: every create, edit and section form of the registry. */
export const formValidator = createFormValidator(compiledForms);

/** Adds validators of forms outside the registry (tests' made-up or changed schemas, see `compileNow`). */
export function addCompiledValidators(compiled: CompiledValidators): void {
  compiledForms.push(compiled);
}
