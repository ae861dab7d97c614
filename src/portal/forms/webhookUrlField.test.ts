import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { entitySchemas } from '../../schema/registry';
import { writeSchema } from '../../schema/variants';
import { translate, type Catalogue } from '../../shared/i18n';
import { catalogueErrors } from './errorMessages';
import { deriveUiSchema } from './uiSchema';
import { formValidator } from './validator';

/** The form's own check of webhook URLs: the rule the API applies, with its message under the field. */

function webhookErrors(entityName: string, url: string, catalogue: Catalogue = en as Catalogue) {
  const entity = entitySchemas[entityName];
  const schema = writeSchema(entity, 'create') as RJSFSchema;
  const data = { kind: 'quick', customer_name: 'A', mobile: '96550001234', amount: '1', webhook_url: url };
  const result = formValidator.validateFormData(
    data,
    schema,
    undefined,
    catalogueErrors(entity, (key, options) => translate(catalogue, key, options)),
  );
  return result.errorSchema.webhook_url?.__errors;
}

describe('webhook URL field', () => {
  it.each(['http://hooks.example.com/pay', 'https://127.0.0.1/pay', 'https://[::1]/pay', 'https://localhost/pay'])(
    'refuses %s with a message in English and Arabic',
    (url) => {
      expect(webhookErrors('invoice', url)).toEqual(['Use an https address on the public internet']);
      expect(webhookErrors('invoice', url, ar as Catalogue)).toEqual(['استخدم عنوان https على الإنترنت العام']);
    },
  );

  it('accepts an https address of a public host', () => {
    expect(webhookErrors('invoice', 'https://hooks.example.com/pay')).toBeUndefined();
  });

  it('asks phones for the keyboard of web addresses', () => {
    const ui = deriveUiSchema(entitySchemas.invoice, entitySchemas.invoice, (key) => key);
    expect(ui.webhook_url['ui:options']).toMatchObject({ inputType: 'url' });
  });
});
