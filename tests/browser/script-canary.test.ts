import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../../src/schema/operations';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { columnsOf } from '../../src/schema/views';
import { screenPath } from '../../src/portal/resources/screenPaths';
import { PAYER_PAGES, TEST_CARDS } from '../../src/shared/pay';
import { dateFilter } from '../support/access-matrix/actors';
import { launchBrowser } from './support/browser';
import {
  MerchantApi,
  inspect,
  installWatch,
  openInPortal,
  plantRecord,
  watchPage,
  type Alarms,
  type Planted,
  type Skip,
} from './support/canaries';
import { DEMO, baseUrl, signIn } from './support/portal';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';

/**
 * Issue 6, web hardening: script canaries stored through the API in every plain text field the
 * schemas let the demo merchant's admin write never run — not on the portal's lists, details and
 * forms, in English or in Arabic, nor on the payer pages the records reach (an invoice's pay page,
 * its receipt). A canary that runs, a Content Security Policy violation (a canary the policy had
 * to stop), a page error or markup made of a canary fails the test. (No plain text is ever shown as
 * a link — the portal links only http(s) addresses — so no `javascript:` canary is planted.)
 */

const LANGUAGES = ['en', 'ar'] as const;

let browser: Browser;
let context: BrowserContext;
let api: MerchantApi;
const alarms: Alarms = { fired: [], violations: [], pageErrors: [], injected: [] };
const planted: Planted[] = [];
/** A quick invoice open for payment, its text planted the same way: the pay page and the receipt. */
let payable: Planted | string;
const skippedFields: Skip[] = [];
const skippedEntities: Skip[] = [];
/** Each page visited, with the planted fields it showed as text. */
const visits: { page: string; language: string; expected: number; shown: number }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await installWatch(context, alarms);
  api = await MerchantApi.signIn(DEMO.merchant);
  let serial = 0;
  for (const entity of Object.values(entitySchemas)) {
    if (!allows(entity, 'create')) continue;
    if (!(await api.adminMay(entity))) {
      skippedEntities.push({ field: entity.$id, reason: 'service off for the demo merchant' });
      continue;
    }
    if (entity['x-resource'].perUser !== undefined) {
      // Each account's own (saved views): the demo holds none to copy; their names are text in a menu.
      skippedEntities.push({ field: entity.$id, reason: "each account's own, none in the demo" });
      continue;
    }
    serial += 1;
    const outcome = await plantRecord(api, entity, serial, skippedFields);
    if (typeof outcome === 'string') skippedEntities.push({ field: entity.$id, reason: outcome });
    else if (outcome.fields.length === 0)
      skippedEntities.push({ field: entity.$id, reason: 'no plain text field to plant' });
    else planted.push(outcome);
  }
  const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  payable = await plantRecord(api, entitySchemas.invoice, serial + 1, [], { kind: 'quick', expiry_date: ahead });
}, 240_000);

afterAll(async () => {
  const fields = planted.reduce((sum, record) => sum + record.fields.length, 0);
  const sightings = visits.reduce((sum, visit) => sum + visit.shown, 0);
  console.info(
    `script canaries: ${fields} fields planted in ${planted.length} records of ${planted.length} entities; ` +
      `${visits.length} pages visited (${LANGUAGES.join(', ')}); ${sightings} field × page sightings; ` +
      `${skippedFields.length} string fields skipped, ${skippedEntities.length} entities skipped`,
  );
  const reasons = new Map<string, number>();
  for (const { reason } of skippedFields) {
    const key = reason.replace(/: .*/, '');
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  console.info('skipped fields by reason:', Object.fromEntries(reasons));
  console.info('skipped entities:', skippedEntities);
  console.info('refused by the API:', [
    ...new Set(skippedFields.filter(({ reason }) => reason.startsWith('refused')).map(({ field }) => field)),
  ]);
  await context?.close();
  await browser?.close();
});

/**
 * The record's screens in the portal: its list (searched for it where the list searches a planted
 * field), detail and edit, each with the planted fields it shows (a list only its columns).
 */
function portalPaths({ entity, record, fields }: Planted): { name: string; path: string; fields: string[] }[] {
  const id = String(record.id);
  const paths: { name: string; path: string; fields: string[] }[] = [];
  const nameOf = (field: string) => field.slice(entity.$id.length + 1);
  if (allows(entity, 'list')) {
    const list = entity['x-list'];
    const searched = fields.find((field) => list.search?.includes(nameOf(field)));
    const filter = { ...dateFilter(entity), ...(list.filters?.includes('q') && searched ? { q: searched } : {}) };
    const columns = columnsOf(entity);
    // The list's own address (`screenPaths`), as the menu opens it.
    paths.push({
      name: 'list',
      path: `${screenPath(entity, 'list')}?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      fields: fields.filter((field) => columns.includes(nameOf(field))),
    });
  }
  if (allows(entity, 'show')) paths.push({ name: 'show', path: screenPath(entity, 'show', id), fields });
  if (allows(entity, 'update') && editable(entity, record))
    paths.push({ name: 'edit', path: screenPath(entity, 'edit', id), fields });
  return paths;
}

const editable = (entity: EntitySchema, record: Record<string, unknown>) =>
  Object.entries(entity['x-resource'].editable ?? {}).every(([field, values]) => values.includes(record[field]));

async function visit(page: Page, name: string, language: string, fields: string[], timeout?: number) {
  const { shown, injected } = await inspect(page, fields, timeout);
  alarms.injected.push(...injected);
  visits.push({ page: name, language, expected: fields.length, shown: shown.length });
  return shown;
}

const raised = () =>
  [
    ...alarms.fired.map((key) => `canary ran: ${key}`),
    ...alarms.violations.map((report) => `CSP violation: ${report}`),
    ...alarms.pageErrors.map((error) => `page error: ${error}`),
    ...alarms.injected.map((element) => `canary as markup: ${element}`),
  ].slice(0, 20);

describe('script canaries in every plain text field', () => {
  it('are planted in every entity the demo admin may create', () => {
    expect(
      skippedEntities.filter(({ reason }) => !/^(service off|no plain text|each account's own)/.test(reason)),
    ).toEqual([]);
    expect(planted.length).toBeGreaterThanOrEqual(10);
  });

  it('never run in the portal: lists, details and forms, in English and in Arabic', async () => {
    const page = await context.newPage();
    watchPage(page, alarms);
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    const unseenDetails: string[] = [];
    for (const language of LANGUAGES) {
      await page.goto(`${baseUrl}/?lng=${language}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      for (const record of planted) {
        for (const { name, path, fields } of portalPaths(record)) {
          await openInPortal(page, path, { en, ar }[language].app.message.not_found);
          // A list showing none of the planted fields is still looked at, once it has had time to load.
          const shown = await visit(
            page,
            `${record.entity.$id} ${name}`,
            language,
            fields,
            fields.length ? 8_000 : 1_500,
          );
          if (name === 'show' && shown.length === 0) unseenDetails.push(`${record.entity.$id} (${language})`);
        }
      }
    }
    await page.close();
    expect(raised()).toEqual([]);
    // Every record's detail screen showed its canaries as text, so the pages above were really looked at.
    expect(unseenDetails).toEqual([]);
    const fields = planted.reduce((sum, record) => sum + record.fields.length, 0);
    const sightings = visits.reduce((sum, visit) => sum + visit.shown, 0);
    // Each planted field shown as text at least on its detail screen in both languages.
    expect(sightings).toBeGreaterThanOrEqual(fields * LANGUAGES.length);
  }, 400_000);

  it('never run on the payer pages the records reach, nor on the receipt', async () => {
    const page = await context.newPage();
    watchPage(page, alarms);
    if (typeof payable === 'string') expect.fail(`No payable invoice: ${payable}`);
    const payerLinks = [...planted, payable].flatMap((record) =>
      Object.values(record.record).flatMap((value) => {
        if (typeof value !== 'string' || !value.startsWith('http')) return [];
        const path = new URL(value).pathname;
        return Object.values(PAYER_PAGES).some((prefix) => path.startsWith(prefix)) ? [{ record, path }] : [];
      }),
    );
    expect(payerLinks.map(({ record }) => record.entity.$id)).toContain('invoice');
    let payerSightings = 0;
    let receipts = 0;
    for (const { record, path } of payerLinks) {
      for (const language of LANGUAGES) {
        await page.goto(`${baseUrl}${path}?lng=${language}`);
        payerSightings += (await visit(page, `${record.entity.$id} pay page`, language, record.fields)).length;
      }
      const cardNumber = page.getByLabel('رقم البطاقة');
      if (record !== payable) continue;
      await cardNumber.waitFor();
      await page.goto(`${baseUrl}${path}?lng=en`);
      await page.getByLabel('Card number').fill(TEST_CARDS.success);
      await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Name on card').fill('Canary Payer');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
      const receipt = new URL(page.url()).pathname;
      payerSightings += (await visit(page, 'invoice receipt', 'en', record.fields, 2_000)).length;
      await page.goto(`${baseUrl}${receipt}?lng=ar`);
      await page.getByRole('heading', { name: 'تم الدفع بنجاح' }).waitFor();
      payerSightings += (await visit(page, 'invoice receipt', 'ar', record.fields, 2_000)).length;
      receipts += 1;
    }
    await page.close();
    console.info(`payer pages: ${payerLinks.length} links × ${LANGUAGES.length} languages, ${receipts} receipts`);
    expect(raised()).toEqual([]);
    expect(receipts).toBeGreaterThan(0);
    expect(payerSightings).toBeGreaterThanOrEqual(payerLinks.length * LANGUAGES.length);
  });
});
