// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { ADDED_FIELD, invoiceWithAddedField } from '../../tests/support/extended-schema';
import { writeSchema } from '../schema/variants';
import { createDataProvider } from './data/dataProvider';
import { answer, harness, json, server } from './data/testApi';
import { catalogueErrors } from './forms/errorMessages';
import { addCompiledValidators, formValidator } from './forms/validator';
import { compileNow } from './forms/validators/compileNow';
import { formSchemasOf } from './forms/validators/sets';
import { createResource } from './resources';
import type { RJSFSchema } from '@rjsf/utils';

/**
 * The portal half of the low-code promise (`tests/api/low-code.test.ts` is the server half): the
 * invoice schema with one field added — nothing else changed, not even a label — gets a list
 * column showing its value, a filter the API receives, and a form field validated by the form.
 */

const invoice = invoiceWithAddedField();
// react-admin's texts live under `ra`, ours under other keys: a shallow merge keeps both.
const messages = { ...englishMessages, ...en };
const i18nProvider = polyglotI18nProvider(() => messages, 'en', { allowMissing: true });
const record = {
  id: 7,
  reference_no: 'INV-2026-000007',
  customer_name: 'Loyal Customer',
  mobile: '96551234567',
  amount: '12.500',
  status: 'unpaid',
  created_at: '2026-11-01T10:00:00.000Z',
  [ADDED_FIELD]: 'gold',
};

function renderPortal(path: string) {
  const { http } = harness({ signedIn: true });
  const dataProvider = createDataProvider(http, { invoice });
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} disableTelemetry>
        <Resource {...createResource(invoice).props} />
      </Admin>
    </TestMemoryRouter>,
  );
}

beforeAll(async () => {
  // As the build would compile the schema file with the field added.
  addCompiledValidators(await compileNow({ schemas: formSchemasOf(invoice), forms: true }));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('a field added to the invoice schema, in the portal', () => {
  it('is a list column showing the stored value', async () => {
    answer('get', '/invoice', () => json([record], { headers: { 'Content-Range': 'invoice 0-0/1' } }));
    renderPortal('/invoice');
    const header = await screen.findByRole('columnheader', { name: /Loyalty tier/ });
    expect(header).toBeTruthy();
    const row = (await screen.findByText('Loyal Customer')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/gold/i)).toBeTruthy();
  });

  it('is a filter whose value reaches the API', async () => {
    const sent = answer('get', '/invoice', () => json([record], { headers: { 'Content-Range': 'invoice 0-0/1' } }));
    const filter = encodeURIComponent(JSON.stringify({ [ADDED_FIELD]: 'gold' }));
    renderPortal(`/invoice?filter=${filter}`);
    await screen.findByText('Loyal Customer');
    expect(await screen.findByLabelText(/Loyalty tier/)).toBeTruthy();
    const filters = sent.map((request) => JSON.parse(request.url.searchParams.get('filter') ?? '{}'));
    expect(filters).toContainEqual({ [ADDED_FIELD]: 'gold' });
  });

  it('is a field of the create form, validated by the same rules as the API', async () => {
    renderPortal('/invoice/create');
    expect(await screen.findByLabelText(/Loyalty tier/)).toBeTruthy();

    const schema = writeSchema(invoice, 'create') as RJSFSchema;
    const english = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
    const base = { customer_name: 'A', mobile: '96551234567', amount: '1', payment_methods: ['card'] };
    const bad = formValidator.validateFormData(
      { ...base, [ADDED_FIELD]: 'platinum' },
      schema,
      undefined,
      catalogueErrors(invoice, english),
    );
    expect(bad.errorSchema[ADDED_FIELD]?.__errors).toEqual(['Choose one of the listed values']);
    const good = formValidator.validateFormData({ ...base, [ADDED_FIELD]: 'gold' }, schema);
    expect(good.errors).toEqual([]);
  });
});
