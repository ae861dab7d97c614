// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, ListContextProvider, memoryStore, useList, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import reactAdminAr from '../../../locales/react-admin.ar.json';
import en from '../../../locales/en.json';
import { ListPagination } from './ListPagination';

/**
 * A list's pages: the rows in view, the page size, and the buttons to the previous, next and
 * other pages, named in the user's language; nothing to page through, nothing shown.
 */

const catalogues = { en: { ...englishMessages, ...en }, ar: { ...reactAdminAr, ...ar } };

const records = (count: number): RaRecord[] => Array.from({ length: count }, (_, index) => ({ id: index + 1 }));

/** The range as written: its two numbers one left-to-right run, so that Arabic shows "1-25", not "25-1". */
const rows = (range: string, rest: string) => `\u2066${range}\u2069 ${rest}`;

function Pages({ data }: { data: RaRecord[] }) {
  const list = useList({ data, perPage: 25 });
  return (
    <ListContextProvider value={list}>
      <ListPagination />
    </ListContextProvider>
  );
}

function renderPages(count: number, language: 'en' | 'ar' = 'en') {
  const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as 'en' | 'ar'], language, {
    allowMissing: true,
  });
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Pages data={records(count)} />
    </AdminContext>,
  );
}

afterEach(cleanup);

describe("a list's pages", () => {
  it('say which rows are in view and go to the next, previous and any page', async () => {
    renderPages(160);
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(screen.getByTestId('list-page-range').textContent).toBe(rows('1-25', 'of 160'));
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    // Seven pages: every one has its button.
    expect(nav.querySelectorAll('li.bw-page-number')).toHaveLength(7);

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByTestId('list-page-range').textContent).toBe(rows('26-50', 'of 160'));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 7' }));
    expect(screen.getByTestId('list-page-range').textContent).toBe(rows('151-160', 'of 160'));
    expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
  });

  it('change how many rows a page holds, back to the first page', async () => {
    renderPages(160);
    fireEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page:' }), { target: { value: '100' } });
    expect(screen.getByTestId('list-page-range').textContent).toBe(rows('1-100', 'of 160'));
  });

  it('show the range alone when everything fits on one page, and nothing when there are no rows', async () => {
    const { unmount } = renderPages(12);
    expect((await screen.findByTestId('list-page-range')).textContent).toBe(rows('1-12', 'of 12'));
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderPages(0);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('are named in Arabic on an Arabic screen', async () => {
    renderPages(60, 'ar');
    await screen.findByRole('navigation', { name: 'الصفحات' });
    expect(screen.getByTestId('list-page-range').textContent).toBe(rows('1-25', 'من 60'));
    expect(screen.getByRole('combobox', { name: 'عدد الصفوف في الصفحة:' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }));
    expect(screen.getByRole('button', { name: 'الصفحة 2' }).getAttribute('aria-current')).toBe('page');
  });
});
