import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/schema/calendar';
import { currentDay } from '../../src/schema/listDateRange';
import { baseUrl, browserForFile, signedInVisitor, type Language } from './support/portal';

/**
 * Saved views, as the demo merchant uses them on the payment transactions report, in English on a
 * laptop and in Arabic on a phone: a date range is picked and saved as a view from the list's
 * Views menu; a clean list (a new visitor, nothing remembered) opens at its default range, and the
 * view, chosen from the menu, puts its range back in the address and in the date fields; deleting
 * it takes it out of the menu. Nothing is wider than the screen.
 */

const LABELS = {
  en: {
    from: /^Date from/,
    to: /^Date to/,
    totals: 'Totals',
    views: 'Views',
    menu: 'Saved views',
    save: 'Save this view…',
    dialog: 'Save this view',
    name: /^View name/,
    confirm: 'Save',
    delete: (name: string) => `Delete the view ${name}`,
  },
  ar: {
    from: /^التاريخ من/,
    to: /^التاريخ إلى/,
    totals: 'الإجماليات',
    views: 'العروض',
    menu: 'العروض المحفوظة',
    save: 'حفظ هذا العرض…',
    dialog: 'حفظ هذا العرض',
    name: /^اسم العرض/,
    confirm: 'حفظ',
    delete: (name: string) => `حذف العرض ${name}`,
  },
} as const;

const SCREENS = { en: { width: 1366, height: 800 }, ar: { width: 360, height: 740 } } as const;

/** `YYYY-MM-DD` as the date fields show it. */
const shown = (day: string) => day.split('-').reverse().join('/');

const REPORT = `${baseUrl}/report/payment-transactions`;

const browser = browserForFile();

async function openReport(page: Page, language: Language) {
  await page.goto(REPORT);
  await page.getByRole('region', { name: LABELS[language].totals }).waitFor();
}

async function openViews(page: Page, language: Language) {
  await page.getByRole('button', { name: LABELS[language].views, exact: true }).click();
  const menu = page.getByRole('menu', { name: LABELS[language].menu });
  await menu.waitFor();
  return menu;
}

describe.each(['en', 'ar'] as const)('saved views (%s)', (language) => {
  const labels = LABELS[language];
  const screen = SCREENS[language];

  it('saves a date range as a view and applies it again on a clean list', async () => {
    const name = `${language === 'ar' ? 'الأسبوع الماضي' : 'Last week'} ${Date.now() % 100000}`;
    const from = addDays(currentDay(), -12);
    const to = addDays(currentDay(), -5);

    const first = await signedInVisitor(browser(), language, screen);
    await openReport(first.page, language);
    await first.page.getByRole('textbox', { name: labels.from }).fill(shown(from));
    await first.page.waitForURL((url) => url.search.includes(from));
    await first.page.getByRole('textbox', { name: labels.to }).fill(shown(to));
    await first.page.waitForURL((url) => url.search.includes(to));
    await first.page.getByRole('region', { name: labels.totals }).waitFor();

    const menu = await openViews(first.page, language);
    await menu.getByRole('menuitem', { name: labels.save }).click();
    const dialog = first.page.getByRole('dialog', { name: labels.dialog });
    await dialog.getByRole('textbox', { name: labels.name }).fill(name);
    await dialog.getByRole('button', { name: labels.confirm, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(first.errors).toEqual([]);
    await first.context.close();

    // A new visitor remembers nothing: the report opens at its default range.
    const { context, page, errors } = await signedInVisitor(browser(), language, screen);
    await openReport(page, language);
    expect(await page.getByRole('textbox', { name: labels.from }).inputValue()).toBe(shown(addDays(currentDay(), -29)));
    expect(new URL(page.url()).search).not.toContain(from);

    const views = await openViews(page, language);
    await views.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
    // The address changes in the page (no new document): read it until it holds the view's range.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(encodeURIComponent(`"${from}"`));
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, string>;
    expect(filter).toMatchObject({ created_at_gte: from, created_at_lte: to });
    await page.getByRole('region', { name: labels.totals }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: labels.from }).inputValue()).toBe(shown(from));
    expect(await page.getByRole('textbox', { name: labels.to }).inputValue()).toBe(shown(to));
    expect(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), `bawaba-saved-views-${language}-${screen.width}.png`) });

    // Deleted from the menu, the view is gone from it.
    const again = await openViews(page, language);
    await again.getByRole('button', { name: labels.delete(name) }).click();
    await expect.poll(() => again.getByRole('menuitem', { name: new RegExp(`^${name}`) }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
