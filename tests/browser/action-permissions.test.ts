import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Employee } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signIn } from './support/portal';

/**
 * SPEC §6: an employee's permission maps gate actions, not only screens. An employee holding
 * `open_invoice.view` only sees the open invoices, in English and in Arabic, without a Create
 * button, and the API refuses the create they could still try (403); the merchant's admin sees it.
 * The invoice form offers only the kinds and the channels (SMS, WhatsApp, e-mail, link) the
 * employee holds the permission of.
 */

let browser: Browser;
let merchant: Api;
let viewer: Employee;
let messenger: Employee;
const password = 'View@1234';

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await Api.signIn(DEMO.merchant);
  const stamp = Date.now();
  viewer = await merchant.createEmployee({
    name: `Viewer ${stamp}`,
    email: `viewer-${stamp}@demo.test`,
    password,
    permissions: { general: ['dashboard', 'invoices'], open_invoice: ['view'] },
  });
  messenger = await merchant.createEmployee({
    name: `Messenger ${stamp}`,
    email: `messenger-${stamp}@demo.test`,
    password,
    permissions: { general: ['dashboard', 'invoices'], sms: ['whatsapp', 'email'] },
  });
});

/** The channels of the invoice form, by label, as English and Arabic name them. */
const CHANNELS = {
  en: { sms: 'By SMS', whatsapp: 'By WhatsApp', email: 'By e-mail', url: 'Link only' },
  ar: { sms: 'برسالة نصية', whatsapp: 'عبر واتساب', email: 'بالبريد الإلكتروني', url: 'الرابط فقط' },
} as const;

afterAll(async () => {
  await browser?.close();
});

/** Opens the open invoices' list and waits for its rows. */
async function openInvoices(page: Page, language: 'en' | 'ar') {
  await page.goto(`${baseUrl}/invoice/open-invoice?lng=${language}`);
  await page.getByRole('columnheader').first().waitFor();
  await page.getByRole('row').nth(1).waitFor();
}

const createLinks = (page: Page) => page.locator('a[href$="/create"]');

describe('the kinds of invoice an employee may send', () => {
  it('offers the delivery and scheduled tabs only with their SMS permissions', async () => {
    const { context, page, errors } = await newVisitor(browser, { width: 1280, height: 800 });
    await signIn(page, viewer.email, password);
    await page.goto(`${baseUrl}/invoice/create`);
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: 'Quick invoice' }).waitFor();
    expect(await tabs.getByRole('tab', { name: 'Delivery company' }).count()).toBe(0);
    expect(await tabs.getByRole('tab', { name: 'Scheduled SMS' }).count()).toBe(0);
    await page.screenshot({ path: join(tmpdir(), 'bawaba-invoice-kinds-viewer-en.png') });
    await context.close();

    const admin = await newVisitor(browser, { width: 1280, height: 800 });
    await signIn(admin.page, DEMO.merchant.email, DEMO.merchant.password);
    await admin.page.goto(`${baseUrl}/invoice/create`);
    await admin.page.getByRole('tablist').getByRole('tab', { name: 'Delivery company' }).waitFor();
    await admin.page.getByRole('tablist').getByRole('tab', { name: 'Scheduled SMS' }).waitFor();
    expect([...errors, ...admin.errors]).toEqual([]);
    await admin.context.close();
  });
});

describe('the channels an employee may send an invoice through', () => {
  it.each(['en', 'ar'] as const)('offers only the channels the employee holds (%s)', async (language) => {
    const names = CHANNELS[language];
    const { context, page, errors } = await newVisitor(browser, { width: 1280, height: 800 });
    await page.goto(`${baseUrl}/merchant?lng=${language}`);
    await page.getByRole('heading', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).waitFor();
    await signIn(page, messenger.email, password, language);
    await page.goto(`${baseUrl}/invoice/create`);
    await page.getByRole('radio', { name: names.whatsapp, exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: names.email, exact: true }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: names.sms, exact: true }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: names.url, exact: true }).count()).toBe(0);
    // The default, SMS, is not theirs: the first channel they hold is chosen instead.
    expect(await page.getByRole('radio', { name: names.whatsapp, exact: true }).isChecked()).toBe(true);
    await page.screenshot({ path: join(tmpdir(), `bawaba-invoice-channels-employee-${language}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['en', 1280],
    ['ar', 1280],
    ['en', 360],
    ['ar', 360],
  ] as const)('offers the admin every channel (%s, %i px)', async (language, width) => {
    const names = CHANNELS[language];
    const { context, page, errors } = await newVisitor(browser, { width, height: 900 });
    await page.goto(`${baseUrl}/merchant?lng=${language}`);
    await page.getByRole('heading', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).waitFor();
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password, language);
    await page.goto(`${baseUrl}/invoice/create`);
    await page.getByRole('radio', { name: names.sms, exact: true }).waitFor();
    for (const name of Object.values(names))
      expect(await page.getByRole('radio', { name, exact: true }).count(), name).toBe(1);
    expect(await page.getByRole('radio', { name: names.sms, exact: true }).isChecked()).toBe(true);
    // The choice sits beside the customer's e-mail, and fits the narrowest screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page
      .getByRole('radio', { name: names.sms, exact: true })
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    await page.screenshot({ path: join(tmpdir(), `bawaba-invoice-channels-admin-${language}-${width}.png`) });
    // Sending by e-mail makes the customer's e-mail required.
    const email = page.getByRole('textbox', {
      name: new RegExp(`^${language === 'ar' ? 'البريد الإلكتروني' : 'E-mail'}`),
    });
    expect(await email.evaluate((input) => (input as HTMLInputElement).required)).toBe(false);
    await page.getByRole('radio', { name: names.email, exact: true }).check();
    await expect.poll(() => email.evaluate((input) => (input as HTMLInputElement).required)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an invoice shared by its link', () => {
  it.each(['en', 'ar'] as const)(
    'shows its channel and its link to copy, and offers no resend (%s)',
    async (language) => {
      const body = { customer_name: 'Link payer', mobile: '96550001234', amount: '3.500', send_via: 'url' };
      const created = await merchant.request<{ id: number; reference_no: string }>('POST', '/v1/invoice', { body });
      expect(created.status).toBe(201);
      const { context, page, errors } = await newVisitor(browser, { width: 1280, height: 900 });
      await page.goto(`${baseUrl}/merchant?lng=${language}`);
      await page.getByRole('heading', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).waitFor();
      await signIn(page, DEMO.merchant.email, DEMO.merchant.password, language);
      await page.goto(`${baseUrl}/invoice/${created.body.id}/show`);
      await page.getByText(created.body.reference_no, { exact: false }).first().waitFor();
      await page.getByText(CHANNELS[language].url, { exact: true }).first().waitFor();
      const copy = language === 'ar' ? /نسخ الرابط/ : /Copy link/;
      expect(await page.getByRole('button', { name: copy }).count()).toBeGreaterThan(0);
      const resend = language === 'ar' ? /إعادة إرسال/ : /Send again/;
      expect(await page.getByRole('button', { name: resend }).count()).toBe(0);
      await page.screenshot({ path: join(tmpdir(), `bawaba-invoice-link-only-${language}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('an employee with only the view permission of open invoices', () => {
  it.each(['en', 'ar'] as const)('sees the list without a Create button (%s)', async (language) => {
    const { context, page, errors } = await newVisitor(browser, { width: 1280, height: 800 });
    await page.goto(`${baseUrl}/merchant?lng=${language}`);
    // The language is kept once the sign-in page shows in it.
    await page.getByRole('heading', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).waitFor();
    await signIn(page, viewer.email, password, language);
    await openInvoices(page, language);
    expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    expect(await createLinks(page).count()).toBe(0);
    await page.screenshot({ path: join(tmpdir(), `bawaba-open-invoice-viewer-${language}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is refused the create by the API, which the admin may make', async () => {
    const api = await Api.signIn({ email: viewer.email, password });
    const body = { title: `Refused ${Date.now()}`, amount_type: 'fixed', amount: '5.000' };
    const refused = await api.request<{ message: string }>('POST', '/v1/open-invoice', { body });
    expect(refused.status).toBe(403);
    const arabic = await api.request<{ message: string }>('POST', '/v1/open-invoice', { body, locale: 'ar' });
    expect(arabic.status).toBe(403);
    expect(arabic.body.message).not.toBe(refused.body.message);
    expect((await api.request('GET', '/v1/open-invoice')).status).toBe(200);

    const { context, page, errors } = await newVisitor(browser, { width: 1280, height: 800 });
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await openInvoices(page, 'en');
    expect(await createLinks(page).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
