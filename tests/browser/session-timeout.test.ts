import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, signIn } from './support/portal';

/**
 * The session-timeout warning (SPEC §2, §8), with the idle period shortened for the page: six
 * seconds of inactivity, the last three of them counted down in the "Session Timeout" dialog.
 * "Stay Logged In" keeps the server's session alive; the time-out ends it on the server too.
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

/** A new visitor whose portal counts the shortened idle period. */
async function idleVisitor() {
  const visitor = await newVisitor(browser);
  await visitor.page.addInitScript(
    ([idleMs, warnMs]) => {
      window.__BAWABA_IDLE_MS__ = idleMs;
      window.__BAWABA_WARN_MS__ = warnMs;
    },
    [IDLE_MS, WARN_MS],
  );
  return visitor;
}

/** The portal telling the server the session is in use. */
const isKeepalive = (request: Request) =>
  request.url().endsWith('/v1/session/keepalive') && request.method() === 'POST';

describe('an idle signed-in user', () => {
  it('is warned, stays signed in with "Stay Logged In", and is signed out when not answering', async () => {
    const { context, page, errors } = await idleVisitor();
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Session Timeout' });
    await dialog.waitFor(soon);
    expect(await dialog.getByRole('timer').textContent()).toMatch(
      /^You have been inactive for a while\. You will be signed out in ([23] seconds|one second)\.$/,
    );
    // "Stay Logged In" tells the server, which keeps the session alive.
    const keptAlive = page.waitForResponse((response) => isKeepalive(response.request()));
    await dialog.getByRole('button', { name: 'Stay Logged In' }).click();
    expect((await keptAlive).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden', ...soon });

    // The warning comes back after a new quiet spell, past the end the first one announced.
    await dialog.waitFor(soon);
    expect(new URL(page.url()).pathname).toBe('/');
    const account = await page.evaluate(() => localStorage.getItem('persist:account'));
    const { access_token } = JSON.parse(account ?? '{}') as { access_token?: string };
    expect(access_token).toEqual(expect.any(String));

    // Unanswered, it ends the session.
    await page.waitForURL(`${baseUrl}/merchant`, soon);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('persist:account'))).toBeNull();
    // The server ended the session too: its access token is refused.
    const refused = await fetch(`${baseUrl}/v1/profile`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(refused.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the server of activity on the page, so the server keeps the session while the user works', async () => {
    const { context, page, errors } = await idleVisitor();
    // Opening the back office is a use of the session.
    const opened = page.waitForRequest(isKeepalive);
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await opened;
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Later activity is reported too (at most every tenth of the idle period), and keeps the warning away.
    const reported = page.waitForRequest(isKeepalive);
    const started = Date.now();
    for (let x = 10; Date.now() - started < IDLE_MS; x = (x + 37) % 600) {
      await page.mouse.move(x + 200, 300);
      await page.waitForTimeout(250);
    }
    await reported;
    expect(await page.getByRole('dialog', { name: 'Session Timeout' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
