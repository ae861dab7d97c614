// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { entitySchemas } from '../schema/registry';
import { box, shelf, shelfCategory } from '../../tests/support/relations-schema';
import { createDataProvider } from './data/dataProvider';
import { answer, json, server } from './data/testApi';
import { harness } from './data/testApi';
import { createResource } from './resources';

/**
 * The cross-record keywords on the screens, over test-only shelves and boxes: a reference is a
 * choice among the referenced records by name (refused ones shown but not choosable, and with none
 * at all a notice linking to where one is created, SPEC §5), shown by name with a link; a status
 * moves by buttons its current value allows (SPEC §4), asking first when the schema says so.
 */

const schemas = { shelf_category: shelfCategory, shelf, box };
// Registered for this file only (each test file has its own modules), as a schema file and its
// registry line would: screens and forms find them by name like the product's own.
Object.assign(entitySchemas, schemas);

const labels = {
  en: {
    shelf_category: { name: 'Shelf category |||| Shelf categories', enums: { state: { closed: 'Closed' } } },
    shelf: { name: 'Shelf |||| Shelves', fields: { category_id: 'Category' } },
    box: {
      name: 'Box |||| Boxes',
      fields: { shelf_id: 'Shelf', name: 'Box name', size: 'Box size' },
      actions: { pack: 'Pack', ship: 'Ship', cancel: 'Cancel box', cancel_confirm: 'Cancel this box?' },
    },
  },
  ar: {
    shelf: { name: 'رف |||| رفوف' },
    box: { fields: { shelf_id: 'الرف' } },
  },
};

const catalogues = {
  en: { ...englishMessages, ...en, resources: { ...en.resources, ...labels.en } },
  ar: { ...englishMessages, ...ar, resources: { ...ar.resources, ...labels.ar } },
};

function renderScreen(path: string, language: 'en' | 'ar' = 'en') {
  const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as 'en' | 'ar'], language, {
    allowMissing: true,
    // As the portal's provider: both languages pick a singular or a plural form.
    pluralRules: {
      pluralTypes: { singular_plural: (count: number) => (count === 1 ? 0 : 1) },
      pluralTypeToLanguages: { singular_plural: ['en', 'ar'] },
    },
  });
  const { http } = harness({ signedIn: true });
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={createDataProvider(http, schemas)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        disableTelemetry
      >
        {Object.values(schemas).map((entity) => (
          <Resource key={entity.$id} {...createResource(entity).props} />
        ))}
      </Admin>
    </TestMemoryRouter>,
  );
}

const listed = (rows: unknown[]) =>
  json(rows, { headers: { 'Content-Range': `items 0-${rows.length}/${rows.length}` } });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has neither CSS.escape nor scrollIntoView (every browser has): the form uses them to bring
  // a refused field into view.
  globalThis.CSS ??= { escape: (text: string) => text.replace(/[^\w-]/g, (char) => `\\${char}`) } as typeof CSS;
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const find = { timeout: 5000 };

/** rjsf's enum field is MUI's select: opened by a press, then an option is clicked. */
function chooseSize(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Box size/ }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
}

describe('a reference field', { timeout: 20_000 }, () => {
  it('offers the referenced records by name, in name order, a refused one shown but not choosable', async () => {
    const asked = answer('get', '/test/shelf-categories', () =>
      listed([
        { id: 1, name: 'Chilled', state: 'open' },
        { id: 2, name: 'Dry', state: 'closed' },
      ]),
    );
    renderScreen('/shelf/create');
    const select = await screen.findByRole('combobox', { name: 'Category' }, find);
    await within(select).findByRole('option', { name: 'Chilled' }, find);
    const refused = within(select).getByRole('option', { name: 'Dry (Closed)' });
    expect((refused as HTMLOptionElement).disabled).toBe(true);
    expect(asked[0].url.searchParams.get('sort')).toBe('["name","ASC"]');
    expect(asked[0].url.searchParams.get('range')).toBe('[0,499]');
  });

  it('sends the chosen record id as a number', async () => {
    answer('get', '/test/shelves', () => listed([{ id: 4, name: 'A1', capacity: 3, remaining: 1 }]));
    const sent = answer('post', '/test/boxes', (request) =>
      json({ id: 9, ...(request.body as object) }, { status: 201 }),
    );
    answer('get', '/test/boxes', () => listed([]));
    renderScreen('/box/create');
    const select = await screen.findByRole('combobox', { name: 'Shelf' }, find);
    await within(select).findByRole('option', { name: 'A1' }, find);
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Box name/ }), { target: { value: 'Tea' } });
    chooseSize('Small');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1), find);
    expect(sent[0].body).toEqual({ name: 'Tea', shelf_id: 4, size: 'small' });
  });

  it('with nothing to choose, says to create one first, links there, and keeps the form from being sent', async () => {
    answer('get', '/test/shelves', () => listed([]));
    const sent = answer('post', '/test/boxes', () => json({}, { status: 201 }));
    renderScreen('/box/create');
    expect(await screen.findByText('Shelf: none yet. Create one first.', undefined, find)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Shelf' }).getAttribute('href')).toBe('/shelf/create');
    fireEvent.change(screen.getByRole('textbox', { name: /Box name/ }), { target: { value: 'Tea' } });
    chooseSize('Small');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says so in Arabic too', async () => {
    answer('get', '/test/shelves', () => listed([]));
    renderScreen('/box/create', 'ar');
    expect(await screen.findByText('رف: لا يوجد أي سجل بعد. أنشئ واحدًا أولًا.', undefined, find)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'إنشاء رف' })).toBeTruthy();
  });

  it('shows the referenced record by name, linked to it', async () => {
    answer('get', '/test/shelves/1', () => json({ id: 1, name: 'A1', category_id: 3, capacity: 2, remaining: 1 }));
    const asked = answer('get', '/test/shelf-categories', () => listed([{ id: 3, name: 'Chilled', state: 'open' }]));
    renderScreen('/shelf/1/show');
    const link = await screen.findByRole('link', { name: 'Chilled' }, find);
    expect(link.getAttribute('href')).toBe('/shelf_category/3/show');
    expect(asked[0].url.searchParams.get('filter')).toBe('{"id":[3]}');
  });
});

describe('child records created with their parent', { timeout: 20_000 }, () => {
  it('are asked for as the child entity fields, without the key, and sent with the parent', async () => {
    answer('get', '/test/shelf-categories', () => listed([{ id: 1, name: 'Chilled', state: 'open' }]));
    const sent = answer('post', '/test/shelves', () =>
      json(
        { message: 'This value is already in use', errors: { 'boxes.0.name': 'This value is already in use' } },
        { status: 409 },
      ),
    );
    renderScreen('/shelf/create');
    const category = await screen.findByRole('combobox', { name: 'Category' }, find);
    await within(category).findByRole('option', { name: 'Chilled' }, find);
    fireEvent.change(category, { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'A1' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Capacity/ }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Box name/ }), { target: { value: 'Tea' } });
    chooseSize('Small');
    expect(screen.queryByRole('combobox', { name: /Shelf/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1), find);
    expect(sent[0].body).toEqual({
      name: 'A1',
      category_id: 1,
      capacity: 2,
      boxes: [{ name: 'Tea', size: 'small' }],
    });
    // Under the child's own field, not only in the notification.
    const boxName = screen.getByRole('textbox', { name: /Box name/ });
    await waitFor(() => expect(boxName.getAttribute('aria-invalid')).toBe('true'), find);
    expect(screen.getAllByText('This value is already in use')).toHaveLength(2);
  });
});

describe('the actions of a status', { timeout: 20_000 }, () => {
  const waiting = { id: 7, name: 'Tea', shelf_id: 1, size: 'small', status: 'waiting' };

  it('offers the actions the status allows, runs one, says so and shows the new status', async () => {
    let current = waiting;
    answer('get', '/test/boxes/7', () => json(current));
    answer('get', '/test/shelves', () => listed([{ id: 1, name: 'A1' }]));
    const sent = answer('post', '/test/boxes/7/pack', () => {
      current = { ...waiting, status: 'packed' };
      return json(current);
    });
    renderScreen('/box/7/show');
    const pack = await screen.findByRole('button', { name: 'Pack' }, find);
    expect(screen.getByRole('button', { name: 'Cancel box' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();

    fireEvent.click(pack);
    expect(await screen.findByText('changes saved', undefined, find)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Ship' }, find)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pack' })).toBeNull();
  });

  it('asks first when the schema says so, and shows a refusal', async () => {
    answer('get', '/test/boxes/7', () => json(waiting));
    answer('get', '/test/shelves', () => listed([{ id: 1, name: 'A1' }]));
    const sent = answer('post', '/test/boxes/7/cancel', () =>
      json({ message: 'This is not possible while the status is shipped.' }, { status: 409 }),
    );
    renderScreen('/box/7/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel box' }, find));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel this box?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This is not possible while the status is shipped.', undefined, find)).toBeTruthy();
    expect(sent).toHaveLength(1);
  });
});
