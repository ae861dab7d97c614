import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signIn } from './support/portal';

/**
 * The activity log screen: the merchant's admin opens it from the account menu at
 * `/account/audit-log`, in English and in Arabic, and sees its own sign-in; an employee neither
 * sees the entry nor opens the screen.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SCREEN = {
  en: {
    account: 'Account',
    title: 'Activity log',
    signIn: 'Sign-in',
    succeeded: 'Succeeded',
    event: 'Event',
    doneBy: 'Done by',
  },
  ar: {
    account: 'الحساب',
    title: 'سجل النشاط',
    signIn: 'تسجيل الدخول',
    succeeded: 'نجح',
    event: 'الحدث',
    doneBy: 'المنفّذ',
  },
} as const;

describe('the activity log', () => {
  it.each(['en', 'ar'] as const)('shows the admin their sign-in, labelled in %s', async (language) => {
    const words = SCREEN[language];
    const { context, page, errors } = await newVisitor(browser, { width: 1280, height: 800 });
    await page.goto(`${baseUrl}/merchant?lng=${language}`);
    await page.getByRole('heading', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).waitFor();
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password, language);
    const menu = page.getByRole('menu');
    const group = menu.getByRole('menuitem', { name: words.account });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByRole('menuitem', { name: words.title }).click();
    await page.waitForURL((url) => url.pathname === '/account/audit-log');
    await page.getByRole('heading', { name: words.title }).waitFor();
    await page.getByRole('columnheader', { name: words.event }).waitFor();
    await page.getByRole('columnheader', { name: words.doneBy }).waitFor();
    const row = page.getByRole('row').filter({ hasText: words.signIn }).filter({ hasText: words.succeeded });
    await row.first().waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    await page.screenshot({ path: join(tmpdir(), `bawaba-activity-log-${language}.png`) });

    // react-admin's own path of the list sends to its SPEC address.
    await page.goto(`${baseUrl}/audit_event`);
    await page.waitForURL((url) => url.pathname === '/account/audit-log');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered to an employee, who is shown 403 at its address', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, DEMO.staff.email, DEMO.staff.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const menu = page.getByRole('menu');
    // The account group (its notifications) is the employee's too: opened, it has no activity log.
    const group = menu.getByRole('menuitem', { name: 'Account' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByRole('menuitem', { name: 'Notifications' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Activity log' }).count()).toBe(0);
    await page.goto(`${baseUrl}/account/audit-log`);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await context.close();
  });
});
