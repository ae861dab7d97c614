// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reportSchema } from '../../tests/support/report-schema';
import { addDays, addMonths } from '../schema/calendar';
import { currentDay } from '../schema/listDateRange';
import { answer, json, type SentRequest } from './data/testApi';
import { admin, everyService, staff } from './testAccess';
import { renderBackOffice, serveRecordedApi } from './testBackOffice';

/**
 * The list keywords in the back office, on a test-only report (`tests/support/report-schema.ts`)
 * added to the registry: `operations` (list and show only: no create button, rows open the
 * detail), `views` (their own route, title, columns, fixed filter and gate), and `x-list.dateRange`
 * (from/to dates always shown, a valid default, a bad range refused before the API is asked).
 */

vi.mock('../schema/registry', async (importOriginal) =>
  (await import('./testReportRegistry')).registryWithReport(importOriginal),
);

const today = currentDay();
/** A day as the date fields show it, in both languages: dd/mm/yyyy. */
const shown = (day: string) => day.split('-').reverse().join('/');
const ROWS = [
  {
    id: 1,
    reference_no: 'SET-001',
    amount: '12.500',
    status: 'incomplete',
    terminal_id: 2,
    created_at: `${today}T08:00:00Z`,
  },
];

const ENDPOINT = reportSchema['x-resource'].endpoint;
const filterOf = (sent: SentRequest) =>
  JSON.parse(sent.url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;

function answerList() {
  return answer('get', ENDPOINT, () => json(ROWS, { headers: { 'Content-Range': 'settlement 0-0/1' } }));
}

const row = () => screen.findByText('SET-001', undefined, { timeout: 15_000 });

const requested = serveRecordedApi();

describe('a report offering list and show only', { timeout: 20_000 }, () => {
  it('has no create button, and its rows open the detail', async () => {
    answerList();
    const shown = answer('get', `${ENDPOINT}/1`, () => json(ROWS[0]));
    renderBackOffice('/test/settlement-list', admin);
    fireEvent.click(await row());
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
    await waitFor(() => expect(shown).toHaveLength(1));
  });
});

describe('a list that needs a date range', { timeout: 20_000 }, () => {
  it('always shows from/to dates, and asks for the last 30 days first', async () => {
    const sent = answerList();
    renderBackOffice('/test/settlement-list', admin);
    await row();
    expect((screen.getByLabelText(/Created at from/) as HTMLInputElement).value).toBe(shown(addDays(today, -29)));
    expect((screen.getByLabelText(/Created at to/) as HTMLInputElement).value).toBe(shown(today));
    expect(filterOf(sent[0])).toEqual({ created_at_gte: addDays(today, -29), created_at_lte: today });
    // The date range replaces the field's own from/to filter.
    expect(screen.getAllByLabelText(/Created at from/)).toHaveLength(1);
  });

  it('refuses a range longer than the rule allows in place of the rows, without asking the API', async () => {
    const sent = answerList();
    renderBackOffice('/test/settlement-list', admin);
    await row();
    const from = screen.getByLabelText(/Created at from/);
    fireEvent.change(from, { target: { value: shown(addMonths(addDays(today, -1), -6)) } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The date range must be at most 6 months');
    // The rows no longer match the dates: the reason stands in their place.
    expect(screen.queryByText('SET-001')).toBeNull();
    expect(from.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText(/Created at to/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Created at to/), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Please select the date');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/Created at to/), { target: { value: shown(addDays(today, -1)) } });
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 5000 });
    expect(filterOf(sent[1])).toEqual({
      created_at_gte: addMonths(addDays(today, -1), -6),
      created_at_lte: addDays(today, -1),
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the range when the user searches, and sends nothing else of its own', async () => {
    const sent = answerList();
    renderBackOffice('/test/settlement-list', admin);
    await row();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'SET-0' } });
    await waitFor(() => expect(sent.length).toBeGreaterThan(1), { timeout: 3000 });
    expect(filterOf(sent[sent.length - 1])).toEqual({
      q: 'SET-0',
      created_at_gte: addDays(today, -29),
      created_at_lte: today,
    });
  });

  it('says so in Arabic', async () => {
    answerList();
    renderBackOffice('/test/settlement-list', admin, { language: 'ar' });
    await row();
    const [from, to] = screen
      .getAllByRole('group', { name: 'الفترة' })[0]
      .querySelectorAll<HTMLInputElement>('input:not([type=date])');
    fireEvent.change(to, { target: { value: shown(addDays(today, -40)) } });
    expect(from.value).toBe(shown(addDays(today, -29)));
    expect((await screen.findByRole('alert')).textContent).toBe('يجب أن يكون تاريخ النهاية في تاريخ البداية أو بعده');
  });
});

describe('a view', { timeout: 20_000 }, () => {
  it('is a list at its own route, with its title, columns, fixed filter and date range', async () => {
    const sent = answerList();
    renderBackOffice('/test/incomplete', admin);
    await row();
    expect(await screen.findByText('Incomplete')).toBeTruthy();
    expect(filterOf(sent[0])).toEqual({
      view: 'incomplete',
      status: 'incomplete',
      created_at_gte: addDays(today, -6),
      created_at_lte: today,
    });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.join(' ')).not.toMatch(/Status|Terminal/);
    expect(headers.join(' ')).toMatch(/Reference no/);
    // The fixed filter is not the user's to change.
    expect(screen.queryByRole('combobox', { name: /Status/ })).toBeNull();
  });

  it('refuses a start older than its "within" limit', async () => {
    const sent = answerList();
    renderBackOffice('/test/incomplete', admin);
    await row();
    fireEvent.change(screen.getByLabelText(/Created at from/), { target: { value: shown(addDays(today, -8)) } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a date within the last 7 days');
    expect(sent).toHaveLength(1);
  });

  it('takes a fixed filter value from its route', async () => {
    const sent = answerList();
    renderBackOffice('/test/terminal/2', admin);
    await row();
    expect(filterOf(sent[0])).toMatchObject({ view: 'terminal', terminal_id: 2 });
  });

  it('has its own gate: an employee may open it without the report, or be refused it with it', async () => {
    answerList();
    renderBackOffice('/test/incomplete', staff);
    await row();
    cleanup();
    for (const path of ['/settlement', '/test/terminal/2']) {
      renderBackOffice(path, staff);
      expect(await screen.findByRole('heading', { name: 'Access denied' }, { timeout: 5000 })).toBeTruthy();
      cleanup();
    }
    renderBackOffice('/test/on-hold', { ...admin, services: { ...everyService, pos_terminal: false } });
    expect(await screen.findByText('Service not fully enabled, please contact support')).toBeTruthy();
    expect(requested.filter((path) => path.includes(ENDPOINT))).toHaveLength(1);
  });
});
