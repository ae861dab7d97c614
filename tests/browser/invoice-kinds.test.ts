import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/shared/pay';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, field, signIn } from './support/portal';

/**
 * Every kind of invoice, end to end in real browsers: the demo merchant creates it on the portal
 * (the new link lands on the clipboard), a payer opens the link in a fresh browser on a phone-sized
 * screen, pays with the sandbox's success card and sees the receipt, and the merchant then sees
 * the invoice paid and the payment among the dashboard's latest transactions.
 */

let browser: Browser;
let merchant: { context: BrowserContext; page: Page; errors: string[] };
let api: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await newVisitor(browser);
  await merchant.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await signIn(merchant.page, DEMO.merchant.email, DEMO.merchant.password);
  api = await Api.signIn(DEMO.merchant);
});

afterAll(async () => {
  await browser?.close();
});

/** The transactions report's date range (it asks for one) covering today. */
const today = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { created_at_gte: day(-1), created_at_lte: day(1) };
};

/** A customer name no other test uses, to find the invoice and its payment again. */
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}`;

/** Opens the create screen of a list, fills it, saves, and returns the link the portal copied. */
async function createOnPortal(listPath: string, fill: (page: Page) => Promise<void>, saved: RegExp): Promise<string> {
  const { page } = merchant;
  await page.goto(`${baseUrl}${listPath}`);
  await page.getByRole('link', { name: 'Create' }).click();
  await fill(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(saved).waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
  return link;
}

/** Fills the fields every kind but group asks for. */
async function fillCustomer(page: Page, name: string, amount: string, invoiceNumber?: string) {
  await field(page, 'Customer name').fill(name);
  await field(page, 'Mobile').fill('96550001234');
  await field(page, 'Amount').fill(amount);
  if (invoiceNumber) await field(page, 'Invoice number').fill(invoiceNumber);
}

/**
 * A payer in a fresh browser at 360 × 740 opens `link`, pays with `card` and waits for the outcome:
 * the receipt (success) or the declined message. Returns the receipt's path.
 */
async function pay(
  link: string,
  {
    card = TEST_CARDS.success,
    amount,
    fields = {},
  }: { card?: string; amount?: string; fields?: Record<string, string> } = {},
): Promise<string> {
  const payer = await newVisitor(browser, { width: 360, height: 740 });
  const { page } = payer;
  await page.goto(link);
  if (amount) await page.getByLabel('Amount to pay (KWD)').fill(amount);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Test Payer');
  await page.getByRole('button', { name: /^Pay / }).click();
  let receipt = '';
  if (card === TEST_CARDS.success) {
    await page.waitForURL(/\/transaction-receipt\//);
    await page.getByText('Payment successful').waitFor();
    receipt = new URL(page.url()).pathname;
  } else {
    await page.getByText('Payment declined').waitFor();
  }
  expect(payer.errors).toEqual([]);
  await payer.context.close();
  return receipt;
}

/** Pays every part listed on a split, instalment or group link (`/sp/{ref}`), in order. */
async function payAllParts(groupLink: string, parts: number): Promise<void> {
  for (let seq = 1; seq <= parts; seq++) {
    const payer = await newVisitor(browser, { width: 360, height: 740 });
    await payer.page.goto(groupLink);
    await payer.page.getByRole('link', { name: `Pay part ${seq}` }).click();
    await payer.page.waitForURL(/\/smspay\//);
    const partLink = payer.page.url();
    await payer.context.close();
    await pay(partLink);
  }
}

/** The merchant's record, as the API returns it, found by its reference in its link. */
async function recordOf<T>(endpoint: string, link: string): Promise<T & { id: number }> {
  const reference = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
  const answer = await api.request<(T & { id: number })[]>('GET', endpoint, {
    query: { filter: JSON.stringify({ q: reference }), range: '[0,9]' },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toHaveLength(1);
  return answer.body[0];
}

/** On the portal: the record's detail screen shows `status`, and the dashboard lists the payment. */
async function merchantSees(showPath: string, status: string, customer: string) {
  const { page } = merchant;
  await page.goto(`${baseUrl}${showPath}`);
  await page.getByText(status, { exact: true }).first().waitFor();
  // A paid invoice stays as it was paid: no Edit on its screen.
  if (status === 'Paid') expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
  await page.goto(`${baseUrl}/home/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByText(customer).first().waitFor();
}

describe('each invoice kind, created by the merchant and paid by a payer', () => {
  it('quick SMS invoice: paid by card, shown paid, on the dashboard', async () => {
    const customer = uniqueName('Quick Payer');
    const link = await createOnPortal(
      '/invoice/invoice-list',
      (page) => fillCustomer(page, customer, '12.500', 'Q-100'),
      /^invoice created and link copied$/,
    );
    expect(link).toMatch(/\/smspay\//);
    await pay(link);
    const invoice = await recordOf<{ status: string }>('/v1/invoice', link);
    expect(invoice.status).toBe('paid');
    await merchantSees(`/invoice/${invoice.id}/show`, 'Paid', customer);
  });

  it('a declined card leaves the invoice unpaid with a failed transaction', async () => {
    const customer = uniqueName('Declined Payer');
    const link = await createOnPortal(
      '/invoice/invoice-list',
      (page) => fillCustomer(page, customer, '8.000'),
      /^invoice created and link copied$/,
    );
    await pay(link, { card: TEST_CARDS.declined });
    const invoice = await recordOf<{ status: string; reference_no: string }>('/v1/invoice', link);
    expect(invoice.status).toBe('unpaid');
    const transactions = await api.request<{ status: string; invoice_reference: string }[]>(
      'GET',
      '/v1/report/transactions',
      { query: { filter: JSON.stringify({ q: invoice.reference_no, ...today() }), range: '[0,9]' } },
    );
    expect(transactions.body.map((transaction) => transaction.status)).toEqual(['failed']);
  });

  it('scheduled SMS invoice', async () => {
    const customer = uniqueName('Scheduled Payer');
    const later = new Date(Date.now() + 2 * 3_600_000);
    const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    const link = await createOnPortal(
      '/invoice/invoice-list',
      async (page) => {
        await page.getByRole('tab', { name: 'Scheduled SMS' }).click();
        await fillCustomer(page, customer, '15.000', 'S-200');
        await page.getByLabel(/^Scheduled for/).fill(local);
      },
      /^invoice created and link copied$/,
    );
    const before = await recordOf<{ sms_status: string }>('/v1/invoice', link);
    expect(before.sms_status).toBe('scheduled');
    await pay(link);
    const invoice = await recordOf<{ status: string }>('/v1/invoice', link);
    await merchantSees(`/invoice/${invoice.id}/show`, 'Paid', customer);
  });

  it('delivery-company invoice', async () => {
    const customer = uniqueName('Delivery Payer');
    const link = await createOnPortal(
      '/invoice/invoice-list',
      async (page) => {
        await page.getByRole('tab', { name: 'Delivery company' }).click();
        await fillCustomer(page, customer, '6.750', 'D-300');
        await page.getByRole('combobox', { name: /^Delivery city/ }).click();
        await page.getByRole('option', { name: 'Salmiya' }).click();
        await field(page, 'Delivery address').fill('Block 4, Street 12, House 7');
      },
      /^invoice created and link copied$/,
    );
    await pay(link);
    const invoice = await recordOf<{ status: string; delivery_city: string }>('/v1/invoice', link);
    expect(invoice.delivery_city).toBe('salmiya');
    await merchantSees(`/invoice/${invoice.id}/show`, 'Paid', customer);
  });

  it('split invoice: each part paid on its own, the invoice paid when all are', async () => {
    const customer = uniqueName('Split Payer');
    const link = await createOnPortal(
      '/invoice/invoice-list',
      async (page) => {
        await page.getByRole('tab', { name: 'Split invoice' }).click();
        await fillCustomer(page, customer, '10.001', 'SP-400');
        await page.getByRole('spinbutton', { name: /^Split into parts/ }).fill('2');
      },
      /^invoice created and link copied$/,
    );
    const created = await recordOf<{ group_link: string }>('/v1/invoice', link);
    expect(created.group_link).toMatch(/\/sp\//);
    await payAllParts(created.group_link, 2);
    await merchantSees(`/invoice/${created.id}/show`, 'Paid', customer);
  });

  it('instalment invoice: instalments paid in order', async () => {
    const customer = uniqueName('Instalment Payer');
    const link = await createOnPortal(
      '/invoice/invoice-list',
      async (page) => {
        await page.getByRole('tab', { name: 'Instalments' }).click();
        await fillCustomer(page, customer, '30.000', 'I-500');
        await page.getByRole('spinbutton', { name: /^Instalments/ }).fill('2');
      },
      /^invoice created and link copied$/,
    );
    const created = await recordOf<{ group_link: string }>('/v1/invoice', link);
    await payAllParts(created.group_link, 2);
    await merchantSees(`/invoice/${created.id}/show`, 'Paid', customer);
  });

  it('group invoice: one group link, each chosen customer pays their part', async () => {
    const names = [uniqueName('Group Member A'), uniqueName('Group Member B')];
    for (const name of names) {
      const created = await api.request('POST', '/v1/customers', { body: { name, mobile: '96550002233' } });
      expect(created.status).toBe(201);
    }
    const link = await createOnPortal(
      '/invoice/invoice-list',
      async (page) => {
        await page.getByRole('tab', { name: 'Group invoice' }).click();
        await field(page, 'Amount').fill('5.000');
        await field(page, 'Invoice number').fill('G-600');
        const customers = page.getByRole('combobox', { name: /^Customers/ });
        for (const name of names) {
          await customers.fill(name);
          await page.getByRole('option', { name }).click();
        }
      },
      /^invoice created and link copied$/,
    );
    const created = await recordOf<{ group_link: string }>('/v1/invoice', link);
    await payAllParts(created.group_link, 2);
    await merchantSees(`/invoice/${created.id}/show`, 'Paid', names[1]);
  });

  it('open invoice: the payer chooses an amount within the bounds', async () => {
    const title = uniqueName('Open Donation');
    const link = await createOnPortal(
      '/invoice/open-invoice',
      async (page) => {
        await field(page, 'Title').fill(title);
        await page.getByRole('combobox', { name: /^Amount type/ }).click();
        await page.getByRole('option', { name: 'Open amount' }).click();
        await field(page, 'Minimum amount').fill('5');
        await field(page, 'Maximum amount').fill('50');
      },
      /^open invoice created and link copied$/,
    );
    expect(link).toMatch(/\/open-invoice\/checkout\//);
    // The merchant's open-invoice service asks every payer for a civil ID.
    await pay(link, { amount: '7.250', fields: { 'Civil ID': '290010112345' } });
    const invoice = await recordOf<{ payments_count: number; collected_amount: string }>('/v1/open-invoice', link);
    expect(invoice).toMatchObject({ payments_count: 1, collected_amount: '7.250' });
  });

  it('recurring subscription: the first payment keeps the card, the merchant sees it collected', async () => {
    const customer = uniqueName('Subscriber');
    const today = new Date().toISOString().slice(0, 10);
    const link = await createOnPortal(
      '/subscription/recurring',
      async (page) => {
        await field(page, 'Customer name').fill(customer);
        await field(page, 'Mobile').fill('96550004455');
        await field(page, 'Amount').fill('9.900');
        await page.getByLabel(/^Number of periods/).fill('6');
        await page.getByLabel(/^Start date/).fill(today);
      },
      /^subscription created and link copied$/,
    );
    await pay(link);
    const subscription = await recordOf<{
      collected_amount: string;
      number_of_recurrences: number;
      card_last4: string;
    }>('/v1/subscription', link);
    expect(subscription).toMatchObject({ collected_amount: '9.900', number_of_recurrences: 1, card_last4: '1111' });
    await merchantSees(`/subscription/${subscription.id}/show`, 'Active', customer);
  });

  it('bulk invoice: a row of an upload is paid through its own link', async () => {
    const customer = uniqueName('Bulk Payer');
    const upload = await api.request('POST', '/v1/invoice-bulk-upload', {
      body: {
        file_name: 'payers.csv',
        rows: [{ row: 2, values: { customer_name: customer, mobile: '96550006677', amount: '4.500' } }],
      },
    });
    expect(upload.status).toBe(201);
    const found = await api.request<{ id: number; payment_link: string; customer_name: string; kind: string }[]>(
      'GET',
      '/v1/invoice',
      { query: { filter: JSON.stringify({ q: customer }), range: '[0,9]' } },
    );
    expect(found.body.map((invoice) => invoice.kind)).toEqual(['bulk']);
    const [invoice] = found.body;
    await pay(invoice.payment_link);
    await merchantSees(`/invoice/${invoice.id}/show`, 'Paid', invoice.customer_name);
  });

  it('shows no error on the portal along the way', () => {
    expect(merchant.errors).toEqual([]);
  });
});
