import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { addDays, today } from '../../src/schema/calendar';
import { entitySchemas } from '../../src/schema/registry';
import { Api } from './support/api';
import { newVisitor } from './support/browser';
import { DEMO, baseUrl, browserForFile, signInWithLanguage } from './support/portal';

/**
 * The record pages a merchant is shown first — an invoice, a transaction, a tenant, a sale order
 * and the merchant's own profile — read as designed in English and Arabic, on a 1366-pixel screen
 * and a 360-pixel phone: a title that is the record's name or reference (never "#<id>"), no
 * internal id, fields in titled sections, the records belonging to it in a table, every enum value
 * and country by its label, nothing running off the side. The profile's keys are masked until the
 * password is typed again.
 */

type Row = Record<string, unknown> & { id: number };
type Catalogue = typeof en;

const browser = browserForFile();
const VIEWPORTS = { desktop: { width: 1366, height: 800 }, phone: { width: 360, height: 740 } } as const;
const CATALOGUES = { en, ar } as const;

const groups = (catalogue: Catalogue, name: string) => (catalogue.app.record.groups as Record<string, string>)[name];

interface RecordPage {
  entity: string;
  path: string;
  /** Sections the page must show, by name. */
  sections: string[];
  /** A list of records belonging to it: its heading and a row it must hold. */
  related?: { heading: (catalogue: Catalogue) => string; row: string };
}

const pages: RecordPage[] = [];

beforeAll(async () => {
  const merchant = await Api.signIn(DEMO.merchant);
  const day = today();
  const transactions = await merchant.request<Row[]>('GET', '/v1/report/transactions', {
    query: { filter: JSON.stringify({ created_at_gte: addDays(day, -60), created_at_lte: day }), range: '[0,499]' },
  });
  expect(transactions.status).toBe(200);
  const payment = transactions.body.find((row) => String(row.invoice_reference ?? '').startsWith('INV-'));
  if (!payment) throw new Error('The demo merchant has no invoice paid online');
  const invoices = await merchant.request<Row[]>('GET', '/v1/invoice', {
    query: { filter: JSON.stringify({ q: payment.invoice_reference }) },
  });
  const invoice = invoices.body.find((row) => row.reference_no === payment.invoice_reference);
  if (!invoice) throw new Error(`No invoice ${String(payment.invoice_reference)}`);
  const rent = await merchant.request<Row[]>('GET', '/v1/rent-invoices', { query: { range: '[0,0]' } });
  const [rentInvoice] = rent.body;
  const orders = await merchant.request<Row[]>('GET', '/v1/sale/order', { query: { range: '[0,0]' } });
  const [order] = orders.body;
  pages.push(
    {
      entity: 'invoice',
      path: `/invoice/${invoice.id}/show`,
      sections: ['overview', 'customer', 'payment'],
      related: { heading: (catalogue) => catalogue.app.record.related.payments, row: String(payment.reference_no) },
    },
    {
      entity: 'transaction',
      path: `/transaction/${payment.id}/show`,
      sections: ['amounts', 'payment', 'references'],
    },
    {
      entity: 'tenant',
      path: `/tenant/${String(rentInvoice.tenant_id)}/show`,
      sections: ['tenant', 'contract', 'rent'],
      related: {
        heading: (catalogue) => catalogue.resources.rent_invoice.name.split(' |||| ').pop() ?? '',
        row: String(rentInvoice.reference_no),
      },
    },
    { entity: 'sale_order', path: `/sale_order/${order.id}/show`, sections: ['overview', 'customer', 'amounts'] },
    { entity: 'merchant', path: '/account/profile', sections: [] },
  );
});

/** The lines of each shown field's text, by property name. */
const fieldTexts = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.ra-field')].map((field) => [
        [...field.classList].find((name) => name.startsWith('ra-field-') && name !== 'ra-field')?.slice(9) ?? '',
        field.innerText.split('\n').map((line) => line.trim()),
      ]),
    ),
  );

describe.each(['en', 'ar'] as const)('record pages in %s', (language) => {
  const catalogue = CATALOGUES[language];

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('read as designed on a %s', async (viewport) => {
    const { context, page, errors } = await newVisitor(browser(), VIEWPORTS[viewport]);
    await signInWithLanguage(page, DEMO.merchant, language);
    for (const { entity, path, sections, related } of pages) {
      const schema = entitySchemas[entity];
      await page.goto(`${baseUrl}${path}`);
      await page.locator('.ra-field').first().waitFor();
      if (entity !== 'merchant') {
        const title = (await page.getByRole('heading', { level: 2 }).first().innerText()).trim();
        expect(title, path).not.toMatch(/^#/);
      }
      for (const section of sections)
        await page.getByRole('heading', { level: 3, name: groups(catalogue, section), exact: true }).waitFor();
      if (sections.length > 0)
        expect(
          await page.getByRole('heading', { level: 3, name: groups(catalogue, 'details'), exact: true }).count(),
        ).toBe(0);
      if (related) {
        const region = page.getByRole('region', { name: new RegExp(related.heading(catalogue)) });
        await region.getByText(related.row).first().waitFor();
      }
      const texts = await fieldTexts(page);
      // No internal ids; every enum value by its label, every country by its name.
      expect(Object.keys(texts), path).not.toContain('id');
      expect(Object.keys(texts), path).not.toContain('seq_id');
      for (const [name, property] of Object.entries(schema.properties)) {
        const lines = texts[name];
        if (!lines) continue;
        for (const value of property.enum ?? []) expect(lines.slice(1), `${path} ${name}`).not.toContain(String(value));
        if (property['x-ui']?.country) expect(lines.slice(1).join(' '), `${path} ${name}`).not.toMatch(/\b[A-Z]{2}\b/);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(1);
      await page.screenshot({
        path: join(tmpdir(), `bawaba-record-${entity}-${language}-${viewport}.png`),
        fullPage: true,
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the profile's keys", () => {
  it.each(['en', 'ar'] as const)(
    'are masked until the password is typed again, then copied in one click (%s)',
    async (language) => {
      const catalogue = CATALOGUES[language];
      const secret = catalogue.app.record.secret;
      const keys = (await (await Api.signIn(DEMO.merchant)).request<Record<string, string>>('GET', '/v1/keys')).body;
      const { context, page, errors } = await newVisitor(browser(), VIEWPORTS.desktop);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await signInWithLanguage(page, DEMO.merchant, language);
      await page.goto(`${baseUrl}/account/profile`);
      const accessCode = page.locator('.ra-field-access_code');
      await accessCode.getByRole('button', { name: secret.reveal }).waitFor();
      expect(await page.locator('body').innerText()).not.toContain(keys.access_code);
      expect(await page.locator('body').innerText()).not.toContain(keys.iv_key);

      await accessCode.getByRole('button', { name: secret.reveal }).click();
      const dialog = page.getByRole('dialog', { name: secret.confirm_title });
      await dialog.getByLabel(secret.password).fill('Wrong@12345');
      await dialog.getByRole('button', { name: secret.reveal }).click();
      await dialog.getByText(catalogue.app.auth.wrong_current_password).waitFor();
      await dialog.getByLabel(secret.password).fill(DEMO.merchant.password);
      await dialog.getByRole('button', { name: secret.reveal }).click();
      await dialog.waitFor({ state: 'hidden' });
      await accessCode.getByText(keys.access_code).waitFor();
      await page.locator('.ra-field-iv_key').getByText(keys.iv_key).waitFor();
      await accessCode.getByRole('button', { name: secret.copy }).click();
      await page.getByText(secret.copied).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
