import { entitySchemas } from '../../../schema/registry';
import type { EntitySchema } from '../../../schema/types';
import { sectionSchema, writeSchema } from '../../../schema/variants';
import { allows } from '../../../schema/operations';
import { passwordResetSchema } from '../../auth/passwordResetSchema';
import { standaloneValidators, type ValidatorSet } from './standalone';

/**
 * Which schemas the portal validates in the browser, grouped as they are loaded, all derived from
 * the registry: a field added to a schema file is in the next build (or dev reload) with nothing else.
 * Each set is the module `virtual:validators/<name>` (see `scripts/precompiled-validators.ts`).
 */

/** The schemas of an entity's forms: create, edit, and each section screen of the edit (its own record's too). */
export function formSchemasOf(entity: EntitySchema): EntitySchema[] {
  const { own, sections } = entity['x-resource'];
  const schemas: EntitySchema[] = [];
  if (allows(entity, 'create')) schemas.push(writeSchema(entity, 'create'));
  if (allows(entity, 'update') || own || sections) {
    const update = writeSchema(entity, 'update');
    schemas.push(update);
    for (const { fields } of [...Object.values(sections ?? {}), ...Object.values(own?.sections ?? {})])
      schemas.push(sectionSchema(update, fields));
  }
  return schemas;
}

export const validatorSets = {
  /** Every create, edit and section form (loaded with the forms, after sign-in). */
  forms: (): ValidatorSet => ({ schemas: Object.values(entitySchemas).flatMap(formSchemasOf), forms: true }),
  /** The reset-password page's form. */
  'password-reset': (): ValidatorSet => ({ schemas: [passwordResetSchema] }),
  /** The rows of a bulk upload: the invoice's create (in the upload's worker). */
  'invoice-create': (): ValidatorSet => ({ schemas: [writeSchema(entitySchemas.invoice, 'create')] }),
} satisfies Record<string, () => ValidatorSet>;

export type ValidatorSetName = keyof typeof validatorSets;

/** The ES module of the set named `name` (the text of `virtual:validators/<name>`). */
export function validatorsModule(name: string): string {
  if (!(name in validatorSets)) throw new Error(`No validator set named ${name}`);
  return standaloneValidators(validatorSets[name as ValidatorSetName]());
}
