import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { waitForResetCode } from './support/outbox';
import { logSize } from './support/server-log';
import { DEMO, baseUrl, field, signIn, waitForMessageUnder } from './support/portal';

/**
 * Forgot password and Reset password (SPEC §2), end to end: the secret code travels by e-mail
 * (the server's outbox, read from its log), and the new password must meet SPEC §5's rule.
 * The user is an employee made for this test, so the demo accounts keep their passwords.
 */

const logFile = inject('serverLogFile');
const STRONG_PASSWORD_RULE =
  'Password must be at least six characters and include a symbol, a digit, an uppercase and a lowercase letter';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function submitReset(page: Page) {
  return page.getByRole('button', { name: 'Reset password' }).click();
}

describe('a user who forgot their password', () => {
  it('resets it with the e-mailed secret code, signs in with the new one, and cannot use the code twice', async () => {
    const stamp = Date.now();
    const email = `reset-${stamp}@demo.test`;
    const oldPassword = 'Start@1234';
    const newPassword = `New@${stamp}`;
    const merchant = await Api.signIn(DEMO.merchant);
    await merchant.createEmployee({
      name: `Reset Tester ${stamp}`,
      email,
      password: oldPassword,
      permissions: { general: ['dashboard', 'invoices'] },
    });

    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${baseUrl}/merchant`);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/forgotPassword');

    await field(page, 'E-mail').fill(email);
    const mark = logSize(logFile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'If the e-mail belongs to an account, a secret code is on its way.' })
      .waitFor();
    const code = await waitForResetCode(logFile, email, mark);

    await page.getByRole('link', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    expect(await field(page, 'E-mail').inputValue()).toBe(email);
    await field(page, 'Secret code').fill(code);

    await field(page, 'New password').fill('weakpass');
    await field(page, 'Confirm password').fill('weakpass');
    await submitReset(page);
    await waitForMessageUnder(field(page, 'New password'), STRONG_PASSWORD_RULE);
    expect(await field(page, 'New password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('The passwords do not match').count()).toBe(0);

    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm password').fill(`${newPassword}!`);
    await submitReset(page);
    await waitForMessageUnder(field(page, 'Confirm password'), 'The passwords do not match');
    expect(await page.getByText(STRONG_PASSWORD_RULE).count()).toBe(0);

    await field(page, 'Confirm password').fill(newPassword);
    await submitReset(page);
    await page.waitForURL(`${baseUrl}/merchant`);
    await page.getByText('Your password has been changed. Please sign in.').waitFor();

    await signIn(page, email, newPassword);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const withOldPassword = await Api.anonymous().request('POST', '/v1/login', {
      body: { email, password: oldPassword },
    });
    expect(withOldPassword.status).toBe(401);

    await page.goto(`${baseUrl}/account/ResetPassword?email=${encodeURIComponent(email)}`);
    await field(page, 'Secret code').fill(code);
    await field(page, 'New password').fill('Other@5678');
    await field(page, 'Confirm password').fill('Other@5678');
    await submitReset(page);
    await waitForMessageUnder(field(page, 'Secret code'), 'The secret code is wrong or has expired');
    expect(new URL(page.url()).pathname).toBe('/account/ResetPassword');
    await expect(Api.signIn({ email, password: newPassword })).resolves.toBeInstanceOf(Api);

    expect(errors).toEqual([]);
    await context.close();
  });
});
