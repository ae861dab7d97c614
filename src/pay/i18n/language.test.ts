// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, initialLanguage, loadMessages, rememberLanguage } from './language';
import { english } from './messages';

afterEach(() => localStorage.clear());

describe('the payer’s language', () => {
  it('is ?lng= first, then the remembered choice, then English', () => {
    expect(initialLanguage('')).toBe('en');
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
    expect(initialLanguage('')).toBe('en');
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
