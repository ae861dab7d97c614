import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, signIn } from './support/portal';

/**
 * An employee sees and opens only what their `general` permission map allows (SPEC §6): the other
 * screens answer with the 403 page and ask the API nothing; the API refuses them anyway. `staff@demo.test` has dashboard, invoices, reports.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('an employee', () => {
  it('has Dashboard and Invoices in the menu, not Employees or Products, and is shown 403 at the employees', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await signIn(page, DEMO.staff.email, DEMO.staff.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Invoices' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Dashboard' }).count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'Employees' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Products' }).count()).toBe(0);

    const employeeCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/employees')) employeeCalls.push(request.url());
    });
    await page.goto(`${baseUrl}/employees/list`);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await page.getByText('You do not have permission to do this').waitFor();
    expect(new URL(page.url()).pathname).toBe('/employees/list');
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'Employees' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(employeeCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is refused the employees by the API with a 403 in the language of the request', async () => {
    const staff = await Api.signIn(DEMO.staff);
    await expect(staff.request('GET', '/v1/employees', { locale: 'en' })).resolves.toEqual({
      status: 403,
      body: { message: 'You do not have permission to do this' },
    });
    await expect(staff.request('GET', '/v1/employees', { locale: 'ar' })).resolves.toEqual({
      status: 403,
      body: { message: 'ليست لديك صلاحية للقيام بذلك' },
    });
  });
});
