import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { entitySchemas } from '../../../src/schema/registry';
import type { PropertySchema } from '../../../src/schema/types';

/**
 * What a person would call undesigned on a screen, read from the page itself: a page or a box
 * inside it that scrolls sideways or cuts content off at the edge, a title that is a bare id
 * ("#42"), a stored code where a label belongs (`paid`, `card_payment`, `KW`), a value with Latin
 * text that an Arabic page does not isolate (so "Gulf Optics Co." reads ".Gulf Optics Co"), and
 * what axe counts as a serious or critical accessibility violation.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Every string value of an enum in any schema that reads as a code: lowercase words or snake_case. */
function enumCodes(): string[] {
  const codes = new Set<string>();
  const visit = (property: PropertySchema | undefined) => {
    if (!property || typeof property !== 'object') return;
    for (const value of property.enum ?? [])
      if (typeof value === 'string' && /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(value) && value.length > 1)
        codes.add(value);
    visit(property.items as PropertySchema | undefined);
    for (const nested of Object.values(property.properties ?? {})) visit(nested);
  };
  for (const entity of Object.values(entitySchemas))
    for (const property of Object.values(entity.properties)) visit(property);
  return [...codes];
}

export const ENUM_CODES: readonly string[] = enumCodes();

export interface Findings {
  overflow: string[];
  idTitles: string[];
  rawCodes: string[];
  unisolated: string[];
}

/**
 * Reads the screen as it stands. `arabic`: whether Latin values must be isolated. Runs in the
 * page, so everything it needs travels as arguments.
 */
export async function inspectScreen(page: Page, arabic: boolean): Promise<Findings> {
  return page.evaluate(
    ({ arabic, codes }) => {
      const codeSet = new Set(codes);
      const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
      const describe = (element: Element) => {
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const name = element.tagName.toLowerCase();
        const id = element.id ? `#${element.id}` : '';
        const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
        return `${name}${id}${className ? `.${className}` : ''} "${text}"`;
      };
      const visible = (element: Element) => {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0;
      };
      const hiddenByAncestor = (element: Element) => {
        for (let at: Element | null = element; at; at = at.parentElement) {
          if (at.getAttribute('aria-hidden') === 'true' && at.tagName !== 'svg') return true;
          const style = getComputedStyle(at);
          if (style.visibility === 'hidden' || style.display === 'none') return true;
        }
        return false;
      };

      // The part of an element its ancestors let show: text cut with an ellipsis, or a row that
      // scrolls inside its card, shows only what lies inside the box that clips it.
      const shownPart = (element: Element) => {
        let { left, right } = element.getBoundingClientRect();
        for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
          if (getComputedStyle(at).overflowX === 'visible') continue;
          const box = at.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
        return { left, right };
      };

      const overflow: string[] = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width + 1)
        overflow.push(`the page is ${document.documentElement.scrollWidth - width} px wider than the window`);
      for (const element of document.body.querySelectorAll('*')) {
        if (!visible(element) || hiddenByAncestor(element)) continue;
        const style = getComputedStyle(element);
        if (['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
          overflow.push(`${describe(element)} scrolls sideways by ${element.scrollWidth - element.clientWidth} px`);
        const { left, right } = shownPart(element);
        const offscreen = right > left && (right > width + 1 || left < -1);
        // Content cut off at the window's edge: a visible leaf (text, a button) outside it.
        if (offscreen && element.children.length === 0 && (element.textContent ?? '').trim() !== '')
          overflow.push(`${describe(element)} lies outside the window (${Math.round(left)}…${Math.round(right)})`);
      }

      const idTitles: string[] = [];
      if (/#\d+/.test(document.title)) idTitles.push(`tab: ${document.title}`);
      for (const heading of document.querySelectorAll('h1, h2, [role="heading"]'))
        if (visible(heading) && /(^|\s)#\d+\b/.test(heading.textContent ?? '')) idTitles.push(describe(heading));

      const rawCodes: string[] = [];
      const unisolated: string[] = [];
      const isolated = (node: Node) => {
        for (let at = node.parentElement; at && at !== document.body; at = at.parentElement) {
          if (at.tagName === 'BDI') return true;
          const dir = at.getAttribute('dir');
          if (dir === 'auto' || dir === 'ltr') return true;
          const bidi = getComputedStyle(at).unicodeBidi;
          if (bidi === 'isolate' || bidi === 'plaintext' || bidi === 'isolate-override') return true;
        }
        return false;
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!parent || text === '' || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
        if (parent.closest('svg, [aria-hidden="true"]') || !visible(parent) || hiddenByAncestor(parent)) continue;
        if (codeSet.has(text)) rawCodes.push(`${text} in ${describe(parent)}`);
        else if (/^[A-Z]{2}$/.test(text) && regions.of(text)) rawCodes.push(`${text} in ${describe(parent)}`);
        if (!arabic) continue;
        const latinValue = /[A-Za-z]/.test(text) && !/[\u0600-\u06ff]/.test(text);
        const signedNumber = /^\+\d/.test(text);
        if ((latinValue || signedNumber) && !isolated(node))
          unisolated.push(`${text.slice(0, 40)} in ${describe(parent)}`);
      }
      return { overflow, idTitles, rawCodes, unisolated };
    },
    { arabic, codes: ENUM_CODES as string[] },
  );
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** axe's serious and critical violations on the page, each as "rule: first targets". */
export async function seriousViolations(page: Page): Promise<string[]> {
  const present = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a script tag: the portal's Content Security Policy refuses inline scripts.
  if (!present) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

export interface ScreenReport extends Findings {
  axe: string[];
}

/** What a screen that reads as designed reports at each size. */
export const CLEAN: ScreenReport = { overflow: [], idTitles: [], rawCodes: [], unisolated: [], axe: [] };

const PHONE = { width: 360, height: 740 };

/** Waits for the CSS transitions under way (not the endless animations, such as a spinner's) to end. */
async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * The findings on the screen as it stands, at the page's own (desktop) size and again at a 360 px
 * phone's, then back. axe reads the desktop layout only: the phone's holds the same elements,
 * names and colours, and a second pass would double the time.
 */
export async function findingsAtBothSizes(
  page: Page,
  arabic: boolean,
): Promise<{ desktop: ScreenReport; phone: ScreenReport }> {
  const desktopSize = page.viewportSize();
  const desktop = { ...(await inspectScreen(page, arabic)), axe: await seriousViolations(page) };
  await page.setViewportSize(PHONE);
  // The layout's media queries and folded columns settle within a frame or two; the menu's drawer
  // then folds away with a transition, which is let finish before anything is measured.
  await page.waitForTimeout(250);
  await settledTransitions(page);
  // A drawer folding away or a menu reflowing reads differently mid-way: the phone's findings are
  // those that hold for two readings in a row.
  let phone = { ...(await inspectScreen(page, arabic)), axe: [] as string[] };
  for (let reading = 0; reading < 8; reading += 1) {
    await page.waitForTimeout(200);
    await settledTransitions(page);
    const again = { ...(await inspectScreen(page, arabic)), axe: [] as string[] };
    if (JSON.stringify(again) === JSON.stringify(phone)) break;
    phone = again;
  }
  if (desktopSize) await page.setViewportSize(desktopSize);
  return { desktop, phone };
}
