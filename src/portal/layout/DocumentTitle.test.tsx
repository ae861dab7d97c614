// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../data/testApi';
import { admin } from '../testAccess';
import { renderBackOffice } from '../testBackOffice';
import { DocumentTitle } from './DocumentTitle';

/** The browser tab's title follows the screen's title in the app bar, in the user's language. */

function TitledLayout({ children }: { children: ReactNode }) {
  return (
    <Layout>
      <DocumentTitle />
      {children}
    </Layout>
  );
}

const Home = () => <p>Home</p>;

/** The screen's title as the app bar shows it, once a screen has set it. */
async function screenTitle(): Promise<string> {
  let text = '';
  await waitFor(
    () => {
      text = document.getElementById('react-admin-title')?.textContent?.trim() ?? '';
      expect(text).not.toBe('');
    },
    { timeout: 5000 },
  );
  return text;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe("the browser tab's title", { timeout: 20_000 }, () => {
  it.each([
    ['en', 'Bawaba'],
    ['ar', 'بوابة'],
  ] as const)('names the screen and the product (%s)', async (language, product) => {
    renderBackOffice('/invoice', admin, { layout: TitledLayout, dashboard: Home, language });
    const title = await screenTitle();
    await waitFor(() => expect(document.title).toBe(`${title} · ${product}`));
  });
});
