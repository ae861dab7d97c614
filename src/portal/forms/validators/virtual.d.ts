/** Validators compiled at build time from the schemas (`scripts/precompiled-validators.ts`). */
declare module 'virtual:validators/*' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** Every compiled function of the set, by schema `$id` (rjsf's hash for the parts of a form schema). */
  export const functions: ValidatorFunctions;
  /** Each root schema's `$id` with the hash of the schema it was compiled from. */
  export const roots: Record<string, string>;
}
