// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { LanguageProvider } from '../shell/LanguageProvider';
import { PortalRoutes } from '../shell/PortalRoutes';
import { isTokenPath } from '../../shared/publicPaths';

/** The public Contact Us page, the OAuth sign-in entry and the `{token}` error page (SPEC §2), next to "not found". */

const catalogues = { en: { ...englishMessages, ...en }, ar: { ...englishMessages, ...ar } };

function renderAt(path: string, language: 'en' | 'ar' = 'en') {
  window.history.pushState(null, '', path);
  const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as 'en' | 'ar'], language, {
    allowMissing: true,
  });
  return render(
    <LanguageProvider i18nProvider={i18nProvider}>
      <PortalRoutes />
    </LanguageProvider>,
  );
}

afterEach(cleanup);

const TOKEN = '/Zx8Qd0c1r7Lq2V9sWmNa4BfE_k-3';

describe('public pages', { timeout: 20_000 }, () => {
  it('shows Contact Us with support details, without signing in', async () => {
    renderAt('/account/contact');
    expect(await screen.findByRole('heading', { name: 'Contact Us' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@bawaba.example' }).getAttribute('href')).toBe(
      'mailto:support@bawaba.example',
    );
    expect(screen.getByText('Sunday to Thursday, 8:00 am to 5:00 pm')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();
  });

  it('shows Contact Us in Arabic', async () => {
    renderAt('/account/contact', 'ar');
    expect(await screen.findByRole('heading', { name: 'اتصل بنا' }, { timeout: 5000 })).toBeTruthy();
  });

  it('says a token-like address is an invalid or expired link', async () => {
    renderAt(TOKEN);
    expect(await screen.findByText(/^This link is invalid or has expired/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("signs in at the old portal's /oauth/login/ entry as at /merchant", async () => {
    renderAt('/oauth/login/');
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps "not found" for any other unknown address', async () => {
    renderAt('/no-such-page');
    expect(await screen.findAllByText('Requested page not found!', undefined, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.queryByText(/This link is invalid/)).toBeNull();
  });

  it('takes only one long URL-safe segment for a token', () => {
    expect(isTokenPath(TOKEN)).toBe(true);
    expect(isTokenPath(`${TOKEN}/`)).toBe(true);
    for (const path of [
      '/merchant',
      '/short-token',
      `${TOKEN}/more`,
      '/account/contact',
      '/has.dots.in.it.0123456789abc',
      '/no-such-page-1795274150143',
      '/ALLCAPSANDDIGITS0123456789',
    ]) {
      expect([path, isTokenPath(path)]).toEqual([path, false]);
    }
  });
});
