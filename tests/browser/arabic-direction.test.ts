import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYER_PAGES } from '../../src/shared/pay';
import { Api } from './support/api';
import { launchBrowser } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signInWithLanguage } from './support/portal';

/**
 * Arabic text direction: Latin values (references, names, phone numbers) inside an Arabic page are
 * isolated so that they keep their order, and the payer pages speak the browser's language unless
 * the link says `?lng=`.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The texts with a Latin letter or a digit among `selector`'s cells that sit in no direction
 * isolation (`<bdi>`, `dir="auto"` or `dir="ltr"`).
 */
function unisolated(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((cells) => {
    const found: string[] = [];
    for (const cell of document.querySelectorAll(cells)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!/[A-Za-z0-9]/.test(text)) continue;
        if (!node.parentElement?.closest('bdi, [dir="auto"], [dir="ltr"]')) found.push(text.trim());
      }
    }
    return found;
  }, selector);
}

describe('Latin values in the Arabic back office', () => {
  it('are isolated on the invoice list and on an invoice’s page', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'ar' });
    const page = await context.newPage();
    await signInWithLanguage(page, DEMO.merchant, 'ar');
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.getByRole('heading', { name: 'الفواتير' }).waitFor();
    const reference = page
      .locator('main td bdi')
      .filter({ hasText: /INV-|^\d{6,}/ })
      .first();
    await reference.waitFor();
    expect(await unisolated(page, 'main tbody td')).toEqual([]);

    const listAddress = page.url();
    await reference.click();
    await page.waitForURL((url) => url.href !== listAddress);
    // A record page's values: what follows each field's label.
    const values = 'main .ra-field .RaLabeled-label ~ *, main dd';
    // The record page renders its sections as the record arrives: wait for them, not only the first.
    await expect.poll(() => page.locator(values).count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(await unisolated(page, values)).toEqual([]);
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await context.close();
  });
});

describe('the payer page’s language', () => {
  let link: string;

  beforeAll(async () => {
    const merchant = await Api.signIn(DEMO.merchant);
    const answer = await merchant.request<{ reference_no: string }>('POST', '/v1/invoice', {
      body: { kind: 'quick', customer_name: 'Gulf Optics Co.', mobile: '96550001234', amount: '4.250' },
    });
    if (answer.status !== 201) throw new Error(`Creating an invoice answered ${answer.status}`);
    link = `${baseUrl}${PAYER_PAGES.sms}${answer.body.reference_no}`;
  });

  it('is Arabic on a phone set to Arabic, and English when the link says ?lng=en', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-KW' });
    const page = await context.newPage();
    await page.goto(link);
    await page.locator('.summary').waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The Latin customer name keeps its full stop at its end.
    await page.locator('bdi', { hasText: 'Gulf Optics Co.' }).waitFor();

    await page.goto(`${link}?lng=en`);
    await page.locator('.summary').waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await context.close();
  });

  it('is English on a browser set to English', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(link);
    await page.locator('.summary').waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await context.close();
  });
});
