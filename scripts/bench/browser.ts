import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Chromium for the browser parts of the bench: the system browser with the flags every
 * measurement uses, and signing in to the portal the way a person does.
 */

/** The system Chromium (Debian's `chromium`), or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags of every Chromium the bench starts (no background traffic to disturb the figures). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
}

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
  await page.getByRole('main').getByText(/this week/i).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}
