import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { fillCart, launchBrowser, signInOnPage } from './browser';
import type { BenchTarget, Figure } from './figures';

/**
 * Page weight: the JavaScript and CSS a first visit downloads (a fresh browser context, nothing
 * cached) of the sign-in page, of the way from sign-in to the dashboard, of the payer page, and of
 * the storefront: its sale page, then the whole way from there to a receipt (a product, the cart,
 * the checkout, an order's receipt) on the same phone.
 * Each file counts as its body compressed with gzip at level 9, whatever the server sent, so the
 * figure does not depend on the server's compression; the bytes that actually crossed the wire
 * are reported beside it.
 */

const KB = 1024;

export interface Weight {
  /** gzip -9 bytes of the bodies. */
  js: number;
  css: number;
  /** Encoded bytes the browser received for those bodies (compressed if the server compressed). */
  transferred: number;
  files: number;
}

export const emptyWeight = (): Weight => ({ js: 0, css: 0, transferred: 0, files: 0 });

/**
 * Adds up every script and stylesheet response of `page` into the weight `current()` returns;
 * each address once, when `once` is set (a file the browser has cached is not downloaded again).
 */
export function collect(page: Page, current: () => Weight, once?: Set<string>): () => Promise<void> {
  const pending: Promise<void>[] = [];
  const count = async (response: Response) => {
    const type = response.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || response.status() !== 200) return;
    if (once?.has(response.url())) return;
    once?.add(response.url());
    const weight = current();
    const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
    const gzip = gzipSync(body, { level: 9 }).length;
    if (type === 'script') weight.js += gzip;
    else weight.css += gzip;
    weight.transferred += sizes.responseBodySize;
    weight.files += 1;
  };
  page.on('response', (response) => pending.push(count(response).catch(() => undefined)));
  return async () => {
    await Promise.all(pending);
  };
}

/** One first visit: the weights of the sign-in page and of what signing in then downloads. */
async function signInVisit(target: BenchTarget): Promise<{ signIn: Weight; afterSignIn: Weight }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const signIn = emptyWeight();
    const afterSignIn = emptyWeight();
    let current = signIn;
    const settled = collect(page, () => current);
    await page.goto(`${target.baseUrl}/merchant`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await settled();
    current = afterSignIn;
    await signInOnPage(page, target.account);
    await settled();
    return { signIn, afterSignIn };
  } finally {
    await browser.close();
  }
}

async function payerVisit(target: BenchTarget): Promise<Weight> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const weight = emptyWeight();
    const settled = collect(page, () => weight);
    await page.goto(`${target.baseUrl}/smspay/${encodeURIComponent(target.invoiceReference)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('heading').first().waitFor();
    await settled();
    return weight;
  } finally {
    await browser.close();
  }
}

/** On a phone: the first visit to the sale page, then the rest of a customer's way to a receipt. */
async function storefrontVisit(target: BenchTarget): Promise<{ firstVisit: Weight; path: Weight }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    const firstVisit = emptyWeight();
    const rest = emptyWeight();
    let current = firstVisit;
    const settled = collect(page, () => current, new Set());
    const open = async (path: string) => {
      await page.goto(`${target.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading').first().waitFor();
    };
    await open(`/sale/${encodeURIComponent(target.saleReference)}`);
    await settled();
    current = rest;
    await page.locator('a[href^="/saleproduct/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/saleproduct/'));
    await page.getByRole('heading').first().waitFor();
    await fillCart(page, target.baseUrl, target.saleReference);
    await open('/sale/cart');
    await open('/stock/checkout');
    await open(`/sale-receipt/${encodeURIComponent(target.orderReference)}`);
    await settled();
    const path: Weight = {
      js: firstVisit.js + rest.js,
      css: firstVisit.css + rest.css,
      transferred: firstVisit.transferred + rest.transferred,
      files: firstVisit.files + rest.files,
    };
    return { firstVisit, path };
  } finally {
    await browser.close();
  }
}

export const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

const NOTE = 'gzip -9 of each body, KB = 1024 bytes, first visit (empty cache)';

function figures(on: string, weight: Weight, jsBudget?: number): Figure[] {
  return [
    {
      section: 'pages',
      name: 'JS gzip',
      on,
      value: kb(weight.js),
      unit: 'KB',
      ...(jsBudget === undefined ? {} : { budget: { kind: 'max', limit: jsBudget } }),
      note: NOTE,
    },
    { section: 'pages', name: 'CSS gzip', on, value: kb(weight.css), unit: 'KB', note: NOTE },
    {
      section: 'pages',
      name: 'JS+CSS transferred',
      on,
      value: kb(weight.transferred),
      unit: 'KB',
      note: `bytes on the wire (as the server encoded them), ${weight.files} files`,
    },
  ];
}

export async function run(target: BenchTarget): Promise<Figure[]> {
  const { signIn, afterSignIn } = await signInVisit(target);
  const payer = await payerVisit(target);
  const store = await storefrontVisit(target);
  const total: Weight = {
    js: signIn.js + afterSignIn.js,
    css: signIn.css + afterSignIn.css,
    transferred: signIn.transferred + afterSignIn.transferred,
    files: signIn.files + afterSignIn.files,
  };
  target.log(
    `pages: sign-in ${kb(signIn.js)} KB JS, payer ${kb(payer.js)} KB JS, sale page ${kb(store.firstVisit.js)} KB JS`,
  );
  return [
    ...figures('/merchant (sign-in)', signIn, 150),
    ...figures('sign-in → dashboard, total', total),
    ...figures('dashboard, after sign-in', afterSignIn),
    ...figures('/smspay/{reference}', payer, 70),
    ...figures('/sale/{reference}, first visit', store.firstVisit, 45),
    ...figures('sale page → receipt, total', store.path, 70),
  ];
}
