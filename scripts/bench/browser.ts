import type { Page } from 'playwright-core';

/**
 * Chromium for the browser parts of the bench: the system browser as the browser tests start it,
 * and signing in to the portal the way a person does.
 */

export { CHROMIUM_FLAGS, chromiumPath, launchBrowser } from '../../tests/browser/support/browser';

/** The sign-in page's labels in English (the language a first visit shows). */
const SIGN_IN = { email: 'E-mail', password: 'Password', submit: 'Sign In' } as const;

/** Fills and sends the sign-in form of `/merchant` (already open) and waits for the dashboard. */
export async function signInOnPage(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel(SIGN_IN.email).fill(account.email);
  await page.getByLabel(SIGN_IN.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: SIGN_IN.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/merchant'));
  await waitForDashboard(page);
}

/** The dashboard has drawn its figures (the week's total card) and the network is quiet. */
export async function waitForDashboard(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByText(/this week/i)
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}
