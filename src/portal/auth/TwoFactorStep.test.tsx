// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { LanguageProvider } from '../shell/LanguageProvider';
import { TwoFactorStep } from './TwoFactorStep';

/** The enrolment a merchant requires at sign-in: one secret handed out, the one shown. */

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
});
afterAll(() => server.close());

describe('enrolling in two-factor while signing in', () => {
  it('starts one enrolment even when the step is mounted twice, and shows its key', async () => {
    const starts: unknown[] = [];
    server.use(
      http.post('*/v1/login/two-factor/enrol', async ({ request }) => {
        starts.push(await request.json());
        return HttpResponse.json({ secret: SECRET, otpauth_uri: `otpauth://totp/Bawaba:e%40x.kw?secret=${SECRET}` });
      }),
    );
    const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...en }), 'en', { allowMissing: true });
    // StrictMode mounts, unmounts and mounts again: each mount's effect asks for the enrolment.
    render(
      <StrictMode>
        <LanguageProvider i18nProvider={i18nProvider}>
          <TwoFactorStep challenge={{ challenge: 'challenge-7', enrolment_required: true }} onCancel={() => {}} />
        </LanguageProvider>
      </StrictMode>,
    );
    const key = await screen.findByLabelText('Key', { exact: true }, { timeout: 5000 });
    expect(key.textContent?.replace(/\s/g, '')).toBe(SECRET);
    expect(starts).toEqual([{ challenge: 'challenge-7' }]);
  });
});
