import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, signedInVisitor, type Language } from './support/portal';

/**
 * The create and edit forms as a merchant meets them: the profile's edit form and the asset's
 * create form in titled sections, two columns on a desktop and one on a phone, the Save / Cancel
 * bar in view while the form scrolls, nothing wider than the screen, the asset's units added and
 * removed by labelled buttons, and no serious or critical accessibility violation (axe), in
 * English and Arabic at 1366 and 360 pixels.
 */

const browser = browserForFile();
/** axe, evaluated in the page (the portal's CSP refuses an added script tag). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const TEXT = {
  en: {
    save: 'Save',
    cancel: 'Cancel',
    company: 'Company',
    bank: 'Bank account',
    addUnit: 'Add unit',
    active: 'Active',
  },
  ar: { save: 'حفظ', cancel: 'إلغاء', company: 'الشركة', bank: 'الحساب البنكي', addUnit: 'إضافة وحدة', active: 'نشط' },
} as const;

const VIEWPORTS = { desktop: { width: 1366, height: 800 }, phone: { width: 360, height: 740 } } as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** axe's serious and critical violations in the form, each as "rule: element". */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = { run: (context: string) => Promise<{ violations: AxeViolation[] }> };
    return (await (window as unknown as { axe: Axe }).axe.run('form')).violations;
  });
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, nodes }) => nodes.map(({ target }) => `${id}: ${target.join(' ')}`));
}

/** How far the page is wider than the screen, in pixels. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The Save button lies within the screen while the top of the form is shown. */
async function saveInView(page: Page, save: string): Promise<boolean> {
  const box = await page.getByRole('button', { name: save, exact: true }).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe.each(['en', 'ar'] as const)('forms in %s', (language: Language) => {
  const text = TEXT[language];

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    "the profile's edit form on a %s",
    async (viewport) => {
      const size = VIEWPORTS[viewport];
      const { context, page, errors } = await signedInVisitor(browser(), language, size);
      await page.goto(`${baseUrl}/account/editProfile`);
      await page.getByRole('heading', { level: 2, name: text.bank }).waitFor();
      await page.getByRole('region', { name: text.company }).waitFor();

      // Two columns on a desktop, one on a phone: the IBAN and the bank's name side by side or stacked.
      const bank = page.getByRole('region', { name: text.bank });
      const [first, second] = await bank
        .locator('input')
        .evaluateAll((inputs) => inputs.slice(0, 2).map((input) => input.getBoundingClientRect().top));
      if (viewport === 'desktop') expect(Math.abs(first - second)).toBeLessThan(4);
      else expect(second - first).toBeGreaterThan(20);

      // The merchant's own account cannot be turned off here.
      expect(await page.getByRole('switch', { name: text.active }).isDisabled()).toBe(true);
      expect(await saveInView(page, text.save)).toBe(true);
      await page.getByRole('button', { name: text.cancel }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(1);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`editProfile ${language} ${viewport}: ${height}px tall`);
      await page.screenshot({
        path: join(tmpdir(), `bawaba-edit-profile-${language}-${viewport}.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);

      // Cancel leads back to the profile.
      await page.getByRole('button', { name: text.cancel }).click();
      await page.waitForURL((url) => url.pathname !== '/account/editProfile');
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    "the asset's create form on a %s",
    async (viewport) => {
      const { context, page, errors } = await signedInVisitor(browser(), language, VIEWPORTS[viewport]);
      await page.goto(`${baseUrl}/asset/create`);
      const add = page.getByRole('button', { name: text.addUnit });
      await add.waitFor();
      const cards = page.locator('[role="group"][aria-labelledby$="__heading"]');
      const before = await cards.count();
      await add.click();
      await expect.poll(() => cards.count()).toBe(before + 1);
      expect(await saveInView(page, text.save)).toBe(true);
      expect(await overflow(page)).toBeLessThanOrEqual(1);
      await page.screenshot({
        path: join(tmpdir(), `bawaba-asset-create-${language}-${viewport}.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
