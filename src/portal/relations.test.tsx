// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, memoryStore, Resource, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { entitySchemas } from '../schema/registry';
import { box, pallet, shelf, shelfCategory } from '../../tests/support/relations-schema';
import { createDataProvider } from './data/dataProvider';
import { answer, json, server } from './data/testApi';
import { harness } from './data/testApi';
import { createResource } from './resources';
import { admin } from './testAccess';
import { addCompiledValidators } from './forms/validator';
import { compileNow } from './forms/validators/compileNow';
import { formSchemasOf } from './forms/validators/sets';

/**
 * The cross-record keywords on the screens, over test-only shelves, boxes and pallets: a reference
 * is a choice among the referenced records by name (refused ones shown but not choosable, and with
 * none at all a notice linking to where one is created, SPEC §5), shown by name in the user's
 * language with a link; an array of references is a choice of several, shown as links; a field
 * filled from a referenced record follows it, read-only; a status moves by buttons its current
 * value allows (SPEC §4), on the detail screen and on list rows, asking first when the schema says
 * so; a detail screen shows lines as a table and leaves out child records.
 */

const schemas = { shelf_category: shelfCategory, shelf, box, pallet };
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
    pallet: {
      name: 'Pallet |||| Pallets',
      fields: {
        name: 'Pallet name',
        box_ids: 'Boxes',
        shelf_id: 'Shelf',
        max_load: 'Max load',
        load: 'Load',
        lines: 'Lines',
        'lines.item': 'Item',
        'lines.qty': 'Qty',
        'lines.price': 'Price',
      },
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
  // The merchant's admin: every status action is theirs to take.
  const authProvider: AuthProvider = {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(admin),
  };
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={createDataProvider(http, schemas)}
        authProvider={authProvider}
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

beforeAll(async () => {
  // Their forms' validators, compiled as the build compiles the registry's.
  addCompiledValidators(await compileNow({ schemas: Object.values(schemas).flatMap(formSchemasOf), forms: true }));
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
    expect(screen.getByRole('link', { name: 'Create Shelf' }).getAttribute('href')).toBe('/test/shelves/create');
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
    expect(link.getAttribute('href')).toBe('/test/shelf-categories/3');
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

describe('labels per language', { timeout: 20_000 }, () => {
  it('shows a referenced record by its Arabic label in Arabic, by its English one when it has none', async () => {
    answer('get', '/test/shelves/1', () => json({ id: 1, name: 'A1', category_id: 3, capacity: 2, remaining: 1 }));
    answer('get', '/test/shelves/2', () => json({ id: 2, name: 'A2', category_id: 4, capacity: 2, remaining: 1 }));
    const asked = answer('get', '/test/shelf-categories', (request) =>
      listed(
        [
          { id: 3, name: 'Chilled', name_ar: 'مبرد', state: 'open' },
          { id: 4, name: 'Dry', state: 'open' },
        ].filter(({ id }) => (JSON.parse(request.url.searchParams.get('filter') ?? '{}').id ?? [id]).includes(id)),
      ),
    );
    renderScreen('/shelf/1/show', 'ar');
    expect(await screen.findByRole('link', { name: 'مبرد' }, find)).toBeTruthy();
    cleanup();
    renderScreen('/shelf/2/show', 'ar');
    expect(await screen.findByRole('link', { name: 'Dry' }, find)).toBeTruthy();
    expect(asked.length).toBeGreaterThan(0);
  });

  it('offers the choice by the label of the language, sorted by it', async () => {
    const asked = answer('get', '/test/shelf-categories', () =>
      listed([
        { id: 1, name: 'Chilled', name_ar: 'مبرد', state: 'open' },
        { id: 2, name: 'Dry', state: 'open' },
      ]),
    );
    renderScreen('/shelf/create', 'ar');
    const select = await screen.findByRole('combobox', { name: /Category|الفئة|category/i }, find);
    expect(await within(select).findByRole('option', { name: 'مبرد' }, find)).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Dry' })).toBeTruthy();
    expect(asked[0].url.searchParams.get('sort')).toBe('["name_ar","ASC"]');
  });
});

describe('an array of references', { timeout: 20_000 }, () => {
  const boxes = [
    { id: 7, name: 'Tea box', shelf_id: 1, size: 'small', status: 'waiting' },
    { id: 8, name: 'Rice box', shelf_id: 1, size: 'large', status: 'packed' },
    { id: 9, name: 'Old box', shelf_id: 1, size: 'large', status: 'cancelled' },
  ];

  it('is a choice of several records by name, a refused one not choosable, sent as ids', async () => {
    answer('get', '/test/boxes', () => listed(boxes));
    answer('get', '/test/shelves', () => listed([]));
    const sent = answer('post', '/test/pallets', (request) =>
      json({ id: 5, ...(request.body as object) }, { status: 201 }),
    );
    answer('get', '/test/pallets/5', () => json({ id: 5, name: 'P1', box_ids: [7, 8] }));
    renderScreen('/pallet/create');
    const input = await screen.findByRole('combobox', { name: 'Boxes' }, find);
    fireEvent.mouseDown(input);
    const listbox = await screen.findByRole('listbox', undefined, find);
    expect(within(listbox).getByRole('option', { name: 'Old box (Cancelled)' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(within(listbox).getByRole('option', { name: 'Tea box' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Rice box' }));
    expect(screen.getByText('Tea box')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Pallet name/ }), { target: { value: 'P1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1), find);
    expect(sent[0].body).toEqual({ name: 'P1', box_ids: [7, 8] });
  });

  it('with none chosen, says the schema message, not the required one', async () => {
    answer('get', '/test/boxes', () => listed(boxes.slice(0, 1)));
    answer('get', '/test/shelves', () => listed([]));
    const sent = answer('post', '/test/pallets', () => json({}, { status: 201 }));
    renderScreen('/pallet/create');
    const input = await screen.findByRole('combobox', { name: 'Boxes' }, find);
    fireEvent.mouseDown(input);
    fireEvent.click(
      within(await screen.findByRole('listbox', undefined, find)).getByRole('option', { name: 'Tea box' }),
    );
    // The chip's delete icon takes the only choice away again.
    fireEvent.click(within(screen.getByRole('button', { name: 'Tea box' })).getByTestId('CancelIcon'));
    fireEvent.change(screen.getByRole('textbox', { name: /Pallet name/ }), { target: { value: 'P1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select at least 1', undefined, find)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the records by name, each linked, and lines as a table without their internal keys', async () => {
    answer('get', '/test/pallets/5', () =>
      json({
        id: 5,
        name: 'P1',
        box_ids: [7, 8],
        lines: [
          { item_id: 41, item: 'Tea', qty: 2, price: '1.500' },
          { item_id: 42, item: 'Rice', qty: 1, price: '12.250' },
        ],
      }),
    );
    const asked = answer('get', '/test/boxes', () => listed(boxes.slice(0, 2)));
    renderScreen('/pallet/5/show');
    const tea = await screen.findByRole('link', { name: 'Tea box' }, find);
    expect(tea.getAttribute('href')).toBe('/test/boxes/7');
    expect(screen.getByRole('link', { name: 'Rice box' }).getAttribute('href')).toBe('/test/boxes/8');
    expect(asked[0].url.searchParams.get('filter')).toBe('{"id":[7,8]}');

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Qty', 'Price']);
    expect(within(table).getByText('12.250 KWD')).toBeTruthy();
    expect(screen.queryByText(/object Object/)).toBeNull();
  });

  it('leaves the child records sent with a create out of the detail screen', async () => {
    answer('get', '/test/shelves/1', () => json({ id: 1, name: 'A1', category_id: 3, capacity: 2, remaining: 1 }));
    answer('get', '/test/shelf-categories', () => listed([{ id: 3, name: 'Chilled', state: 'open' }]));
    // The shelf's page lists the boxes and pallets on it.
    answer('get', '/test/boxes', () => listed([]));
    answer('get', '/test/pallets', () => listed([]));
    renderScreen('/shelf/1/show');
    expect(await screen.findByRole('link', { name: 'Chilled' }, find)).toBeTruthy();
    expect(document.querySelector('.ra-field-remaining')).not.toBeNull();
    expect(document.querySelector('.ra-field-boxes')).toBeNull();
  });
});

describe('a field filled from a referenced record', { timeout: 20_000 }, () => {
  it('follows the record chosen, read-only, and the form checks against it', async () => {
    answer('get', '/test/boxes', () =>
      listed([{ id: 7, name: 'Tea box', shelf_id: 1, size: 'small', status: 'waiting' }]),
    );
    answer('get', '/test/shelves', () =>
      listed([
        { id: 1, name: 'A1', capacity: 2, max_load: '3.000' },
        { id: 2, name: 'A2', capacity: 2 },
      ]),
    );
    const fetched = answer('get', '/test/shelves/:id', (request) =>
      json(
        request.url.pathname.endsWith('/1')
          ? { id: 1, name: 'A1', capacity: 2, max_load: '3.000' }
          : { id: 2, name: 'A2', capacity: 2 },
      ),
    );
    const sent = answer('post', '/test/pallets', (request) =>
      json({ id: 5, ...(request.body as object) }, { status: 201 }),
    );
    answer('get', '/test/pallets/5', () => json({ id: 5, name: 'P1', box_ids: [7] }));
    renderScreen('/pallet/create');

    const maxLoad = await screen.findByRole('textbox', { name: 'Max load' }, find);
    // Read-only fields are drawn as rjsf's theme draws them: not editable.
    expect((maxLoad as HTMLInputElement).disabled).toBe(true);
    const shelfSelect = await screen.findByRole('combobox', { name: 'Shelf' }, find);
    await within(shelfSelect).findByRole('option', { name: 'A1' }, find);
    fireEvent.change(shelfSelect, { target: { value: '1' } });
    await waitFor(() => expect((maxLoad as HTMLInputElement).value).toBe('3.000'), find);
    expect(fetched.map((request) => request.url.pathname)).toEqual(['/v1/test/shelves/1']);

    fireEvent.change(screen.getByRole('textbox', { name: /Pallet name/ }), { target: { value: 'P1' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Boxes' }));
    fireEvent.click(
      within(await screen.findByRole('listbox', undefined, find)).getByRole('option', { name: 'Tea box' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Load' }), { target: { value: '3.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must not exceed 3.000', undefined, find)).toBeTruthy();
    expect(sent).toEqual([]);

    // Another shelf without a maximum empties the field; the rule then has nothing to compare with.
    fireEvent.change(shelfSelect, { target: { value: '2' } });
    await waitFor(() => expect((maxLoad as HTMLInputElement).value).toBe(''), find);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1), find);
    expect(sent[0].body).toEqual({ name: 'P1', box_ids: [7], shelf_id: 2, load: '3.001' });
  });
});

describe('status actions on list rows', { timeout: 20_000 }, () => {
  it('offers the actions each row allows, runs one without opening the record, and refreshes the list', async () => {
    let rows = [
      { id: 7, name: 'Tea', shelf_id: 1, size: 'small', status: 'waiting' },
      { id: 8, name: 'Rice', shelf_id: 1, size: 'large', status: 'cancelled' },
    ];
    const listedBoxes = answer('get', '/test/boxes', () => listed(rows));
    answer('get', '/test/shelves', () => listed([{ id: 1, name: 'A1' }]));
    const packed = answer('post', '/test/boxes/7/pack', () => {
      rows = [{ ...rows[0], status: 'packed' }, rows[1]];
      return json(rows[0]);
    });
    renderScreen('/box');
    const [tea, rice] = (await screen.findAllByRole('row', undefined, find)).slice(1);
    // A row's actions are one menu; a row whose status allows none has no menu.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(within(rice).queryByRole('button', { name: 'Row actions' })).toBeNull();
    fireEvent.click(await within(tea).findByRole('button', { name: 'Row actions' }, find));
    const menu = await screen.findByRole('group', { name: 'Actions' }, find);
    expect(within(menu).getByRole('button', { name: 'Cancel box' })).toBeTruthy();

    const before = listedBoxes.length;
    fireEvent.click(within(menu).getByRole('button', { name: 'Pack' }));
    expect(await screen.findByText('changes saved', undefined, find)).toBeTruthy();
    expect(packed).toHaveLength(1);
    await waitFor(() => expect(listedBoxes.length).toBeGreaterThan(before), find);
    const [packedRow] = (await screen.findAllByRole('row', undefined, find)).slice(1);
    expect(within(packedRow).getByText('Tea')).toBeTruthy();
    // Still the list: the click did not open the record.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    fireEvent.click(within(packedRow).getByRole('button', { name: 'Row actions' }));
    expect(await screen.findByRole('button', { name: 'Ship' }, find)).toBeTruthy();
  });

  it('asks first when the schema says so; closing the question leaves the row as it was', async () => {
    answer('get', '/test/boxes', () => listed([{ id: 7, name: 'Tea', shelf_id: 1, size: 'small', status: 'waiting' }]));
    answer('get', '/test/shelves', () => listed([{ id: 1, name: 'A1' }]));
    const cancelled = answer('post', '/test/boxes/7/cancel', () => json({ id: 7, status: 'cancelled' }));
    renderScreen('/box');
    fireEvent.click(await screen.findByRole('button', { name: 'Row actions' }, find));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel box' }, find));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel this box?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), find);
    expect(cancelled).toEqual([]);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });
});
