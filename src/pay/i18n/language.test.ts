// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, browserLanguage, initialLanguage, loadMessages, rememberLanguage } from './language';
import { english } from './messages';

afterEach(() => localStorage.clear());

describe('the payer’s language', () => {
  it('is ?lng= first, then the remembered choice, then the browser’s language, then English', () => {
    expect(initialLanguage('', ['fr-FR'])).toBe('en');
    expect(initialLanguage('', ['ar-KW', 'en-US'])).toBe('ar');
    expect(initialLanguage('?lng=en', ['ar-KW'])).toBe('en');
    localStorage.clear();
    expect(initialLanguage('', [])).toBe('en');
    expect(initialLanguage('?lng=ar')).toBe('ar');
    expect(initialLanguage('')).toBe('ar');
    expect(initialLanguage('?lng=fr')).toBe('ar');
    expect(initialLanguage('?lng=en')).toBe('en');
  });

  it('is remembered in the portal’s slice without touching its other fields', () => {
    localStorage.setItem('persist:global', JSON.stringify({ language: 'en', theme: 'light' }));
    rememberLanguage('ar');
    expect(JSON.parse(localStorage.getItem('persist:global') ?? '')).toEqual({ language: 'ar', theme: 'light' });
    localStorage.setItem('persist:global', '{not json');
    expect(initialLanguage('', [])).toBe('en');
  });

  it('reads the browser’s first language the pages speak, by its primary subtag', () => {
    expect(browserLanguage(['ar-KW', 'en-US'])).toBe('ar');
    expect(browserLanguage(['fr-FR', 'AR'])).toBe('ar');
    expect(browserLanguage(['en-GB', 'ar'])).toBe('en');
    expect(browserLanguage(['fr'])).toBeUndefined();
  });

  it('sets <html lang dir>', () => {
    applyDocumentLanguage('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    applyDocumentLanguage('en');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['en', 'ltr']);
  });

  it('loads Arabic texts with the same keys as English', async () => {
    const arabic = await loadMessages('ar');
    expect(arabic.card.number).toBe('رقم البطاقة');
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
    expect(await loadMessages('en')).toBe(english);
  });
});
