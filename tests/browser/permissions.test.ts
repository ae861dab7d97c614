import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Employee } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, signIn } from './support/portal';

/**
 * SPEC §2 and §6: `/employees/{employee_id}/permissions` edits one employee's permissions and
 * nothing else; the rest of the employee (name, e-mail, password) stays as it was. An employee
 * without the employees permission is shown the 403 screen there.
 */

let browser: Browser;
let merchant: Api;
let employee: Employee;
const password = 'Perm@1234';

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await Api.signIn(DEMO.merchant);
  const stamp = Date.now();
  employee = await merchant.createEmployee({
    name: `Clerk ${stamp}`,
    email: `clerk-${stamp}@demo.test`,
    password,
    permissions: { general: ['dashboard', 'invoices'] },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the permissions screen of an employee', () => {
  it('saves a ticked permission and leaves name, e-mail and password as they were', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${baseUrl}/employees/${employee.id}/permissions`);

    const general = page.getByRole('group', { name: 'General' });
    await general.getByRole('checkbox', { name: 'Invoices' }).waitFor();
    expect(await general.getByRole('checkbox', { name: 'Invoices' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await general.getByRole('checkbox', { name: 'Reports' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('changes saved').waitFor();
    await page.waitForURL((url) => url.pathname === '/employees/list');

    const { status, body } = await merchant.request<Employee>('GET', `/v1/employees/${employee.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: employee.name, email: employee.email });
    expect(body.permissions).toEqual({ general: ['dashboard', 'invoices', 'reports'] });
    await expect(Api.signIn({ email: employee.email, password })).resolves.toBeInstanceOf(Api);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is the 403 screen for an employee without the employees permission', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const employeeCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/employees')) employeeCalls.push(request.url());
    });
    await signIn(page, DEMO.staff.email, DEMO.staff.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${baseUrl}/employees/${employee.id}/permissions`);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await page.getByText('You do not have permission to do this').waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(employeeCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
