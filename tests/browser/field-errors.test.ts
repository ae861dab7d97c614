import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, field, signIn, waitForMessageUnder } from './support/portal';

/**
 * Errors the server finds in a form show under the fields they concern (STYLE §5), and the
 * form's own rules (SPEC §5: at least one permission) stop a save before it is sent.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openEmployeeForm(page: Page, employee: { name: string; email: string; password: string }) {
  await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.goto(`${baseUrl}/employees/create`);
  await page.getByRole('heading', { name: 'Create Employee' }).waitFor();
  await field(page, 'Name').fill(employee.name);
  await field(page, 'E-mail').fill(employee.email);
  await field(page, 'Password').fill(employee.password);
}

describe('the employee form', () => {
  it('shows "already in use" under the E-mail field for an existing account, and creates nothing', async () => {
    const name = `Duplicate ${Date.now()}`;
    const { context, page, errors } = await newVisitor(browser);
    await openEmployeeForm(page, { name, email: DEMO.staff.email, password: 'Dupe@1234' });
    await page.getByRole('checkbox', { name: 'Invoices' }).check();

    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/v1/employees' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ errors: { email: 'This value is already in use' } });

    await waitForMessageUnder(field(page, 'E-mail'), 'This value is already in use');
    expect(await field(page, 'E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/employees/create');
    const merchant = await Api.signIn(DEMO.merchant);
    expect(await merchant.findEmployees(name)).toEqual([]);

    // The message was about the address sent; once the address changes it no longer applies.
    await page.locator('#root_email__error').getByText('This value is already in use').waitFor();
    await field(page, 'E-mail').fill(`changed-${Date.now()}@demo.test`);
    await expect.poll(() => field(page, 'E-mail').getAttribute('aria-invalid')).not.toBe('true');
    await expect(page.locator('#root_email__error').getByText('This value is already in use').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for at least one permission, then lists the employee once one is chosen', async () => {
    const stamp = Date.now();
    const name = `Cashier ${stamp}`;
    const email = `cashier-${stamp}@demo.test`;
    const { context, page, errors } = await newVisitor(browser);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/employees' && request.method() === 'POST') posts.push(request.url());
    });
    await openEmployeeForm(page, { name, email, password: 'Cash@1234' });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('At least one permission must be selected', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/employees/create');
    expect(posts).toEqual([]);

    await page.getByRole('checkbox', { name: 'Invoices' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('changes saved').waitFor();
    await page.waitForURL(`${baseUrl}/employees/list`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: email }).count()).toBe(1);
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
