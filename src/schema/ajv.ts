import Ajv from 'ajv';
import { installVocabulary, type VocabularyOptions } from './keywords';

/** Options every ajv instance of the product shares (client forms, server routes, tests). */
export const ajvOptions = {
  allErrors: true,
  $data: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  discriminator: false,
} as const;

/** A fresh ajv with the product's formats and keywords installed. */
export function createAjv(options: VocabularyOptions = {}): Ajv {
  return installVocabulary(new Ajv({ ...ajvOptions }), options);
}
