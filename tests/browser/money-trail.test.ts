import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoneyTrail, TrailRoot } from '../../src/shared/money-trail';
import { Api } from './support/api';
import { baseUrl, browserForFile, DEMO, documentLanguage, signedInVisitor } from './support/portal';

/**
 * The money trail in English and Arabic: a demo invoice paid out by a transfer is opened, its
 * "Money trail" followed, every step of its chain is shown as a link to its record, the transfer
 * is followed to its page and the trail found again from there, back to the invoice; and the trail
 * reads on a 360 px phone without sideways scrolling.
 */

const LABELS = {
  en: { action: 'Money trail', totals: 'Totals from the ledger', balances: /The chain balances/ },
  ar: { action: 'مسار الأموال', totals: 'الإجماليات من دفتر الحسابات', balances: /السلسلة متوازنة/ },
} as const;

const browser = browserForFile();
let root: TrailRoot & { invoice: NonNullable<TrailRoot['invoice']> };
let transfer: { id: number; document_no: string | null };

beforeAll(async () => {
  const api = await Api.signIn(DEMO.merchant);
  const invoices = await api.request<{ id: number }[]>('GET', '/v1/invoice', {
    query: { filter: JSON.stringify({ status: 'paid' }), range: '[0,39]' },
  });
  expect(invoices.status).toBe(200);
  // The richest chain of a paid demo invoice a transfer paid out: most payments and refunds.
  const chains: TrailRoot[] = [];
  for (const { id } of invoices.body) {
    const trail = await api.request<MoneyTrail>('GET', `/v1/money-trail/invoice/${id}`);
    expect(trail.status).toBe(200);
    chains.push(...trail.body.roots.filter((chain) => chain.invoice && chain.transactions.some((t) => t.transfer_id)));
  }
  const size = (chain: TrailRoot) =>
    chain.transactions.length + chain.transactions.reduce((sum, t) => sum + t.refunds.length, 0);
  const [richest] = chains.sort((a, b) => size(b) - size(a));
  expect(richest?.invoice).toBeTruthy();
  root = richest as typeof root;
  const transferId = root.transactions.find((t) => t.transfer_id)?.transfer_id as number;
  const trail = await api.request<MoneyTrail>('GET', `/v1/money-trail/invoice/${root.invoice.id}`);
  transfer = trail.body.transfers.find((candidate) => candidate.id === transferId) as typeof transfer;
});

describe('money trail', () => {
  it.each(['en', 'ar'] as const)(
    'follows an invoice to its payments, refunds and transfer and back (%s)',
    async (language) => {
      const labels = LABELS[language];
      const { context, page, errors } = await signedInVisitor(browser(), language, { width: 1280, height: 900 });
      await page.goto(`${baseUrl}/invoice/${root.invoice.id}/show`);
      await page.getByRole('link', { name: labels.action }).click();
      await page.waitForURL(`${baseUrl}/money-trail/invoice/${root.invoice.id}`);
      await page.locator('#main-content').getByRole('heading', { level: 1, name: labels.action }).waitFor();
      await page.getByRole('heading', { name: labels.totals }).waitFor();
      await page.getByText(labels.balances).waitFor();

      const chains = page.locator('#trail-chains').locator('..');
      const hrefOf = (name: string) => chains.getByRole('link', { name, exact: true }).first().getAttribute('href');
      expect(await hrefOf(String(root.invoice.reference_no))).toBe(`/invoice/invoice-list/${root.invoice.id}`);
      for (const payment of root.transactions) {
        expect(await hrefOf(String(payment.reference_no))).toBe(`/report/payment-transactions/${payment.id}`);
        for (const refund of payment.refunds)
          expect(await hrefOf(String(refund.document_no))).toBe(`/report/refund-request/${refund.id}`);
      }
      expect(await hrefOf(String(transfer.document_no))).toBe(`/report/payment-transfer/${transfer.id}`);
      expect((await documentLanguage(page)).dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: join(tmpdir(), `bawaba-money-trail-${language}-1280.png`), fullPage: true });

      // To the transfer's page, its trail, and back to the invoice.
      await chains
        .getByRole('link', { name: String(transfer.document_no), exact: true })
        .first()
        .click();
      await page.waitForURL(`${baseUrl}/report/payment-transfer/${transfer.id}`);
      await page.getByRole('link', { name: labels.action }).click();
      await page.waitForURL(`${baseUrl}/money-trail/payment_transfer/${transfer.id}`);
      await page.getByRole('heading', { name: labels.totals }).waitFor();
      await page
        .getByRole('link', { name: String(root.invoice.reference_no), exact: true })
        .first()
        .click();
      await page.waitForURL(`${baseUrl}/invoice/invoice-list/${root.invoice.id}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(['en', 'ar'] as const)('reads on a 360 px phone without sideways scrolling (%s)', async (language) => {
    const labels = LABELS[language];
    const { context, page, errors } = await signedInVisitor(browser(), language, { width: 360, height: 800 });
    await page.goto(`${baseUrl}/money-trail/invoice/${root.invoice.id}`);
    await page.getByRole('heading', { name: labels.totals }).waitFor();
    await page
      .getByRole('link', { name: String(transfer.document_no), exact: true })
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(tmpdir(), `bawaba-money-trail-${language}-360.png`) });
    const chains = await page.locator('#trail-chains').boundingBox();
    if (chains)
      await page.screenshot({
        path: join(tmpdir(), `bawaba-money-trail-${language}-360-chain.png`),
        fullPage: true,
        clip: { x: 0, y: chains.y - 16, width: 360, height: 800 },
      });
    expect(errors).toEqual([]);
    await context.close();
  });
});
