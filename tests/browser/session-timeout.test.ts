import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, signIn } from './support/portal';

/**
 * The session-timeout warning (SPEC §2, §8), with the idle period shortened for the page: six
 * seconds of inactivity, the last three of them counted down in the "Session Timeout" dialog.
 */

const IDLE_MS = 6_000;
const WARN_MS = 3_000;
/** Long enough for any step of the timer, short enough to fail fast when one never comes. */
const soon = { timeout: IDLE_MS + 2_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('an idle signed-in user', () => {
  it('is warned, stays signed in with "Stay Logged In", and is signed out when not answering', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.addInitScript(
      ([idleMs, warnMs]) => {
        window.__BAWABA_IDLE_MS__ = idleMs;
        window.__BAWABA_WARN_MS__ = warnMs;
      },
      [IDLE_MS, WARN_MS],
    );
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Session Timeout' });
    await dialog.waitFor(soon);
    expect(await dialog.getByRole('timer').textContent()).toMatch(
      /^You have been inactive for a while\. You will be signed out in [1-3] seconds\.$/,
    );
    await dialog.getByRole('button', { name: 'Stay Logged In' }).click();
    await dialog.waitFor({ state: 'hidden', ...soon });

    // The warning comes back after a new quiet spell, past the end the first one announced.
    await dialog.waitFor(soon);
    expect(new URL(page.url()).pathname).toBe('/');
    const account = await page.evaluate(() => localStorage.getItem('persist:account'));
    expect(JSON.parse(account ?? '{}')).toHaveProperty('access_token', expect.any(String));

    // Unanswered, it ends the session.
    await page.waitForURL(`${baseUrl}/merchant`, soon);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('persist:account'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
