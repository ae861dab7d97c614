import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import { baseUrl, documentLanguage } from './support/portal';

/** The not-found page for unknown paths and the error pages of SPEC §2 and §8. */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('error pages', () => {
  it('shows "Requested page not found!" for an unknown path, and in Arabic with ?lng=ar', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const unknown = `/no-such-page-${Date.now()}`;
    await page.goto(`${baseUrl}${unknown}`);
    await page.getByRole('heading', { name: 'Requested page not found!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(unknown);
    await page.getByRole('link', { name: 'Back to Sign In' }).waitFor();

    await page.goto(`${baseUrl}${unknown}/deeper?lng=ar`);
    await page.getByRole('heading', { name: 'الصفحة المطلوبة غير موجودة!' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['/errorpage403', 'Access denied', 'You do not have permission to do this'],
    ['/errorpage500', 'Server error', 'Sorry, an error has occured'],
    ['/errorpage503', 'Service unavailable', 'The service is temporarily unavailable. Please try again later.'],
  ])('shows %s: "%s"', async (path, title, message) => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText(message, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(errors).toEqual([]);
    await context.close();
  });
});
