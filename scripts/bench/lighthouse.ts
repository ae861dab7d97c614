import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath, fillCart, signInOnPage } from './browser';
import { median, type BenchTarget, type Figure } from './figures';

/**
 * Lighthouse 12 on the system Chromium, mobile (Lighthouse's default, simulated slow 4G and a
 * 4x slower CPU) and desktop presets, on the sign-in page, the signed-in dashboard (English and
 * Arabic), the payer page, and the storefront's sale page and checkout: performance and
 * accessibility scores, LCP and TBT, the median of several runs (BENCH_LIGHTHOUSE_RUNS, default
 * 3). Each run starts with an empty HTTP cache; the dashboard's Chrome profile is signed in first
 * and the checkout's has a cart, and Lighthouse's storage reset leaves `localStorage` (where the
 * session and the cart live) alone. Reports go to BENCH_LIGHTHOUSE_DIR when set;
 * BENCH_LIGHTHOUSE_PAGES (e.g. "dashboard,/merchant") limits the pages.
 */

export type Preset = 'mobile' | 'desktop';

interface Scenario {
  on: string;
  path: string;
  /** Readies the Chrome profile first: signs in, fills a cart. */
  before?: (page: Page) => Promise<void>;
  /** Minimum scores this page must reach per preset (issues 5 and 17). */
  performanceBudget: Partial<Record<Preset, number>>;
  /** Minimum accessibility score; 0.95 unless given. */
  accessibilityBudget?: number;
  /** Only accessibility is scored (one run: the audit does not vary between runs). */
  accessibilityOnly?: boolean;
}

const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
const onlyPages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());

const CONFIGS: Record<Preset, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

function scenarios(target: BenchTarget): Scenario[] {
  return [
    { on: '/merchant', path: '/merchant', performanceBudget: {} },
    {
      on: 'dashboard',
      path: '/home/dashboard',
      before: portalSignIn(target),
      performanceBudget: { desktop: 0.95, mobile: 0.8 },
    },
    {
      on: 'dashboard (ar)',
      path: '/home/dashboard?lng=ar',
      before: portalSignIn(target),
      performanceBudget: {},
      accessibilityOnly: true,
    },
    {
      on: '/smspay/{reference}',
      path: `/smspay/${encodeURIComponent(target.invoiceReference)}`,
      performanceBudget: { mobile: 0.95 },
    },
    {
      on: '/sale/{reference}',
      path: `/sale/${encodeURIComponent(target.saleReference)}`,
      performanceBudget: { mobile: 0.95 },
      accessibilityBudget: 1,
    },
    {
      on: '/stock/checkout',
      path: '/stock/checkout',
      before: (page) => fillCart(page, target.baseUrl, target.saleReference),
      performanceBudget: { mobile: 0.95 },
      accessibilityBudget: 1,
    },
  ];
}

/** A Chromium that Lighthouse drives through its debugging port, with its own fresh profile. */
function launchChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
}

/** Readies the profile of `chrome` with `before` on a page of its own, leaving what it stores in `localStorage`. */
async function readyProfile(chrome: LaunchedChrome, before: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await before(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Signs in to the portal from `/merchant`. */
export const portalSignIn = (target: BenchTarget) => async (page: Page) => {
  await page.goto(`${target.baseUrl}/merchant`);
  await signInOnPage(page, target.account);
};

export interface Scores {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
}

async function audit(chrome: LaunchedChrome, url: string, preset: Preset, categories: string[]): Promise<Result> {
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories };
  const result = await lighthouse(url, flags, CONFIGS[preset]);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

const scoresOf = (lhr: Result): Scores => ({
  performance: lhr.categories.performance?.score ?? NaN,
  accessibility: lhr.categories.accessibility?.score ?? NaN,
  lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
});

const fileName = (on: string, preset: Preset, run: number) =>
  `${on.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${preset}-${run}.json`;

/**
 * `count` Lighthouse runs of `url` with `preset` in one fresh Chrome profile, readied first by
 * `before` (a sign-in, a cart) when given; `on` names the page in the log and in the reports' file names.
 */
export async function lighthouseRuns(options: {
  url: string;
  on: string;
  preset: Preset;
  count: number;
  categories: string[];
  before?: (page: Page) => Promise<void>;
  log: (line: string) => void;
}): Promise<Scores[]> {
  const { url, on, preset, count, categories, before, log } = options;
  const chrome = await launchChrome();
  try {
    if (before) await readyProfile(chrome, before);
    const results: Scores[] = [];
    for (let run = 1; run <= count; run++) {
      const lhr = await audit(chrome, url, preset, categories);
      if (reportDir) await writeFile(join(reportDir, fileName(on, preset, run)), JSON.stringify(lhr));
      const scores = scoresOf(lhr);
      if (lhr.finalDisplayedUrl !== url) log(`lighthouse: ${url} ended at ${lhr.finalDisplayedUrl}`);
      log(
        `lighthouse ${on} ${preset} #${run}: perf ${scores.performance} a11y ${scores.accessibility} ` +
          `LCP ${Math.round(scores.lcp)} ms TBT ${Math.round(scores.tbt)} ms`,
      );
      results.push(scores);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

const measure = (target: BenchTarget, scenario: Scenario, preset: Preset): Promise<Scores[]> =>
  lighthouseRuns({
    url: `${target.baseUrl}${scenario.path}`,
    on: scenario.on,
    preset,
    count: scenario.accessibilityOnly ? 1 : runs,
    categories: scenario.accessibilityOnly ? ['accessibility'] : ['performance', 'accessibility'],
    before: scenario.before,
    log: target.log,
  });

function figures(scenario: Scenario, preset: Preset, results: Scores[]): Figure[] {
  const on = `${scenario.on} ${preset}`;
  const note = `median of ${results.length} run${results.length === 1 ? '' : 's'}`;
  const pick = (key: keyof Scores) => median(results.map((scores) => scores[key]));
  const accessibility: Figure = {
    section: 'lighthouse',
    name: 'accessibility',
    on,
    value: pick('accessibility'),
    unit: 'score',
    budget: { kind: 'min', limit: scenario.accessibilityBudget ?? 0.95 },
    note,
  };
  if (scenario.accessibilityOnly) return [accessibility];
  const budget = scenario.performanceBudget[preset];
  return [
    {
      section: 'lighthouse',
      name: 'performance',
      on,
      value: pick('performance'),
      unit: 'score',
      ...(budget === undefined ? {} : { budget: { kind: 'min', limit: budget } }),
      note,
    },
    accessibility,
    { section: 'lighthouse', name: 'LCP', on, value: Math.round(pick('lcp')), unit: 'ms', note },
    { section: 'lighthouse', name: 'TBT', on, value: Math.round(pick('tbt')), unit: 'ms', note },
  ];
}

export async function run(target: BenchTarget): Promise<Figure[]> {
  const all: Figure[] = [];
  for (const scenario of scenarios(target).filter(({ on }) => !onlyPages || onlyPages.includes(on))) {
    for (const preset of ['mobile', 'desktop'] as const) {
      all.push(...figures(scenario, preset, await measure(target, scenario, preset)));
    }
  }
  return all;
}
