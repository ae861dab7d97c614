import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signIn } from './support/portal';

/**
 * English by default, Arabic right to left (SPEC §2, §7): `?lng=` picks the language, the choice
 * is remembered, react-admin's own texts follow, and a phone shows Arabic screens without
 * scrolling sideways.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Fails, with a screenshot to look at, when the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) {
    const screenshot = join(tmpdir(), `bawaba-overflow-${name}-${Date.now()}.png`);
    await page.screenshot({ path: screenshot, fullPage: true });
    expect.fail(`${name}: the page is ${scrollWidth}px wide on a ${width}px screen (see ${screenshot})`);
  }
}

describe('the portal in Arabic', () => {
  it('opens with ?lng=ar, remembers the choice, shows react-admin in Arabic and switches back', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${baseUrl}/merchant?lng=ar`);
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByLabel('البريد الإلكتروني').waitFor();
    await page.getByLabel('كلمة المرور', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'نسيت كلمة المرور' }).waitFor();

    await page.goto(`${baseUrl}/merchant`);
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    await signIn(page, DEMO.merchant.email, DEMO.merchant.password, 'ar');
    await page.getByRole('heading', { name: 'لوحة التحكم' }).waitFor();
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.getByRole('heading', { name: 'الفواتير' }).waitFor();
    // react-admin's own words, from react-admin.ar.json: the create button and the pagination.
    await page.getByRole('link', { name: 'إنشاء' }).waitFor();
    await page.getByText('عدد الصفوف في الصفحة:').waitFor();
    await page.getByText(/^\u20661-25\u2069 من \d+$/).waitFor();
    await page.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    await page.getByRole('button', { name: 'اللغة: العربية' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Create' }).waitFor();
    await page.getByText('Rows per page:').waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360-pixel phone screen: sign-in and the invoice list', async () => {
    const { context, page, errors } = await newVisitor(browser, { width: 360, height: 740 });
    await page.goto(`${baseUrl}/merchant?lng=ar`);
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    await expectNoSidewaysScroll(page, 'sign-in-ar-360');

    await signIn(page, DEMO.merchant.email, DEMO.merchant.password, 'ar');
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.getByRole('heading', { name: 'الفواتير' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'INV-' }).first().waitFor();
    await page.getByText(/^\u20661-25\u2069 من \d+$/).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expectNoSidewaysScroll(page, 'invoice-list-ar-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
