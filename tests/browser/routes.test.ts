import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signIn } from './support/portal';
import { CLEAN, findingsAtBothSizes } from './support/screenInspection';

/**
 * SPEC §2: every protected route opens its screen, titled, with the demo merchant's data, in
 * English and in Arabic, without an error, a refused call or a "not found", and stays the address
 * of its screen across a reload. Routes with ids take a real record's id. Each screen also reads as
 * designed on a 1366×800 desktop and a 360×740 phone: nothing scrolls sideways or is cut off, no
 * title is a bare "#id", no stored code shows where a label belongs, every Latin value of an Arabic
 * page is isolated, and axe finds nothing serious (`support/screenInspection.ts`).
 */

/** What proves a screen shows data: rows of a table, or the fields of a record or a form. */
type Content = 'rows' | 'record' | 'form';

const ROUTES: [string, Content][] = [
  ['/', 'rows'],
  ['/home/dashboard', 'rows'],
  ['/account/profile', 'record'],
  ['/account/editProfile', 'form'],
  ['/account/paymentsettings', 'form'],
  ['/account/notification', 'rows'],
  ['/account/faq', 'record'],
  ['/employees/list', 'rows'],
  ['/employees/create', 'form'],
  ['/employees/{employee_id}', 'form'],
  ['/employees/{employee_id}/permissions', 'form'],
  ['/report/payment-transactions', 'rows'],
  ['/report/refund-request', 'rows'],
  ['/report/payment-list', 'rows'],
  ['/report/payment-transfer', 'rows'],
  ['/report/capture-request', 'rows'],
  ['/report/incomplete', 'rows'],
  ['/invoice/invoice-list', 'rows'],
  ['/invoice/open-invoice', 'rows'],
  ['/delivery/invoice-list', 'rows'],
  ['/sms/bulk-upload', 'rows'],
  ['/sms/bulk-schedule', 'rows'],
  ['/sales/categories', 'rows'],
  ['/sales/products', 'rows'],
  ['/sales/email-template', 'rows'],
  ['/sales/sales-list', 'rows'],
  ['/sales/sales-order-list', 'rows'],
  ['/sales/sales-order-status/{id}', 'record'],
  ['/sales/create-products', 'form'],
  ['/sales/template', 'form'],
  ['/sub-merchants/compliance', 'rows'],
  ['/multi-vendor/merchant-list', 'rows'],
  ['/multi-vendor/create-merchant-list', 'form'],
  ['/multi-vendor/merchant-service-list', 'rows'],
  ['/multi-vendor/create-service-list', 'form'],
  ['/multivendor/reports', 'rows'],
  ['/assets/assest-list', 'rows'],
  ['/assets/tenants', 'rows'],
  ['/assets/unit-list', 'rows'],
  ['/assets/tenant-list', 'rows'],
  ['/unit/tenant-list/{unit_id}', 'rows'],
  ['/asset/expenses', 'rows'],
  ['/asset/report', 'rows'],
  ['/asset/asset-category', 'rows'],
  ['/asset/unit-category', 'rows'],
  ['/pos/report', 'rows'],
  ['/customer/report', 'rows'],
  ['/subscription/recurring', 'rows'],
  ['/hold/payment-transfer/list', 'rows'],
  ['/rental/change-history', 'rows'],
];

/** Texts of the not-found, error, 403 and service pages (`app.message.*`, `app.errors.*`). */
const FAILURES = {
  en: ['Requested page not found!', 'Sorry, an error has occured', 'Access denied', 'Service not fully enabled'],
  ar: ['الصفحة المطلوبة غير موجودة', 'عذرًا، حدث خطأ', 'تم رفض الوصول', 'الخدمة غير مفعّلة بالكامل'],
};

let browser: Browser;
const ids: Record<string, string> = {};

/** The id of the first record a list endpoint answers. */
async function firstId(api: Api, path: string): Promise<string> {
  const answer = await api.request<{ id: number }[]>('GET', path, { query: { range: '[0,0]' } });
  const id = answer.body[0]?.id;
  if (answer.status !== 200 || !id) throw new Error(`${path} answered ${answer.status} without a record`);
  return String(id);
}

async function unitWithTenant(api: Api): Promise<string> {
  const answer = await api.request<{ unit_id: number }[]>('GET', '/v1/tenants', { query: { range: '[0,0]' } });
  const id = answer.body[0]?.unit_id;
  if (answer.status !== 200 || !id) throw new Error(`/v1/tenants answered ${answer.status} without a tenant`);
  return String(id);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const merchant = await Api.signIn(DEMO.merchant);
  const stamp = Date.now();
  const employee = await merchant.createEmployee({
    name: `Route visitor ${stamp}`,
    email: `route-${stamp}@demo.test`,
    password: 'Route@1234',
    permissions: { general: ['dashboard'] },
  });
  ids.employee_id = String(employee.id);
  // A unit with a tenant, so its tenant list has rows whatever units other tests have added.
  ids.unit_id = await unitWithTenant(merchant);
  ids.id = await firstId(merchant, '/v1/sale/order');
});

afterAll(async () => {
  await browser?.close();
});

/** Waits for the content that proves the screen shows data, as a person would see it. */
async function waitForContent(page: Page, content: Content): Promise<void> {
  const main = page.locator('main, [role="main"], #main-content').first();
  if (content === 'rows') {
    await main.locator('tbody tr, [role="row"]:not(:has([role="columnheader"]))').first().waitFor();
  } else if (content === 'form') {
    await main.locator('input:not([type="hidden"]), textarea, [role="combobox"]').first().waitFor();
  } else {
    await main.locator('dd, [class*="RaLabeled"], details, [role="region"], h2, h3').first().waitFor();
  }
}

const DASHBOARD = new Set(['/', '/home/dashboard', '/merchant']);

describe.each(['en', 'ar'] as const)('every protected route in %s', (language) => {
  let page: Page;
  let errors: string[];
  const refused: string[] = [];

  beforeAll(async () => {
    const visitor = await newVisitor(browser, { width: 1366, height: 800 });
    page = visitor.page;
    errors = visitor.errors;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/v1/') && response.status() >= 400)
        refused.push(`${response.status()} ${url.pathname}`);
    });
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it.each(ROUTES)('%s shows its title and data', async (route, content) => {
    refused.length = 0;
    errors.length = 0;
    const path = route.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]);
    await page.goto(`${baseUrl}${path}?lng=${language}`);
    await waitForContent(page, content);
    // Each screen stays its own: none falls back to the dashboard (which has rows of its own).
    if (!DASHBOARD.has(route)) expect(DASHBOARD.has(new URL(page.url()).pathname)).toBe(false);
    // The SPEC address stays in the address bar, a reload included: it is the screen's own.
    expect(new URL(page.url()).pathname).toBe(path);
    await page.reload();
    await waitForContent(page, content);
    expect(new URL(page.url()).pathname).toBe(path);
    const title = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    expect(title).not.toMatch(/#\d+/);
    if (language === 'ar') expect(title).toMatch(/[\u0600-\u06ff]/);
    expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    const text = (await page.locator('body').textContent()) ?? '';
    for (const failure of FAILURES[language]) expect(text).not.toContain(failure);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(await findingsAtBothSizes(page, language === 'ar')).toEqual({ desktop: CLEAN, phone: CLEAN });
  });
});

describe('an employee outside a screen’s permissions', () => {
  it('is shown the 403 page at the assets, and the API refuses the assets with 403', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const assetCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/assets')) assetCalls.push(request.url());
    });
    await signIn(page, DEMO.staff.email, DEMO.staff.password);
    await page.goto(`${baseUrl}/assets/assest-list`);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    expect(assetCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    const staff = await Api.signIn(DEMO.staff);
    const answer = await staff.request('GET', '/v1/assets');
    expect(answer.status).toBe(403);
  });
});

describe('the Export button of a report', () => {
  it('downloads every row of the list as CSV in English, and is named in Arabic', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await page.goto(`${baseUrl}/report/payment-transactions?lng=en`);
    await waitForContent(page, 'rows');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transaction-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = text.slice(1).split('\r\n').filter(Boolean);
    expect(header).toMatch(/^Date,Reference no,Customer name,Payment method,Amount,Status,/);
    expect(rows.length).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/report/payment-transactions?lng=ar`);
    await waitForContent(page, 'rows');
    await page.getByRole('button', { name: 'تصدير' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
