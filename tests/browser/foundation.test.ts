import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import { field, signIn } from './support/portal';

/**
 * The foundation end to end, as a merchant does it in a real browser against the built app:
 * sign in, create an invoice (confirming it goes without an invoice number), find it with a filter, switch to
 * Arabic, sign out, and be sent back to sign-in when opening a protected route.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a merchant on the portal', () => {
  it("is sent the renderer's production build, without development checks", async () => {
    const page = await (await fetch(`${baseUrl}/merchant`)).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(page)?.[1];
    expect(entry).toBeDefined();
    const script = await (await fetch(new URL(entry ?? '', baseUrl))).text();
    // The portal renders with Preact's React compatibility layer, not React's own renderer…
    expect(script).not.toContain('react.dev/errors/');
    expect(script).toMatch(/\.__H\b/); // Preact's hooks state, a property name only its production build mangles to
    // …and without Preact's development checks.
    expect(script).not.toContain('Undefined component passed to createElement');
  });

  it('is sent to sign-in when opening a protected route without a session', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.waitForURL(`${baseUrl}/merchant`);
    await expect(page.getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('sees a clear message for a wrong password', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${baseUrl}/merchant`);
    await page.getByLabel('E-mail').fill('merchant@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Wrong@1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Incorrect e-mail or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/merchant');
    await context.close();
  });

  it('creates an invoice, finds it by a filter, reads it in Arabic and signs out', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await signIn(page, 'merchant@demo.test', 'Demo@1234');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const customer = `Browser Customer ${Date.now()}`;
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.getByRole('link', { name: 'Create' }).click();
    await field(page, 'Customer name').fill(customer);
    await field(page, 'Mobile').fill('96550001234');
    await field(page, 'Amount').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter valid amount').waitFor();

    await field(page, 'Amount').fill('25.750');
    await page.getByRole('button', { name: 'Save' }).click();
    // No invoice number, and the demo merchant does not ask for one: saved without "Send it anyway?".
    await page.getByText(/^invoice created/).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).fill(customer);
    const row = page.getByRole('row').filter({ hasText: customer });
    await row.waitFor();
    await expect(row.getByText('25.750 KWD').count()).resolves.toBe(1);
    await page.getByText('Browser Customer', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.getByText('اسم العميل').first().waitFor();

    await page.getByRole('button', { name: 'اللغة' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/merchant`);
    const persisted = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('persist:')));
    expect(persisted.filter((key) => key !== 'persist:global')).toEqual([]);

    await page.goto(`${baseUrl}/employees/list`);
    await page.waitForURL(`${baseUrl}/merchant`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
