import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import raAr from '../../locales/react-admin.ar.json';
import { addDays, addMonths } from '../../src/schema/calendar';
import { kuwaitToday } from '../../src/server/payments/kuwait-time';
import { translate } from '../../src/shared/i18n';
import { TEST_CARDS } from '../../src/shared/pay';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { logSize, waitForLogLine } from './support/server-log';
import { DEMO, baseUrl, documentLanguage, signedInVisitor } from './support/portal';

/**
 * Rent from contract to money, in English and in Arabic: the demo merchant rents out a flat to a
 * tenant on a monthly contract whose sending day is today and asks for a deposit; the server's
 * clock moves on and the scheduler issues the month's rent invoice and its SMS (the tenant's link);
 * the tenant, in a fresh 360×740 browser, opens the link from the SMS in their language, pays the
 * rent and the deposit together with the success card and sees the receipts; the merchant sees the
 * tenant paid, the unit rented, the asset report and the collections view updated; the scheduler
 * running again issues nothing twice. Then the tenant who lost the link asks for it by civil id.
 */

const logFile = inject('serverLogFile');

/** JavaScript and CSS a first visit to a tenant's link may download, gzip -9 (issue budget). */
const FIRST_VISIT_BUDGET = 70 * 1024;

type Language = 'en' | 'ar';
const CATALOGUES = { en, ar } as const;
/** react-admin's button under a list its filters leave empty (its English is the package's own). */
const CLEAR_FILTERS = { en: 'Clear filters', ar: raAr.ra.navigation.clear_filters } as const;
const text = (language: Language, key: string, params?: Record<string, unknown>) =>
  translate(CATALOGUES[language].pay, key, params, language);
const kwd = (amount: string, language: Language) => (language === 'ar' ? `${amount} د.ك` : `${amount} KWD`);

type Row = Record<string, unknown> & { id: number };

let browser: Browser;
let merchant: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await Api.signIn(DEMO.merchant);
});

afterAll(async () => {
  await browser?.close();
});

async function created<T = Row>(path: string, body: unknown): Promise<T> {
  const answer = await merchant.request<T>('POST', path, { body });
  if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A flat of a new building of the merchant's, rented at `rent`. */
async function flatOf(name: string, rent: string): Promise<Row> {
  const [category] = (
    await merchant.request<Row[]>('GET', '/v1/asset-categories', {
      query: { filter: JSON.stringify({ status: 'active' }) },
    })
  ).body;
  const [unitCategory] = (await merchant.request<Row[]>('GET', '/v1/unit-categories')).body;
  const asset = await created('/v1/assets', {
    name,
    category_id: category.id,
    classification: 'residential',
    number_of_units: 1,
    units: [{ name: `${name} 1`, category_id: unitCategory.id, rent_amount: rent }],
  });
  const units = await merchant.request<Row[]>('GET', '/v1/units', {
    query: { filter: JSON.stringify({ asset_id: asset.id }) },
  });
  return units.body[0];
}

/** Today's day of the month as a sending day (1–30): on the 31st, the 30th, yesterday. */
function sendingDayNow(): { day: number; start: string } {
  const today = kuwaitToday(new Date());
  const day = Number(today.slice(8, 10));
  return day <= 30 ? { day, start: today } : { day: 30, start: addDays(today, -1) };
}

/** A tenant of `flat` on a monthly contract of six months, sent its rent on `sendingDay`: saving it makes the contract. */
async function tenantOf(flat: Row, values: Record<string, unknown>, sendingDay = sendingDayNow()): Promise<Row> {
  const tenant = await created('/v1/tenants', {
    unit_id: flat.id,
    contract_start: sendingDay.start,
    contract_end: addDays(addMonths(sendingDay.start, 6), -1),
    rent_period: 'monthly',
    invoice_sending_day: sendingDay.day,
    ...values,
  });
  const contracts = await merchant.request<Row[]>('GET', '/v1/contracts', {
    query: { filter: JSON.stringify({ tenant_id: tenant.id }) },
  });
  expect(contracts.body).toHaveLength(1);
  return tenant;
}

/** The tenant's rent invoices, oldest first. */
async function rentInvoicesOf(
  tenant: Row,
): Promise<(Row & { reference_no: string; amount: string; due_date: string })[]> {
  const listed = await merchant.request<(Row & { reference_no: string; amount: string; due_date: string })[]>(
    'GET',
    '/v1/rent-invoices',
    { query: { filter: JSON.stringify({ tenant_id: tenant.id }), sort: JSON.stringify(['id', 'ASC']) } },
  );
  expect(listed.status).toBe(200);
  return listed.body;
}

/** The text of the SMS to `mobile` the outbox saved after `fromOffset` of the server log. */
async function smsTo(mobile: string, fromOffset: number): Promise<string> {
  const [, file] = await waitForLogLine(
    logFile,
    new RegExp(`\\[outbox\\] sms to ${mobile}: saved as (\\S+)`),
    fromOffset,
  );
  return readFileSync(join(inject('mailboxDir'), file), 'utf8');
}

const linkIn = (sms: string) => sms.match(/https?:\/\/\S+\/tenant\/payments\/\S+/)?.[0] ?? '';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe.each(['en', 'ar'] as const)("a tenant's link in %s", (language) => {
  it('pays the rent and the deposit together on a phone and shows the receipts', async () => {
    const tag = `${language}-${Date.now().toString(36)}`;
    const mobile = `9655${String(Date.now()).slice(-7)}${language === 'ar' ? 2 : 1}`;
    const flat = await flatOf(`Tenant Court ${tag}`, '320.750');
    const tenant = await tenantOf(flat, {
      name: language === 'ar' ? 'سالم المطيري' : 'Salem Al-Mutairi',
      mobile,
      civil_id: `2850101${String(Date.now()).slice(-5)}`,
      language,
    });
    const deposit = await created<Row & { reference_no: string }>('/v1/deposits', {
      tenant_id: tenant.id,
      amount: '200.125',
      description: language === 'ar' ? 'تأمين الشقة' : 'Flat deposit',
    });
    expect((await merchant.request<Row>('GET', `/v1/units/${flat.id}`)).body).toMatchObject({
      rental_status: 'rented',
    });

    // The clock moves on: the scheduler issues the month's rent on the sending day, with its SMS.
    const mark = logSize(logFile);
    await merchant.advanceClock(1);
    const issued = await rentInvoicesOf(tenant);
    expect(issued).toHaveLength(1);
    const [rent] = issued;
    expect(rent).toMatchObject({ amount: '320.750', status: 'unpaid' });
    const link = linkIn(await smsTo(mobile, mark));
    expect(link.startsWith(`${baseUrl}/tenant/payments/`)).toBe(true);
    expect(link.endsWith('?lng=ar')).toBe(language === 'ar');

    const { context, page, errors } = await newVisitor(browser, { width: 360, height: 740 });
    const sizes = new Map<string, number>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/static\/.+\.(js|css)$/.test(path) && !sizes.has(path))
        sizes.set(path, gzipSync(readFileSync(join('dist', path)), { level: 9 }).length);
    });
    await page.goto(link);
    await page.getByRole('heading', { name: text(language, 'tenant.heading') }).waitFor();
    expect(await documentLanguage(page)).toEqual(
      language === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' },
    );
    const firstVisit = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    console.log(`First visit to /tenant/payments/{token} (${language}): ${firstVisit} bytes gzip -9`);
    expect(firstVisit).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);

    const choice = page.getByRole('group', { name: text(language, 'tenant.choose') });
    await expect(
      choice.getByRole('checkbox', { name: new RegExp(text(language, 'tenant.rent')) }).isChecked(),
    ).resolves.toBe(true);
    await expect(
      choice.getByRole('checkbox', { name: new RegExp(text(language, 'tenant.deposit')) }).isChecked(),
    ).resolves.toBe(true);
    await choice.getByText(kwd('320.750', language)).waitFor();
    await choice.getByText(kwd('200.125', language)).waitFor();
    await page.getByText(text(language, 'tenant.selected', { smart_count: 2 })).waitFor();
    await expectNoSidewaysScroll(page);

    // 320.750 + 200.125 = 520.875, one card payment.
    await page.getByLabel(text(language, 'card.number')).fill(TEST_CARDS.success);
    await page.getByLabel(text(language, 'card.expiry')).fill(`12/${(new Date().getFullYear() + 3) % 100}`);
    await page.getByLabel(text(language, 'card.cvv')).fill('123');
    await page
      .getByRole('button', { name: text(language, 'action.pay', { amount: kwd('520.875', language) }) })
      .click();

    await page.getByRole('heading', { name: text(language, 'tenant.receipts_heading') }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname.replace('/tenant/payments/', '/tenant-receipt/'));
    const receipt = page.getByRole('article', { name: text(language, 'tenant.paid_title') });
    await receipt.getByText(kwd('520.875', language)).first().waitFor();
    await receipt.getByText(rent.reference_no).waitFor();
    await receipt.getByText(deposit.reference_no).waitFor();
    await page.getByRole('button', { name: text(language, 'action.print') }).waitFor();
    await expectNoSidewaysScroll(page);

    // Back on the link, nothing is left to pay.
    await page.getByRole('link', { name: text(language, 'tenant.back_to_payments') }).click();
    await page.getByRole('heading', { name: text(language, 'tenant.nothing_due_title') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The merchant sees both paid, and the tenant paid up.
    const paidRent = await merchant.request<Row>('GET', `/v1/rent-invoices/${rent.id}`);
    expect(paidRent.body).toMatchObject({ status: 'paid' });
    expect(paidRent.body.paid_at).toBeTruthy();
    expect((await merchant.request<Row>('GET', `/v1/deposits/${deposit.id}`)).body).toMatchObject({ status: 'paid' });
    expect((await merchant.request<Row>('GET', `/v1/tenants/${tenant.id}`)).body).toMatchObject({
      payment_status: 'paid',
    });
    // The scheduler running again issues nothing twice.
    await merchant.advanceClock(1);
    expect((await rentInvoicesOf(tenant)).map((row) => row.id)).toEqual([rent.id]);

    // The merchant's screens: the tenant paid, the unit rented, the rent collected, nothing owed.
    const labels = CATALOGUES[language];
    const office = await signedInVisitor(browser, language, { width: 1366, height: 800 });
    await office.page.goto(`${baseUrl}/assets/tenants/${tenant.id}`);
    const header = office.page.locator('main header').first();
    await header.getByText(String(tenant.name)).waitFor();
    await office.page.getByText(labels.resources.tenant.enums.payment_status.paid, { exact: true }).first().waitFor();
    await office.page.goto(`${baseUrl}/assets/unit-list/${flat.id}`);
    await office.page
      .locator('main')
      .getByText(labels.resources.unit.enums.rental_status.rented, { exact: true })
      .first()
      .waitFor();
    await office.page.goto(`${baseUrl}/asset/report`);
    await office.page.getByLabel(labels.app.asset_report.month).selectOption(rent.due_date.slice(0, 7));
    const row = office.page.getByRole('row', { name: new RegExp(`Tenant Court ${tag}`) });
    await expect(row.textContent()).resolves.toMatch(/320\.750[^]*320\.750/);
    await office.page.goto(
      `${baseUrl}/invoice/collections?filter=${encodeURIComponent(JSON.stringify({ q: tenant.name }))}`,
    );
    await office.page.getByTestId('collections-bucket-not_due').waitFor();
    await office.page.getByRole('button', { name: CLEAR_FILTERS[language] }).waitFor();
    const owed = await merchant.request<Row[]>('GET', '/v1/invoice/collections', {
      query: { filter: JSON.stringify({ q: tenant.name }) },
    });
    expect(owed.body).toEqual([]);
    expect(office.errors).toEqual([]);
    await office.context.close();
  });

  it('sends a lost link again by civil id, saying the same for an unknown one', async () => {
    const tag = Date.now().toString(36);
    const mobile = `9656${String(Date.now()).slice(-7)}${language === 'ar' ? 2 : 1}`;
    const civilId = `2860101${String(Date.now()).slice(-5)}`;
    const flat = await flatOf(`Lost Link Court ${language}-${tag}`, '250.000');
    await tenantOf(flat, { name: 'Lost Link', mobile, civil_id: civilId, language });
    const merchants = await merchant.request<Row>('GET', '/v1/profile/merchant');
    const merchantId = String(merchants.body.id);
    const { context, page } = await newVisitor(browser, { width: 360, height: 740 });
    const ask = async (id: string) => {
      await page.goto(`${baseUrl}/tenant-link/${merchantId}${language === 'ar' ? '?lng=ar' : ''}`);
      await page.getByLabel(text(language, 'tenant_link.civil_id')).fill(id);
      await page.getByRole('button', { name: text(language, 'tenant_link.send') }).click();
      await page.getByRole('heading', { name: text(language, 'tenant_link.sent_title') }).waitFor();
      return page.locator('main').textContent();
    };
    const mark = logSize(logFile);
    const known = await ask(civilId);
    const sms = await smsTo(mobile, mark);
    expect(linkIn(sms)).toContain('/tenant/payments/');
    expect(known).not.toContain('/tenant/payments/');
    expect(await ask(`2860101${String(Date.now() + 7).slice(-5)}`)).toBe(known);
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});
