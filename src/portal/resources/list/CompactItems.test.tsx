// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import {
  AdminContext,
  ListContextProvider,
  memoryStore,
  ResourceContextProvider,
  ResourceDefinitionContextProvider,
  TestMemoryRouter,
  useList,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import { entitySchemas } from '../../../schema/registry';
import { CompactItems, type CompactParts } from './CompactItems';

/**
 * The phone's list: an item per record, led by its title, which is the link to the record's page;
 * its amount ends that line and its status follows; a link inside an item (a product's category)
 * stays a link of its own, and a list with pictures keeps their place when a record has none.
 */

const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...en }), 'en', { allowMissing: true });

const categories: DataProvider = {
  getMany: () => Promise.resolve({ data: [{ id: 5, name: 'Sweets' }] }),
} as unknown as DataProvider;

function Items({ records, parts }: { records: RaRecord[]; parts: CompactParts }) {
  const list = useList({ data: records, resource: parts.entity.$id });
  return (
    <ListContextProvider value={list}>
      <CompactItems parts={parts} />
    </ListContextProvider>
  );
}

function renderItems(records: RaRecord[], parts: CompactParts) {
  return render(
    <TestMemoryRouter initialEntries={['/list']}>
      <AdminContext dataProvider={categories} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceDefinitionContextProvider definitions={{ category: { name: 'category', hasShow: true } }}>
          <ResourceContextProvider value={parts.entity.$id}>
            <Routes>
              <Route path="/list" element={<Items records={records} parts={parts} />} />
              <Route path="/list/:id" element={<p>record page</p>} />
              <Route path="/sales/categories/:id" element={<p>category page</p>} />
            </Routes>
          </ResourceContextProvider>
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe("the phone's list", () => {
  const transaction = entitySchemas.transaction;
  const parts: CompactParts = {
    entity: transaction,
    title: 'reference_no',
    amount: 'amount',
    status: 'status',
    link: (id) => `/list/${id}`,
  };

  it('leads each item with its title as the link to its page, its amount at the end of the line', async () => {
    renderItems(
      [
        { id: 7, reference_no: '700000000191', amount: '315.5', status: 'success' },
        { id: 8, reference_no: '700000000190', amount: '6.74', status: 'failed' },
      ],
      parts,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const link = within(items[0]).getByRole('link', { name: '700000000191' });
    expect(link.getAttribute('href')).toBe('/list/7');
    expect(items[0].querySelector('.bw-item-figure')?.textContent).toBe('315.500 KWD');
    expect(items[1].querySelector('.bw-chip')?.getAttribute('data-tone')).toBe('error');
    fireEvent.click(link);
    expect(await screen.findByText('record page')).toBeTruthy();
  });

  it('shows a dash for a record without a title, still as its link', async () => {
    renderItems([{ id: 9, reference_no: '', amount: '1', status: 'success' }], parts);
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item).getByRole('link').textContent).toBe('—');
  });

  it('keeps a link inside an item its own, and the place of a missing picture', async () => {
    const product = entitySchemas.product;
    renderItems(
      [
        { id: 3, title: 'Kunafa Tray', category_id: 5, image: null },
        { id: 4, title: 'Brass Lantern', category_id: 5, image: '/uploads/lantern.png' },
      ],
      { entity: product, title: 'title', next: 'category_id', image: 'image', link: (id) => `/list/${id}` },
    );
    const items = await screen.findAllByRole('listitem');
    const category = await within(items[0]).findByRole('link', { name: 'Sweets' });
    expect(category.closest('.bw-item-link')).toBeNull();
    expect(items.map((item) => item.querySelectorAll('.bw-item-image').length)).toEqual([1, 1]);
    expect(items[1].querySelector('.bw-item-image img')?.getAttribute('src')).toBe('/uploads/lantern.png');
    fireEvent.click(category);
    expect(await screen.findByText('category page')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    renderItems([], parts);
    expect(await screen.findByText('No Payment transactions found')).toBeTruthy();
  });
});
