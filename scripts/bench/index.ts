/**
 * `npm run bench`: fills a database with a merchant's data at scale, starts the server on it, and
 * measures the daily settlement run over it, the API under load, the weight of the first pages,
 * their Lighthouse scores and the largest form — on the embedded database, and on PostgreSQL too when `DATABASE_URL` or
 * `TEST_DATABASE_URL` names one. The API's latencies stand beside their floor (the same SQL on the
 * database driver, `api-floor.ts`), and their budgets are ratios to it. Prints one table, with each
 * budget met or missed, and writes the same figures to `bench/results.json`. On PostgreSQL a flash
 * sale's checkout under load (`checkout.ts`) runs too, on a schema of its own, not the scale data; and
 * one month's rent for 10,000 tenants (`rent.ts`) on each database, on data of its own.
 *
 *   BENCH_SCALE=0.1   a tenth of the data, for a quick look (default 1: 1,000,000 transactions)
 *   BENCH_ONLY=api,pages   some sections only (data, settlement, api, pages, lighthouse, forms, peer, checkout, rent)
 *   BENCH_DATABASES=postgresql   some databases only (pglite, postgresql; default both, PostgreSQL when a URL names one)
 *   BENCH_API_ONLY=report,mixed   some API scenarios only; BENCH_API_SECONDS, BENCH_FLOOR_SECONDS their length
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from './api';
import { prepareFloor, type ApiFloor } from './api-floor';
import * as checkout from './checkout';
import { fillScaleData } from './data';
import type { BenchTarget, Figure } from './figures';
import * as forms from './forms';
import * as lighthouse from './lighthouse';
import * as pages from './pages';
import * as peer from './peer';
import * as rent from './rent';
import { startBenchServer } from './server';
import { measureSettlement } from './settlement';
import { missed, renderMarkdown, renderTable } from './table';

type Database = BenchTarget['database'];

interface Section {
  name: string;
  /** Browser sections measure the pages once, on the default database. */
  browser: boolean;
  /** `floor`: the API's floor, prepared on the filled database before the server started. */
  run(target: BenchTarget, floor?: ApiFloor): Promise<Figure[]>;
}

const SECTIONS: Section[] = [
  { name: 'api', browser: false, run: api.run },
  { name: 'pages', browser: true, run: pages.run },
  { name: 'lighthouse', browser: true, run: lighthouse.run },
  { name: 'forms', browser: true, run: forms.run },
  { name: 'peer', browser: true, run: peer.run },
];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scale = Number(process.env.BENCH_SCALE ?? 1);
if (!(scale > 0)) throw new Error(`BENCH_SCALE must be a positive number, got "${process.env.BENCH_SCALE}"`);
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((name) => name.trim())) : null;
const wanted = (name: string) => !only || only.has(name);
/** Sections measured over the scale data (the checkout makes data of its own). */
const overScaleData = ['data', 'settlement', ...SECTIONS.map((section) => section.name)].some(wanted);
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The browser sections measure the built portal and payer pages. */
function ensureBuilt(): void {
  if (!SECTIONS.some((section) => section.browser && wanted(section.name))) return;
  if (existsSync(join(root, 'dist', 'index.html')) && existsSync(join(root, 'dist', 'pay.html'))) return;
  log('dist/ is missing: building the portal and the payer pages');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const figures: Figure[] = [];
const failures: string[] = [];

function failedOn(database: Database, name: string, error: unknown): void {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  failures.push(`${name} on ${database}: ${message}`);
  log(`${name} on ${database} failed: ${message}`);
}

async function measure(database: Database): Promise<void> {
  log(`${database}: filling the data (scale ${scale})`);
  const data = await fillScaleData({ database, url: database === 'postgresql' ? postgresUrl : undefined, scale, log });
  if (wanted('data')) figures.push(...data.figures);
  const failed = (name: string, error: unknown) => failedOn(database, name, error);
  // Before the server, like the floor; the sections after measure the settled data.
  if (wanted('settlement')) {
    log(`${database}: settlement`);
    figures.push(
      ...(await measureSettlement({ data, on: database, log }).catch((error: unknown) => {
        failed('settlement', error);
        return [];
      })),
    );
  }
  const sections = SECTIONS.filter((section) => wanted(section.name) && (!section.browser || database === 'pglite'));
  if (sections.length === 0) return;
  // Before the server: the embedded database can be open in one process only.
  let floor: ApiFloor | undefined;
  if (sections.some((section) => section.name === 'api')) {
    log(`${database}: the API's floor`);
    floor = await prepareFloor({ data, on: database, log }).catch((error: unknown) => {
      failed('api floor', error);
      return undefined;
    });
  }
  const server = await startBenchServer({ data, database, port: await freePort(), log }).catch(
    async (error: unknown) => {
      await floor?.close();
      throw error;
    },
  );
  try {
    for (const section of sections) {
      if (section.name === 'api' && !floor) continue;
      log(`${database}: ${section.name}`);
      try {
        figures.push(...(await section.run(server.target, floor)));
      } catch (error) {
        failed(section.name, error);
      }
    }
  } finally {
    await server.stop();
    await floor?.close();
  }
}

ensureBuilt();
const databases = process.env.BENCH_DATABASES
  ? new Set(process.env.BENCH_DATABASES.split(',').map((name) => name.trim()))
  : null;
for (const database of ['pglite', ...(postgresUrl ? ['postgresql'] : [])] as Database[])
  if (overScaleData && (!databases || databases.has(database))) await measure(database);
if (wanted('checkout')) {
  if (postgresUrl && (!databases || databases.has('postgresql'))) {
    log('postgresql: checkout');
    figures.push(
      ...(await checkout.run({ url: postgresUrl, port: await freePort(), log }).catch((error: unknown) => {
        failedOn('postgresql', 'checkout', error);
        return [];
      })),
    );
  } else log('checkout: skipped, it runs on PostgreSQL only (DATABASE_URL or TEST_DATABASE_URL)');
}
if (wanted('rent')) {
  for (const database of ['pglite', ...(postgresUrl ? ['postgresql'] : [])] as Database[]) {
    if (databases && !databases.has(database)) continue;
    log(`${database}: rent`);
    figures.push(
      ...(await rent.run({ database, url: postgresUrl, log }).catch((error: unknown) => {
        failedOn(database, 'rent', error);
        return [];
      })),
    );
  }
}

const results = {
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  scale,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  figures,
  failures,
};
mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(root, 'bench', 'results.md'), `${renderMarkdown(figures)}\n`);

console.log(`\n${renderTable(figures)}\n`);
const misses = missed(figures);
console.log(
  `${figures.length} figures in ${results.durationSeconds} s; ${misses.length} budget(s) missed${
    misses.length ? `: ${misses.map((figure) => `${figure.name} (${figure.on})`).join(', ')}` : ''
  }. Written to bench/results.json and bench/results.md.`,
);
for (const failure of failures) console.error(`✗ ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
