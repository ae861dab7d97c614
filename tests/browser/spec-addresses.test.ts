import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows } from '../../src/schema/operations';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { screenPath } from '../../src/portal/resources/screenPaths';
import { dateFilter } from '../support/access-matrix/actors';
import { Api } from './support/api';
import { newVisitor } from './support/browser';
import { DEMO, baseUrl, browserForFile, signIn, signInWithLanguage } from './support/portal';
import { CLEAN, findingsAtBothSizes, type ScreenReport } from './support/screenInspection';

/**
 * SPEC §2 addresses stay in the address bar: one record page (and its edit form) of every entity
 * with a list opens at the address derived from its schema (`screenPaths`), stays there after a
 * reload, is titled by the record's reference or name (never "#<id>") and shows its breadcrumbs, in
 * English and Arabic. Each record page also reads as designed on a 1366×800 desktop and a 360×740
 * phone: nothing scrolls sideways or is cut off, no stored code shows where a label belongs, every
 * Latin value of an Arabic page is isolated, and axe finds nothing serious (`support/screenInspection.ts`).
 * react-admin's own paths of the same screens send there, in place.
 */

const browser = browserForFile();

/** Entities whose record pages must be covered whatever else the demo merchant holds (its sub-merchants are the vendor’s). */
const MUST = ['invoice', 'transaction', 'tenant', 'sale_order'];

interface Visit {
  entity: string;
  screen: 'show' | 'edit';
  path: string;
  id: string;
}

const visits: Visit[] = [];

/** The first record the entity's list endpoint answers, if any. */
async function firstRecordId(api: Api, entity: EntitySchema): Promise<string | undefined> {
  const answer = await api.request<{ id: number }[]>('GET', `/v1${entity['x-resource'].endpoint}`, {
    query: { range: '[0,0]', filter: JSON.stringify(dateFilter(entity)) },
  });
  const id = answer.status === 200 && Array.isArray(answer.body) ? answer.body[0]?.id : undefined;
  return id === undefined ? undefined : String(id);
}

beforeAll(async () => {
  const merchant = await Api.signIn(DEMO.merchant);
  for (const entity of Object.values(entitySchemas)) {
    if (!allows(entity, 'list') || entity['x-resource'].own) continue;
    const id = await firstRecordId(merchant, entity);
    if (id === undefined) continue;
    if (allows(entity, 'show'))
      visits.push({ entity: entity.$id, screen: 'show', id, path: screenPath(entity, 'show', id) });
    if (allows(entity, 'update'))
      visits.push({ entity: entity.$id, screen: 'edit', id, path: screenPath(entity, 'edit', id) });
  }
  for (const entity of MUST) expect(visits.map((visit) => visit.entity)).toContain(entity);
}, 60_000);

const pathname = (page: Page) => page.evaluate(() => location.pathname);

/** Waits for the record's page (its header) or form (a field), then for its title in the app bar. */
async function waitForScreen(page: Page, screen: Visit['screen']): Promise<string> {
  const main = page.locator('main, [role="main"], #main-content').first();
  if (screen === 'show') await main.locator('header h2').first().waitFor();
  else await main.locator('input:not([type="hidden"]), textarea, [role="combobox"]').first().waitFor();
  await main.locator('nav .MuiBreadcrumbs-ol a').first().waitFor();
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect.poll(async () => ((await heading.textContent()) ?? '').trim(), { timeout: 10_000 }).not.toBe('');
  return ((await heading.textContent()) ?? '').trim();
}

describe.each(['en', 'ar'] as const)('record pages at their SPEC addresses in %s', (language) => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const visitor = await newVisitor(browser(), { width: 1366, height: 800 });
    page = visitor.page;
    errors = visitor.errors;
    await signInWithLanguage(page, DEMO.merchant, language);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('open, reload and stay at their address, titled by the record, and read as designed', async () => {
    const undesigned: Record<string, { desktop: ScreenReport; phone: ScreenReport }> = {};
    for (const visit of visits) {
      const where = `${visit.entity} ${visit.screen} ${visit.path}`;
      errors.length = 0;
      await page.goto(`${baseUrl}${visit.path}`);
      for (const moment of ['load', 'reload']) {
        if (moment === 'reload') await page.reload();
        const title = await waitForScreen(page, visit.screen);
        expect(await pathname(page), `${where} after ${moment}`).toBe(visit.path);
        expect(title, `${where} after ${moment}`).not.toMatch(/#\d+/);
        expect(await page.title(), where).not.toMatch(/#\d+/);
        const crumbs = (await page.locator('main nav .MuiBreadcrumbs-ol').first().textContent()) ?? '';
        expect(crumbs, where).not.toMatch(/#\d+/);
        if (language === 'ar') expect(crumbs, where).toMatch(/[\u0600-\u06ff]/);
      }
      expect(errors, where).toEqual([]);
      if (visit.screen !== 'show') continue;
      await page.waitForLoadState('networkidle');
      const findings = await findingsAtBothSizes(page, language === 'ar');
      if (JSON.stringify(findings) !== JSON.stringify({ desktop: CLEAN, phone: CLEAN })) undesigned[where] = findings;
    }
    expect(undesigned).toEqual({});
  }, 900_000);
});

describe('react-admin paths of the screens', () => {
  it('send to the SPEC addresses in place, keeping the query, and Back leaves them', async () => {
    const { context, page, errors } = await newVisitor(browser());
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    const invoice = visits.find((visit) => visit.entity === 'invoice' && visit.screen === 'show');
    if (!invoice) throw new Error('no invoice');
    await page.goto(`${baseUrl}/home/dashboard`);
    await page.goto(`${baseUrl}/invoice/${invoice.id}/show`);
    await page.waitForURL((url) => url.pathname === invoice.path);
    await page.locator('main header h2').first().waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home/dashboard');

    await page.goto(`${baseUrl}/transaction?filter=${encodeURIComponent('{"q":"x"}')}`);
    await page.waitForURL((url) => url.pathname === '/report/payment-transactions');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('{"q":"x"}');

    // The sub-merchants' list is not the sign-in page: a reload keeps it.
    await page.goto(`${baseUrl}/merchant/${visits.find((visit) => visit.entity === 'merchant')?.id}/show`);
    await page.waitForURL((url) => url.pathname.startsWith('/multi-vendor/merchant-list/'));
    await page.goto(`${baseUrl}/multi-vendor/merchant-list`);
    await page.reload();
    await page.locator('main tbody tr').first().waitFor();
    expect(await pathname(page)).toBe('/multi-vendor/merchant-list');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps a list’s filters in the query of its SPEC address across a reload', async () => {
    const { context, page, errors } = await newVisitor(browser());
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await page.goto(`${baseUrl}/invoice/invoice-list`);
    await page.locator('main tbody tr').first().waitFor();
    const search = page
      .locator('main')
      .getByRole('searchbox', { name: /search/i })
      .first();
    await search.fill('INV');
    await page.waitForURL((url) => url.pathname === '/invoice/invoice-list' && url.search.includes('filter'));
    await page.reload();
    await page.locator('main tbody tr').first().waitFor();
    expect(await pathname(page)).toBe('/invoice/invoice-list');
    await expect.poll(() => search.inputValue()).toBe('INV');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
