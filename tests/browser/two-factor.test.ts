import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp, totpStep } from '../../src/server/auth/totp';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, waitForMessageUnder } from './support/portal';
import { noPermissions } from '../../src/server/merchants/permissions';

/**
 * Two-factor in the portal: turning it on from Security (QR code and key, then a code), signing in
 * with a code (generated here from the key, as an authenticator app would), and an employee the
 * merchant requires it of enrolling while signing in, in Arabic.
 */

const none = noPermissions();
const LABELS = {
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign In',
    code: 'Authentication code',
    verify: 'Verify',
    key: 'Key',
    qr: 'QR code for the authenticator app',
  },
  ar: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    code: 'رمز التحقق',
    verify: 'تحقق',
    key: 'المفتاح',
    qr: 'رمز QR لتطبيق المصادقة',
  },
} as const;
type Language = keyof typeof LABELS;
/** The code of a chosen 30-second step, so that no code is spent twice. */
const codeAt = (secret: string, step: number) => totp(secret, step * 30_000);

let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(DEMO.merchant);
});

afterAll(async () => {
  await admin?.request('PUT', '/v1/two-factor/policy', { body: { require_employee_two_factor: false } });
  await browser?.close();
});

async function newEmployee(email: string) {
  const account = { email, password: 'Factor@2468' };
  const { id } = await admin.createEmployee({
    name: 'Two Factor',
    ...account,
    permissions: { ...none, general: ['invoices'] },
  });
  return { ...account, id };
}

async function enterPassword(page: Page, account: { email: string; password: string }, language: Language) {
  const labels = LABELS[language];
  await page.goto(`${baseUrl}/merchant?lng=${language}`);
  await page.getByLabel(labels.email).fill(account.email);
  await page.getByLabel(labels.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: labels.signIn }).click();
}

/** The key shown for the authenticator app, without its spaces. */
async function shownSecret(page: Page, language: Language): Promise<string> {
  const key = page.getByLabel(LABELS[language].key, { exact: true });
  await key.waitFor();
  return ((await key.textContent()) ?? '').replace(/\s/g, '');
}

describe('two-factor authentication in the portal', () => {
  it('is turned on from Security, then signing in asks for the code', async () => {
    const account = await newEmployee('browser.two-factor@demo.test');
    const { context, page, errors } = await newVisitor(browser);
    await enterPassword(page, account, 'en');
    await page.waitForURL((url) => !url.pathname.startsWith('/merchant'));

    await page.goto(`${baseUrl}/account/security`);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.getByText('Off: signing in asks for your password only.').waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page.getByRole('img', { name: LABELS.en.qr }).waitFor();
    const secret = await shownSecret(page, 'en');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: '/tmp/two-factor-setup-en.png', fullPage: true });
    const step = totpStep(Date.now());
    await page.getByLabel(LABELS.en.code).fill(codeAt(secret, step));
    await page.getByRole('button', { name: LABELS.en.verify }).click();
    await page.getByText('On: signing in asks for a code from your authenticator app.').waitFor();
    // The key is never shown again.
    expect(await page.getByLabel(LABELS.en.key, { exact: true }).count()).toBe(0);

    // A new sign-in: after the password comes the code.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await enterPassword(page, account, 'en');
    const code = page.getByLabel(LABELS.en.code);
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('dir')).toBe('ltr');
    expect(new URL(page.url()).pathname).toBe('/merchant');
    await code.fill(codeAt(secret, step + 5));
    await page.getByRole('button', { name: LABELS.en.verify }).click();
    await waitForMessageUnder(code, 'The code is wrong or has expired');
    expect(await page.getByRole('button', { name: LABELS.en.verify }).isEnabled()).toBe(true);
    await page.screenshot({ path: '/tmp/two-factor-code-en.png', fullPage: true });
    await code.fill(codeAt(secret, step + 1));
    await page.getByRole('button', { name: LABELS.en.verify }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/merchant'));
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes an employee the merchant requires it of enrol while signing in (in Arabic)', async () => {
    const account = await newEmployee('browser.required@demo.test');
    const policy = await admin.request('PUT', '/v1/two-factor/policy', { body: { require_employee_two_factor: true } });
    expect(policy.status).toBe(200);
    const { context, page, errors } = await newVisitor(browser);
    await enterPassword(page, account, 'ar');
    await page.getByRole('img', { name: LABELS.ar.qr }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByText('يشترط المسؤول التحقق بخطوتين. قم بإعداده للمتابعة.').waitFor();
    const secret = await shownSecret(page, 'ar');
    await page.screenshot({ path: '/tmp/two-factor-enrol-ar.png', fullPage: true });
    await page.getByLabel(LABELS.ar.code).fill(codeAt(secret, totpStep(Date.now())));
    await page.getByRole('button', { name: LABELS.ar.verify }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/merchant'));

    await page.goto(`${baseUrl}/account/security`);
    await page.getByText('مفعّل: يطلب تسجيل الدخول رمزًا من تطبيق المصادقة.').waitFor();
    await page.getByText('يشترط المسؤول التحقق بخطوتين.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'إيقاف التحقق بخطوتين' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // The admin sees the requirement switched on, and switches it off.
    const adminVisit = await newVisitor(browser);
    await enterPassword(adminVisit.page, DEMO.merchant, 'ar');
    await adminVisit.page.waitForURL((url) => !url.pathname.startsWith('/merchant'));
    await adminVisit.page.goto(`${baseUrl}/account/security`);
    const required = adminVisit.page.getByRole('switch', { name: 'اشتراط التحقق بخطوتين للموظفين' });
    await required.waitFor();
    expect(await required.isChecked()).toBe(true);
    await adminVisit.page.screenshot({ path: '/tmp/two-factor-security-ar.png', fullPage: true });
    await required.click();
    await expect.poll(() => required.isChecked()).toBe(false);
    expect((await admin.request<{ require_employee_two_factor: boolean }>('GET', '/v1/two-factor')).body).toMatchObject(
      {
        require_employee_two_factor: false,
      },
    );

    // The employee lost their phone: the admin resets their two-factor from the employee's screen.
    await adminVisit.page.goto(`${baseUrl}/employee/${account.id}/show`);
    await adminVisit.page.getByText(account.email).waitFor();
    const twoFactor = adminVisit.page.locator('.ra-field-two_factor_enabled');
    expect(await twoFactor.innerText()).toContain('نعم');
    await adminVisit.page.getByRole('button', { name: 'إعادة تعيين التحقق بخطوتين' }).click();
    const dialog = adminVisit.page.getByRole('dialog');
    await dialog.getByText('إعادة تعيين التحقق بخطوتين لهذا الموظف؟', { exact: false }).waitFor();
    await adminVisit.page.screenshot({ path: '/tmp/two-factor-reset-ar.png', fullPage: true });
    await dialog.getByRole('button', { name: 'تأكيد' }).click();
    await adminVisit.page.getByText('تمت إعادة تعيين التحقق بخطوتين', { exact: true }).waitFor();
    await expect.poll(() => twoFactor.innerText()).toContain('لا');
    expect(await adminVisit.page.getByRole('button', { name: 'إعادة تعيين التحقق بخطوتين' }).count()).toBe(0);
    expect(adminVisit.errors).toEqual([]);
    await adminVisit.context.close();
    // Signing in asks for the password alone now.
    const after = await newVisitor(browser);
    await enterPassword(after.page, account, 'ar');
    await after.page.waitForURL((url) => !url.pathname.startsWith('/merchant'));
    await after.context.close();
  });

  it('offers the reset to the merchant admin only', async () => {
    const manager = await admin.createEmployee({
      name: 'People Manager',
      email: 'browser.manager@demo.test',
      password: 'Factor@2468',
      permissions: { ...none, general: ['employees'] },
    });
    const enrolled = await newEmployee('browser.enrolled@demo.test');
    const session = await Api.signIn(enrolled);
    const { body: started } = await session.request<{ secret: string }>('POST', '/v1/two-factor/enrol');
    const confirmed = await session.request('POST', '/v1/two-factor/confirm', {
      body: { code: codeAt(started.secret, totpStep(Date.now())) },
    });
    expect(confirmed.status).toBe(200);

    const { context, page, errors } = await newVisitor(browser);
    await enterPassword(page, { email: manager.email, password: 'Factor@2468' }, 'en');
    await page.waitForURL((url) => !url.pathname.startsWith('/merchant'));
    await page.goto(`${baseUrl}/employee/${enrolled.id}/show`);
    await page.getByText(enrolled.email).waitFor();
    expect(await page.locator('.ra-field-two_factor_enabled').innerText()).toContain('Yes');
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Reset two-factor' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
