import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, newVisitor } from './browser';

/**
 * What a person does and reads on the portal, shared by the browser tests: the browser a file's
 * visitors open in, signing in (in a chosen language), finding a field by its label, reading the
 * page's language and the message under a field.
 */

/** The demo sign-ins a fresh server starts with (the server prints them at start). */
export const DEMO = {
  merchant: { email: 'merchant@demo.test', password: 'Demo@1234' },
  staff: { email: 'staff@demo.test', password: 'Staff@1234' },
  vendor: { email: 'vendor@demo.test', password: 'Vendor@1234' },
} as const;

/** The server the browser project started (see `global-setup.ts`). */
export const baseUrl: string = inject('baseUrl');

/** Labels of the sign-in page in each language. */
const SIGN_IN = {
  en: { heading: 'Sign In', email: 'E-mail', password: 'Password', submit: 'Sign In' },
  ar: { heading: 'تسجيل الدخول', email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول' },
} as const;

/** A language the portal speaks. */
export type Language = keyof typeof SIGN_IN;

/** A sign-in of the portal. */
export interface Account {
  email: string;
  password: string;
}

/**
 * One Chromium for the tests of the calling file: launched before them and closed after them.
 * Call it at the top of the file; the function it returns hands the browser to a test. (The
 * launch itself stays in `./browser`, which the bench uses outside vitest.)
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error('The browser is launched before the tests: call browserForFile at the top of the file');
    return browser;
  };
}

/**
 * Signs in from `/merchant` and waits until the back office has taken over the address; on the
 * browser project's server unless `origin` names another.
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  language: keyof typeof SIGN_IN = 'en',
  origin: string = baseUrl,
): Promise<void> {
  const labels = SIGN_IN[language];
  await page.goto(`${origin}/merchant`);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/merchant'));
}

/**
 * Signs in as `account` with the portal in `language`, on the browser project's server unless
 * `origin` names another: the sign-in page is opened with `?lng=` first, which the portal
 * remembers, as a person picks their language before signing in.
 */
export async function signInWithLanguage(
  page: Page,
  account: Account,
  language: Language,
  origin: string = baseUrl,
): Promise<void> {
  await page.goto(`${origin}/merchant?lng=${language}`);
  await page.getByRole('heading', { name: SIGN_IN[language].heading }).waitFor();
  await signIn(page, account.email, account.password, language, origin);
}

/**
 * A new visitor of `browser` (see `newVisitor`) signed in as `account` (the demo merchant unless
 * named) with the portal in `language`.
 */
export async function signedInVisitor(
  browser: Browser,
  language: Language,
  options: { account?: Account; width?: number; height?: number } = {},
): ReturnType<typeof newVisitor> {
  const visitor = await newVisitor(browser, options);
  await signInWithLanguage(visitor.page, options.account ?? DEMO.merchant, language);
  return visitor;
}

/** A text field by its label, as a person reads it (a required field's label ends with " *"). */
export function field(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('textbox', { name: new RegExp(`^${escaped}( \\*)?$`) });
}

/** `<html lang dir>` of the page. */
export function documentLanguage(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/**
 * Waits until `message` shows directly under the field (below its input, within a line's height,
 * overlapping it horizontally), as a person sees a field's error. The same text elsewhere (a
 * notification repeating it) does not count.
 */
export async function waitForMessageUnder(input: Locator, message: string, timeout = 5_000): Promise<void> {
  const handle = await input.elementHandle();
  if (!handle) throw new Error('The field is not on the page');
  try {
    await input.page().waitForFunction(
      ([element, text]) => {
        const field = element.getBoundingClientRect();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() !== text || !node.parentElement) continue;
          const box = node.parentElement.getBoundingClientRect();
          const below = box.top >= field.bottom - 1 && box.top - field.bottom < 40;
          const overlaps = box.left < field.right && box.right > field.left;
          if (below && overlaps && box.height > 0) return true;
        }
        return false;
      },
      [handle, message] as const,
      { timeout },
    );
  } catch {
    throw new Error(`"${message}" did not appear under the field`);
  } finally {
    await handle.dispose();
  }
}
