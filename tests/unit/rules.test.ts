import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { catalogueErrors } from '../../src/portal/forms/errorMessages';
import type { Translate } from '../../src/portal/forms/translate';
import { formValidator } from '../../src/portal/forms/validator';
import { getEntitySchema } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { writeSchema, type WriteOperation } from '../../src/schema/variants';
import { translate, type Catalogue } from '../../src/shared/i18n';
import { badRecord, caseFiles, isArabic, titleOf, withSetupIds } from '../rules/suite';

/**
 * Every rule case against the portal's form: the create form's schema, validated by the forms'
 * validator with the forms' message mapping, exactly as `SchemaForm` does on submit.
 */

const english: Translate = (key, options) => translate(en as Catalogue, key, options);
const arabic: Translate = (key, options) => translate(ar as Catalogue, key, options);

/** The form a record of the entity is entered with: create, or the edit of the merchant's own record. */
function operationOf(entity: EntitySchema): WriteOperation {
  const { operations, own } = entity['x-resource'];
  return own && operations && !operations.includes('create') ? 'update' : 'create';
}

function formErrors(entity: EntitySchema, data: Record<string, unknown>, language: Translate): ErrorSchema {
  const schema = writeSchema(entity, operationOf(entity)) as RJSFSchema;
  return formValidator.validateFormData(data, schema, undefined, catalogueErrors(entity, language)).errorSchema;
}

/** Every message of an error schema by dotted field path (item indexes left out, as the messages name fields). */
function messagesOf(errors: ErrorSchema, prefix: string[] = []): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    if (name === '__errors') found[prefix.join('.')] = value as string[];
    else if (value && typeof value === 'object')
      Object.assign(found, messagesOf(value as ErrorSchema, /^\d+$/.test(name) ? prefix : [...prefix, name]));
  }
  return found;
}

/** The form knows no other records: a setup record's id, or a demo transaction's, stands for any existing id. */
const placeholderIds = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const anyTransaction = () => 1;

describe.each(caseFiles)('rules of $area in the form', ({ cases }) => {
  const formCases = cases.filter((rule) => !rule.serverOnly);
  if (formCases.length === 0) it.skip('has only server cases', () => {});

  it.each(formCases.map((rule) => [titleOf(rule), rule] as const))('%s', (_title, rule) => {
    const entity = getEntitySchema(rule.entity);
    const valid = withSetupIds(rule.valid, placeholderIds(rule.setup?.length ?? 0), anyTransaction);
    expect(messagesOf(formErrors(entity, valid, english)), 'the valid record is accepted').toEqual({});

    const bad = badRecord(valid, withSetupIds(rule.bad, placeholderIds(rule.setup?.length ?? 0), anyTransaction));
    const inEnglish = messagesOf(formErrors(entity, bad, english));
    expect(inEnglish[rule.field]?.[0], JSON.stringify(inEnglish)).toBe(rule.message);

    const inArabic = messagesOf(formErrors(entity, bad, arabic))[rule.field]?.[0];
    expect(isArabic(inArabic), `Arabic message: ${inArabic}`).toBe(true);
    expect(inArabic).not.toBe(rule.message);
  });
});
