// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../locales/ar.json';
import { registerCatalogue } from '../data/catalogues';
import { answer, json } from '../data/testApi';
import { http } from '../shell/providers';
import { serveRecordedApi } from '../testBackOffice';
import { useReport } from './useReport';

/**
 * The one way a report page loads its answer: the query it asks with, the last answer kept while
 * the next range loads, a superseded ask that never lands, and a failure in the user's language.
 */

vi.mock('../shell/providers', async (importOriginal) => {
  const { harness } = await import('../data/testApi');
  return {
    ...(await importOriginal<typeof import('../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

serveRecordedApi();

const JUNE = { from: '2026-06-01', to: '2026-06-30' };
const JULY = { from: '2026-07-01', to: '2026-07-31' };

describe('useReport', () => {
  it('asks with the query and gives the answer', async () => {
    const sent = answer('get', '/report/example', ({ url }) => json({ from: url.searchParams.get('from') }));
    const { result } = renderHook(() => useReport<{ from: string }>('/report/example', JUNE));
    expect(result.current).toEqual({ report: undefined, error: undefined, loading: true });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toEqual({ report: { from: '2026-06-01' }, error: undefined, loading: false });
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0].url.searchParams)).toEqual(JUNE);
  });

  it('keeps the last answer shown while the next range loads, and asks again only when a value changes', async () => {
    const sent = answer('get', '/report/example', ({ url }) => json({ from: url.searchParams.get('from') }));
    const { result, rerender } = renderHook(({ range }) => useReport<{ from: string }>('/report/example', range), {
      initialProps: { range: JUNE },
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    rerender({ range: { ...JUNE } });
    expect(result.current.loading).toBe(false);
    rerender({ range: JULY });
    expect(result.current).toEqual({ report: { from: '2026-06-01' }, error: undefined, loading: true });
    await waitFor(() => expect(result.current.report).toEqual({ from: '2026-07-01' }));
    expect(result.current.loading).toBe(false);
    expect(sent.map(({ url }) => url.searchParams.get('from'))).toEqual(['2026-06-01', '2026-07-01']);
  });

  it('drops the answer to a range the user has already left', async () => {
    let answerJune = () => {};
    const juneAnswered = new Promise<void>((resolve) => (answerJune = resolve));
    answer('get', '/report/example', async ({ url }) => {
      const from = url.searchParams.get('from');
      if (from === JUNE.from) await juneAnswered;
      return json({ from });
    });
    const { result, rerender } = renderHook(({ range }) => useReport<{ from: string }>('/report/example', range), {
      initialProps: { range: JUNE },
    });
    rerender({ range: JULY });
    await waitFor(() => expect(result.current.report).toEqual({ from: '2026-07-01' }));
    answerJune();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toEqual({ report: { from: '2026-07-01' }, error: undefined, loading: false });
  });

  it("says why it failed in the user's language", async () => {
    registerCatalogue('ar', ar);
    http.session.set('global', { language: 'ar' });
    answer('get', '/report/example', () => HttpResponse.error());
    const { result } = renderHook(() => useReport('/report/example', JUNE));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toEqual({ report: undefined, error: ar.app.message.network_error, loading: false });
  });
});
