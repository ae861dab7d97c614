import type { Page } from 'playwright-core';

/**
 * Chromium for the browser parts of the bench: the system browser as the browser tests start it,
 * and signing in to the portal the way a person does.
 */

export { CHROMIUM_FLAGS, chromiumPath, launchBrowser } from '../../tests/browser/support/browser';

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
  await page
    .getByRole('main')
    .getByText(/this week/i)
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Opens the storefront of sale list `reference` and puts one unit of its first product on sale in
 * the browser's cart (`persist:cart`, as Add to cart does), so a checkout opened next has a cart.
 */
export async function fillCart(page: Page, baseUrl: string, reference: string): Promise<void> {
  await page.goto(`${baseUrl}/sale/${encodeURIComponent(reference)}`);
  await page.getByRole('heading').first().waitFor();
  const filled = await page.evaluate(async (sale) => {
    const answer = await fetch(`/v1/storefront/lists/${encodeURIComponent(sale)}`);
    const list = (await answer.json()) as {
      products: { id: number; price: string; sale_price: string | null; available: number }[];
    };
    const product = list.products.find((one) => one.available > 0);
    if (!product) return false;
    const item = { product_id: product.id, qty: 1, price: product.sale_price ?? product.price };
    localStorage.setItem('persist:cart', JSON.stringify({ items: [item], sale_id: sale }));
    return true;
  }, reference);
  if (!filled) throw new Error(`Sale list ${reference} has nothing left to put in a cart`);
}
