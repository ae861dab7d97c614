import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { translate } from '../../src/shared/i18n';
import { TEST_CARDS } from '../../src/shared/pay';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { logSize } from './support/server-log';
import { DEMO, baseUrl, documentLanguage, signInWithLanguage } from './support/portal';

/**
 * The storefront as a customer meets it on a phone and the merchant fulfils it: the demo merchant
 * puts two products on a sale list with a discount and a service charge; a customer in a fresh
 * 360×740 browser opens the list's link, fills a cart, reloads (the cart stays), checks out, pays
 * with the success card, sees the receipt and tracks the order; the merchant finds the order in the
 * back office with the same totals and ships it; the tracking page and the customer's e-mail say
 * so. In English and in Arabic. Then two customers and one item left: one gets it, the other is
 * told it sold out and is not charged.
 */

const logFile = inject('serverLogFile');

/** JavaScript and CSS a first visit to `/sale/{ref}` may download, gzip -9 (issue budget). */
const FIRST_VISIT_BUDGET = 45 * 1024;
/** The whole path from the sale page to the receipt (issue budget). */
const PATH_BUDGET = 70 * 1024;

type Language = 'en' | 'ar';
const CATALOGUES = { en, ar } as const;

/** A payer-page text of `language`, as the page shows it. */
const text = (language: Language, key: string, params?: Record<string, unknown>) =>
  translate(CATALOGUES[language].pay, key, params, language);
/** A back-office text of `language`. */
const portalText = (language: Language, key: string) => translate(CATALOGUES[language], key, {}, language);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let merchant: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await Api.signIn(DEMO.merchant);
});

afterAll(async () => {
  await browser?.close();
});

interface Product {
  id: number;
  title: string;
  title_ar: string;
}

async function created<T>(path: string, body: unknown): Promise<T> {
  const answer = await merchant.request<T>('POST', path, { body });
  if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A sale list of `products`: 10 % off and a 0.500 KWD service charge. */
async function saleListOf(name: string, products: Product[]): Promise<string> {
  const list = await created<{ reference_no: string }>('/v1/sale/list', {
    name,
    type: 'store',
    product_ids: products.map((product) => product.id),
    start_date: day(-1),
    end_date: day(30),
    discount_type: 'percentage',
    discount_value: '10',
    service_charge_type: 'fixed',
    service_charge_value: '0.500',
  });
  return list.reference_no;
}

const newProduct = (title: string, titleAr: string, price: string, stock: number) =>
  created<Product>('/v1/products/', { title, title_ar: titleAr, price, stock, max_qty_per_order: 5 });

const phone = () => newVisitor(browser, { width: 360, height: 740 });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** The gzip -9 sizes of the JavaScript and CSS files `page` downloads from now on. */
function countDownloads(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/^\/static\/.+\.(js|css)$/.test(path) && !sizes.has(path))
      sizes.set(path, gzipSync(readFileSync(join('dist', path)), { level: 9 }).length);
  });
  return sizes;
}
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);

async function fillCheckout(page: Page, language: Language, name: string, email?: string): Promise<void> {
  await page.getByLabel(text(language, 'checkout.name')).fill(name);
  await page.getByLabel(text(language, 'checkout.mobile')).fill('96550001234');
  if (email) await page.getByLabel(new RegExp(`^${text(language, 'checkout.email')}`)).fill(email);
  await page.getByRole('button', { name: text(language, 'checkout.place') }).click();
}

async function payBySuccessCard(page: Page, language: Language, amount: string): Promise<void> {
  await page.getByLabel(text(language, 'card.number')).fill(TEST_CARDS.success);
  await page.getByLabel(text(language, 'card.expiry')).fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel(text(language, 'card.cvv')).fill('123');
  await page.getByLabel(text(language, 'card.holder')).fill('Card Holder');
  await page.getByRole('button', { name: text(language, 'action.pay', { amount }) }).click();
}

/** The totals block (`dl.totals`) as label → value. */
const totalsOf = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('dl.totals div')].map((row) => [
        row.querySelector('dt')?.textContent ?? '',
        row.querySelector('dd')?.textContent ?? '',
      ]),
    ),
  );

/** The e-mails to `address` the outbox saved after `fromOffset` of the server log, oldest first. */
function emailsTo(address: string, fromOffset: number): string[] {
  const log = readFileSync(logFile).subarray(fromOffset).toString('utf8');
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...log.matchAll(new RegExp(`\\[outbox\\] email to ${escaped}: saved as (\\S+)`, 'g'))].map((match) =>
    readFileSync(join(inject('mailboxDir'), match[1]), 'utf8'),
  );
}

const kwd = (amount: string, language: Language) => (language === 'ar' ? `${amount} د.ك` : `${amount} KWD`);

describe.each(['en', 'ar'] as const)('the storefront in %s', (language) => {
  it('takes a customer from the sale link to a paid, tracked order the merchant ships', async () => {
    const tag = `${language}-${Date.now().toString(36)}`;
    const coffee = await newProduct(`Arabic coffee ${tag}`, `قهوة عربية ${tag}`, '4.250', 20);
    const dates = await newProduct(`Khalas dates ${tag}`, `تمر خلاص ${tag}`, '3.000', 20);
    const reference = await saleListOf(`Eid corner ${tag}`, [coffee, dates]);
    const title = (product: Product) => (language === 'ar' ? product.title_ar : product.title);

    const { context, page, errors } = await phone();
    const sizes = countDownloads(page);
    await page.goto(`${baseUrl}/sale/${reference}${language === 'ar' ? '?lng=ar' : ''}`);
    await page.getByRole('heading', { name: `Eid corner ${tag}` }).waitFor();
    expect(await documentLanguage(page)).toEqual(
      language === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' },
    );
    const firstVisit = total(sizes);
    console.log(`First visit to /sale/{ref} (${language}): ${firstVisit} bytes gzip -9`, Object.fromEntries(sizes));
    expect(firstVisit).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
    await expectNoSidewaysScroll(page);

    // Two units of the coffee from its own page, the dates from the list.
    await page.getByRole('link', { name: title(coffee) }).click();
    await page.getByRole('heading', { name: title(coffee) }).waitFor();
    await page.getByRole('button', { name: text(language, 'store.increase') }).click();
    await page.getByRole('button', { name: text(language, 'store.add'), exact: true }).click();
    await page.getByText(text(language, 'store.added')).waitFor();
    await page.getByRole('link', { name: text(language, 'store.back_to_sale') }).click();
    await page.getByRole('button', { name: text(language, 'store.add_named', { product: title(dates) }) }).click();

    // The cart survives a reload.
    await page.reload();
    await page.getByRole('link', { name: text(language, 'store.cart_label', { smart_count: 3 }) }).click();
    await page.getByRole('heading', { name: text(language, 'cart.heading') }).waitFor();
    // 2 × 4.250 + 3.000 = 11.500; 10 % off = 1.150; + 0.500 = 10.850.
    expect(await totalsOf(page)).toEqual({
      [text(language, 'cart.subtotal')]: kwd('11.500', language),
      [text(language, 'cart.discount')]: `− ${kwd('1.150', language)}`,
      [text(language, 'cart.service_charge')]: kwd('0.500', language),
      [text(language, 'cart.total')]: kwd('10.850', language),
    });
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: text(language, 'cart.checkout') }).click();
    // A store list sells the merchant's stock: its cart checks out at /stock/checkout.
    await page.getByRole('heading', { name: text(language, 'checkout.heading') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/stock/checkout');
    const email = `buyer-${tag}@example.test`;
    await fillCheckout(page, language, language === 'ar' ? 'نورة الرشيدي' : 'Noura Al-Rashidi', email);
    await page
      .getByRole('button', { name: text(language, 'action.pay', { amount: kwd('10.850', language) }) })
      .waitFor();
    await page
      .getByRole('note')
      .getByText(/\d{2}:\d{2}/)
      .waitFor();
    const orderReference = new URL(page.url()).searchParams.get('order') ?? '';
    expect(orderReference).toMatch(/^SO-/);
    await expectNoSidewaysScroll(page);
    await payBySuccessCard(page, language, kwd('10.850', language));

    await page.getByRole('heading', { name: text(language, 'order.paid_title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/sale-receipt/${orderReference}`);
    expect(await totalsOf(page)).toMatchObject({ [text(language, 'cart.total')]: kwd('10.850', language) });
    await page.getByRole('button', { name: text(language, 'action.print') }).waitFor();
    await expectNoSidewaysScroll(page);
    const path = total(sizes);
    console.log(`The path from /sale/{ref} to the receipt (${language}): ${path} bytes gzip -9`);
    expect(path).toBeLessThanOrEqual(PATH_BUDGET);
    // Paid: the cart is empty again.
    expect(await page.evaluate(() => localStorage.getItem('persist:cart'))).toBeNull();

    await page.getByRole('link', { name: text(language, 'order.track') }).click();
    await page.getByRole('heading', { name: text(language, 'track.heading') }).waitFor();
    await expect(page.locator('[aria-current="step"] .step-name').textContent()).resolves.toBe(
      text(language, 'track.step.waiting'),
    );

    // The merchant's back office: the order with the same totals, moved on to shipped.
    const orders = await merchant.request<
      { id: number; grand_total: string; discount: string; payment_status: string }[]
    >('GET', '/v1/sale/order', { query: { filter: JSON.stringify({ q: orderReference }) } });
    const [order] = orders.body;
    expect(order).toMatchObject({ grand_total: '10.850', discount: '1.150', payment_status: 'paid' });
    const office = await newVisitor(browser, { width: 1366, height: 800 });
    await signInWithLanguage(office.page, DEMO.merchant, language);
    await office.page.goto(`${baseUrl}/sales/sales-order-status/${order.id}`);
    await office.page.getByRole('heading', { name: orderReference }).first().waitFor();
    await office.page.getByText(kwd('10.850', language)).first().waitFor();
    const mark = logSize(logFile);
    for (const action of ['process', 'ready', 'ship']) {
      const button = office.page.getByRole('button', {
        name: portalText(language, `resources.sale_order.actions.${action}`),
        exact: true,
      });
      await button.click();
      await button.waitFor({ state: 'detached' });
    }
    await office.context.close();

    await page.getByRole('button', { name: text(language, 'action.check_again') }).click();
    await expect
      .poll(() => page.locator('[aria-current="step"] .step-name').textContent())
      .toBe(text(language, 'track.step.shipped'));

    // An e-mail at each change, from the merchant's default template, in the customer's language.
    const templates = await merchant.request<{ is_default: boolean; subject_en: string; subject_ar: string }[]>(
      'GET',
      '/v1/sale/email-template',
    );
    const template = templates.body.find((candidate) => candidate.is_default);
    expect(template).toBeDefined();
    const subject = (language === 'ar' ? template?.subject_ar : template?.subject_en)?.replace(
      '{order_no}',
      orderReference,
    );
    await expect.poll(() => emailsTo(email, mark).length, { timeout: 20_000 }).toBe(3);
    for (const message of emailsTo(email, mark)) {
      expect(message).toContain(`Subject: ${subject}\n`);
      expect(message).toContain(`Language: ${language}\n`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('the last item', () => {
  it('goes to one of two customers; the other is told it sold out and is not charged', async () => {
    const tag = `last-${Date.now().toString(36)}`;
    const lamp = await newProduct(`Brass lantern ${tag}`, `فانوس نحاسي ${tag}`, '15.000', 1);
    const reference = await saleListOf(`Last lantern ${tag}`, [lamp]);
    const first = await phone();
    const second = await phone();
    for (const { page } of [first, second]) {
      await page.goto(`${baseUrl}/sale/${reference}`);
      await page.getByRole('button', { name: text('en', 'store.add_named', { product: lamp.title }) }).click();
      await page.getByRole('link', { name: text('en', 'store.cart_label', { smart_count: 1 }) }).click();
      await page.getByRole('button', { name: text('en', 'cart.checkout') }).click();
    }

    await fillCheckout(first.page, 'en', `Fahad ${tag}`);
    await first.page.getByRole('button', { name: text('en', 'action.pay', { amount: kwd('14.000', 'en') }) }).waitFor();
    await fillCheckout(second.page, 'en', `Hessa ${tag}`);
    await second.page.getByRole('heading', { name: text('en', 'checkout.sold_out_title') }).waitFor();
    await second.page.getByText(text('en', 'checkout.sold_out')).waitFor();
    await expectNoSidewaysScroll(second.page);

    await payBySuccessCard(first.page, 'en', kwd('14.000', 'en'));
    await first.page.getByRole('heading', { name: text('en', 'order.paid_title') }).waitFor();

    // One order, paid; none for the second customer, and no payment of theirs.
    const ordersOf = async (name: string) =>
      (
        await merchant.request<{ payment_status: string }[]>('GET', '/v1/sale/order', {
          query: { filter: JSON.stringify({ q: name }) },
        })
      ).body;
    expect(await ordersOf(`Hessa ${tag}`)).toEqual([]);
    expect(await ordersOf(`Fahad ${tag}`)).toMatchObject([{ payment_status: 'paid' }]);
    const product = await merchant.request<{ stock: number }>('GET', `/v1/products/${lamp.id}`);
    expect(product.body.stock).toBe(0);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  }, 180_000);
});
