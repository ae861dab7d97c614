import { readFile } from 'node:fs/promises';
import { http, HttpResponse } from 'msw';
import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../../../locales/ar.json';
import reactAdminArabic from '../../../locales/react-admin.ar.json';
import type { Catalogue } from '../../shared/i18n';
import { flattenCatalogue } from '../../shared/i18n';
import { translateMessage } from './catalogues';
import { applyDocumentLanguage, createI18nProvider, initialLanguage } from './i18nProvider';
import { loadCatalogue } from './loadCatalogue';
import { createSession } from './session';
import { memoryStorage } from './sessionStorage';
import { ORIGIN, server } from './testApi';

// Compile-time half of the coverage check: react-admin's message type lists every `ra.*` key.
const typedArabic: TranslationMessages = reactAdminArabic;

const LOCALES = `${ORIGIN}/locales`;
const localesDir = new URL('../../../locales/', import.meta.url);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

/** Serves `locales/` from disk (with optional overrides) and records which files were asked for. */
function serveLocales(overrides: Record<string, () => Response> = {}): string[] {
  const requested: string[] = [];
  server.use(
    http.get(`${LOCALES}/:file`, async ({ params }) => {
      const file = String(params.file);
      requested.push(file);
      if (overrides[file]) return overrides[file]();
      return new HttpResponse(await readFile(new URL(file, localesDir)), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requested;
}

function fakeDocument() {
  const documentElement = { lang: '', dir: '' };
  vi.stubGlobal('document', { documentElement });
  return documentElement;
}

describe('loading catalogues (SPEC §7: 5 retries, delay doubling from 350 ms)', () => {
  function flakyFetch(failures: number) {
    const attempts: number[] = [];
    const fetch = vi.fn(async () => {
      attempts.push(Date.now());
      if (attempts.length <= failures) throw new TypeError('fetch failed');
      return Response.json({ app: { name: 'Bawaba' } });
    });
    return { fetch, attempts };
  }

  it('fails 3 times, then succeeds, after 350, 700 and 1400 ms', async () => {
    vi.useFakeTimers();
    const { fetch, attempts } = flakyFetch(3);
    const loading = loadCatalogue('/locales/en.json', { fetch });
    await vi.runAllTimersAsync();
    await expect(loading).resolves.toEqual({ app: { name: 'Bawaba' } });
    expect(attempts.slice(1).map((time, index) => time - attempts[index])).toEqual([350, 700, 1400]);
  });

  it('gives up after 5 retries', async () => {
    vi.useFakeTimers();
    const { fetch, attempts } = flakyFetch(Infinity);
    const loading = loadCatalogue('/locales/en.json', { fetch });
    const outcome = loading.catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toBeInstanceOf(TypeError);
    expect(attempts).toHaveLength(6);
    expect(attempts.slice(1).map((time, index) => time - attempts[index])).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('retries on an error status too', async () => {
    let calls = 0;
    server.use(
      http.get(`${LOCALES}/en.json`, () =>
        ++calls < 2 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ a: 'b' }),
      ),
    );
    await expect(loadCatalogue(`${LOCALES}/en.json`, { firstDelayMs: 1 })).resolves.toEqual({ a: 'b' });
    expect(calls).toBe(2);
  });
});

describe('initialLanguage', () => {
  it('?lng= wins over the cached choice, and becomes the cached choice', () => {
    const storage = memoryStorage();
    const session = createSession(storage);
    session.set('global', { language: 'en' });
    expect(initialLanguage({ search: '?lng=ar', session })).toBe('ar');
    expect(JSON.parse(storage.map.get('persist:global')!).language).toBe('ar');
  });

  it('uses the cached choice without ?lng=, ignores unsupported languages and defaults to en', () => {
    const session = createSession(memoryStorage());
    expect(initialLanguage({ search: '', session })).toBe('en');
    session.set('global', { language: 'ar' });
    expect(initialLanguage({ search: '?lng=fr', session })).toBe('ar');
    expect(initialLanguage({ search: '?page=2', session })).toBe('ar');
  });
});

describe('react-admin’s own keys in Arabic', () => {
  const english = flattenCatalogue(englishMessages as unknown as Catalogue);
  const arabic = flattenCatalogue(typedArabic as unknown as Catalogue);
  const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

  it('covers every key of ra-language-english, none left empty or in English', () => {
    const missing = [...english.keys()].filter((key) => !arabic.get(key));
    expect(missing).toEqual([]);
    const hasWords = (text: string) => /[a-z]{3}/i.test(text.replace(/%\{\w+\}/g, ''));
    const untranslated = [...english].filter(([key, text]) => hasWords(text) && arabic.get(key) === text);
    expect(untranslated).toEqual([]);
    expect([...arabic.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps every placeholder and plural form of the English message', () => {
    for (const [key, text] of english) {
      const translated = arabic.get(key)!;
      expect(new Set(placeholders(translated)), key).toEqual(new Set(placeholders(text)));
      expect(translated.split('||||').length, key).toBe(text.split('||||').length);
    }
  });
});

describe('createI18nProvider', () => {
  it('loads English first (react-admin’s merged with ours) and nothing else', async () => {
    const html = fakeDocument();
    const requested = serveLocales();
    const i18n = await createI18nProvider({
      baseUrl: LOCALES,
      initialLanguage: 'en',
      session: createSession(memoryStorage()),
    });
    expect(requested).toEqual(['en.json']);
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    expect(i18n.translate('app.auth.sign_in')).toBe('Sign In');
    expect(i18n.translate('resources.invoice.name', { smart_count: 2 })).toBe('Invoices');
    expect(html).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('loads Arabic lazily on changeLocale, persists the choice and turns the page right to left', async () => {
    const html = fakeDocument();
    const requested = serveLocales();
    const storage = memoryStorage();
    const session = createSession(storage);
    const i18n = await createI18nProvider({ baseUrl: LOCALES, initialLanguage: 'en', session });
    await i18n.changeLocale('ar');
    expect(requested.sort()).toEqual(['ar.json', 'en.json', 'react-admin.ar.json']);
    expect(i18n.getLocale()).toBe('ar');
    expect(i18n.translate('ra.action.save')).toBe('حفظ');
    expect(i18n.translate('app.auth.sign_in')).toBe(ar.app.auth.sign_in);
    expect(i18n.translate('resources.invoice.name', { smart_count: 1 })).toBe('فاتورة');
    expect(i18n.translate('resources.invoice.name', { smart_count: 2 })).toBe('الفواتير');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 5 })).toBe('عدد العناصر المحددة: 5');
    expect(html).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(JSON.parse(storage.map.get('persist:global')!).language).toBe('ar');
    expect(translateMessage('app.message.network_error', 'ar')).toBe(ar.app.message.network_error);
  });

  it('starting in Arabic, asks for its catalogues together with English, not after it', async () => {
    fakeDocument();
    const asked: string[] = [];
    let releaseEnglish = () => undefined as void;
    const english = new Promise<void>((resolve) => (releaseEnglish = resolve));
    server.use(
      http.get(`${LOCALES}/:file`, async ({ params }) => {
        const file = String(params.file);
        asked.push(file);
        if (file === 'en.json') await english;
        return new HttpResponse(await readFile(new URL(file, localesDir)), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const starting = createI18nProvider({
      baseUrl: LOCALES,
      initialLanguage: 'ar',
      session: createSession(memoryStorage()),
    });
    await vi.waitFor(() => expect(asked.sort()).toEqual(['ar.json', 'en.json', 'react-admin.ar.json']));
    releaseEnglish();
    const i18n = await starting;
    expect(i18n.getLocale()).toBe('ar');
    expect(i18n.translate('ra.action.save')).toBe('حفظ');
  });

  it('falls back to English for a key missing in Arabic and never shows an empty string', async () => {
    fakeDocument();
    serveLocales({
      'en.json': () => HttpResponse.json({ app: { only_english: 'Only in English', blank: 'Not blank' } }),
      'ar.json': () => HttpResponse.json({ app: { blank: '' } }),
    });
    const i18n = await createI18nProvider({
      baseUrl: LOCALES,
      initialLanguage: 'ar',
      session: createSession(memoryStorage()),
    });
    expect(i18n.translate('app.only_english')).toBe('Only in English');
    expect(i18n.translate('app.blank')).toBe('Not blank');
    expect(i18n.translate('app.nowhere')).toBe('app.nowhere');
    expect(i18n.translate('app.nowhere', { _: 'Default text' })).toBe('Default text');
  });

  it('starts in English when Arabic cannot be loaded', async () => {
    fakeDocument();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveLocales({ 'ar.json': () => new HttpResponse(null, { status: 500 }) });
    const session = createSession(memoryStorage());
    session.set('global', { language: 'ar' });
    const i18n = await createI18nProvider({ baseUrl: LOCALES, session, retries: 1, firstDelayMs: 1 });
    expect(i18n.getLocale()).toBe('en');
    expect(session.get('global').language).toBe('en');
    expect(i18n.translate('app.auth.sign_in')).toBe('Sign In');
  });

  it('applyDocumentLanguage does nothing without a document', () => {
    expect(() => applyDocumentLanguage('ar')).not.toThrow();
  });
});
