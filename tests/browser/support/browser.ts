import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The system Chromium (Debian's `chromium`), or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags of every Chromium started here: no sandbox (root), and no background traffic to disturb a page. */
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

/** A fresh browser context (no cookies, no storage) like a new visitor's, with errors collected. */
export async function newVisitor(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
}> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
