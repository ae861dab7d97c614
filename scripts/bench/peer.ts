import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from './browser';
import { median, type BenchTarget, type Figure } from './figures';
import { lighthouseRuns, portalSignIn, type Preset, type Scores } from './lighthouse';
import { collect, emptyWeight, kb, type Weight } from './pages';

/**
 * The bench's peer: the plain react-admin app of `peer/` (ra-data-simple-rest, MUI defaults, the
 * transactions list and an employee's edit screen, signed in on `/v1/login`), built with vite into a
 * temporary folder and served under `/peer/` by a small server of the bench's own that passes every
 * other path on to the API. It is measured beside our payment transactions report the same way:
 * the JavaScript (gzip -9) a signed-in first visit downloads until the list shows its first row,
 * the time from navigation to that row, and Lighthouse mobile and desktop performance and
 * accessibility of the list (BENCH_PEER_RUNS runs each, default 3, the two apps taking turns). Each figure is ours, with the
 * peer's in the floor column and ours over the peer's as the ratio; the budget is that ours stays
 * ahead (or level on a score of 1.00).
 */

const PEER_DIR = join(import.meta.dirname, 'peer');
const OURS_LIST = '/report/payment-transactions';
const PEER_LIST = '/peer/#/report/transactions';
const runs = Math.max(1, Number(process.env.BENCH_PEER_RUNS ?? 3));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Builds the peer into a new temporary folder. */
export async function buildPeer(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'bench-peer-'));
  await build({
    configFile: false,
    root: PEER_DIR,
    base: '/peer/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  return outDir;
}

/** Serves `outDir` under `/peer/` (gzip when the browser takes it, as our server compresses) and proxies the rest to `apiUrl`. */
export function servePeer(outDir: string, apiUrl: string): Promise<{ baseUrl: string; server: Server }> {
  const api = new URL(apiUrl);
  const compressed = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (url.pathname === '/peer' || url.pathname.startsWith('/peer/')) {
      const relative = normalize(url.pathname.slice('/peer'.length) || '/').replace(/^(\.\.[/\\])+/, '');
      let file = join(outDir, relative);
      if (!existsSync(file) || statSync(file).isDirectory()) file = join(outDir, 'index.html');
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      void readFile(file).then((body) => {
        let sent: Buffer = body;
        if (gzip && type !== 'font/woff2') {
          sent = compressed.get(file) ?? gzipSync(body, { level: 9 });
          compressed.set(file, sent);
          res.setHeader('content-encoding', 'gzip');
        }
        res.writeHead(200, {
          'content-type': type,
          'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        });
        res.end(sent);
      });
      return;
    }
    const upstream = request(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: api.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ baseUrl: `http://127.0.0.1:${port}`, server });
    });
  });
}

/** One app to measure: where its list is and how a person signs in to it. */
interface App {
  on: string;
  listUrl: string;
  signIn(page: Page): Promise<void>;
}

/** react-admin's own login page: its username and password fields and "Sign in". */
const peerSignIn = (baseUrl: string, account: BenchTarget['account']) => async (page: Page) => {
  await page.goto(`${baseUrl}/peer/#/login`);
  await page.locator('input[name="username"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
};

/** Milliseconds from navigation start until a list row has text (not the loading skeleton). */
async function firstRow(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('tbody tr td')].some((cell) => (cell.textContent ?? '').trim() !== '')
        ? performance.now()
        : null,
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** A signed-in first visit of the list (empty HTTP cache, the session in `localStorage`): its JS and its first row's time. */
async function visit(browser: Browser, app: App): Promise<{ weight: Weight; firstRowMs: number }> {
  const signedIn = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await app.signIn(await signedIn.newPage());
  const storageState = await signedIn.storageState();
  await signedIn.close();
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, storageState });
  try {
    const page = await context.newPage();
    const weight = emptyWeight();
    const settled = collect(page, () => weight);
    await page.goto(app.listUrl);
    const firstRowMs = await firstRow(page);
    await settled();
    return { weight, firstRowMs };
  } finally {
    await context.close();
  }
}

const NOTE = 'value: ours; floor column: the peer; ratio: ours / peer';

export async function run(target: BenchTarget): Promise<Figure[]> {
  const started = performance.now();
  const outDir = await buildPeer();
  target.log(`peer: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { baseUrl, server } = await servePeer(outDir, target.baseUrl);
  try {
    const apps: App[] = [
      { on: 'ours', listUrl: `${target.baseUrl}${OURS_LIST}`, signIn: portalSignIn(target) },
      { on: 'peer', listUrl: `${baseUrl}${PEER_LIST}`, signIn: peerSignIn(baseUrl, target.account) },
    ];
    // The two apps take turns, run after run: a machine that slows as it warms slows both alike.
    const samples: Record<string, Awaited<ReturnType<typeof visit>>[]> = { ours: [], peer: [] };
    const browser = await launchBrowser();
    try {
      for (let run = 0; run < runs; run++) for (const app of apps) samples[app.on].push(await visit(browser, app));
    } finally {
      await browser.close();
    }
    const visits: Record<string, { js: number; firstRowMs: number }> = {};
    for (const app of apps) {
      visits[app.on] = {
        js: samples[app.on][0].weight.js,
        firstRowMs: Math.round(median(samples[app.on].map((sample) => sample.firstRowMs))),
      };
      target.log(`peer: ${app.on} ${kb(visits[app.on].js)} KB JS, first row at ${visits[app.on].firstRowMs} ms`);
    }
    const lighthouse: Record<string, Record<Preset, Scores>> = {
      ours: {} as Record<Preset, Scores>,
      peer: {} as Record<Preset, Scores>,
    };
    for (const preset of ['mobile', 'desktop'] as const) {
      const results: Record<string, Scores[]> = { ours: [], peer: [] };
      for (let run = 0; run < runs; run++) {
        for (const app of apps) {
          results[app.on].push(
            ...(await lighthouseRuns({
              url: app.listUrl,
              on: `${app.on} list`,
              preset,
              count: 1,
              categories: ['performance', 'accessibility'],
              before: app.signIn,
              log: target.log,
            })),
          );
        }
      }
      for (const app of apps) {
        const pick = (key: keyof Scores) => median(results[app.on].map((scores) => scores[key]));
        lighthouse[app.on][preset] = {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          lcp: pick('lcp'),
          tbt: pick('tbt'),
        };
      }
    }
    const pair = (name: string, ours: number, peer: number, unit: Figure['unit'], kind: 'max' | 'min'): Figure => ({
      section: 'peer',
      name,
      on: `${OURS_LIST} vs react-admin peer`,
      value: ours,
      unit,
      floor: peer,
      ratio: Math.round((ours / peer) * 100) / 100,
      budget: { kind, limit: 1, of: 'ratio' },
      note: NOTE,
    });
    const figures = [
      pair('JS gzip to first row', kb(visits.ours.js), kb(visits.peer.js), 'KB', 'max'),
      pair('navigation to first row', visits.ours.firstRowMs, visits.peer.firstRowMs, 'ms', 'max'),
    ];
    for (const preset of ['mobile', 'desktop'] as const) {
      const ours = lighthouse.ours[preset];
      const peer = lighthouse.peer[preset];
      figures.push(pair(`performance ${preset}`, ours.performance, peer.performance, 'score', 'min'));
      figures.push(pair(`accessibility ${preset}`, ours.accessibility, peer.accessibility, 'score', 'min'));
    }
    target.log(`peer: built and measured in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return figures;
  } finally {
    server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
