import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/server/http/security-headers';
import { Client } from './helpers/client';
import { startServer, type TestServer } from './helpers/server';

/** The production server also serves the built portal; the database driver plays no part here. */
describe('serving the built portal', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'bawaba-dist-'));
  const localesDir = join(import.meta.dirname, '..', '..', 'locales');
  let server: TestServer;
  let unbuilt: TestServer;
  let browser: Client;
  const APP_SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};`;

  beforeAll(async () => {
    mkdirSync(join(distDir, 'static'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Bawaba</title>');
    writeFileSync(join(distDir, 'pay.html'), '<!doctype html><title>Pay</title>');
    writeFileSync(join(distDir, 'static', 'index-3f2a1b.js'), 'console.log(1)');
    // What the build's precompression writes beside a file (scripts/precompress.ts).
    writeFileSync(join(distDir, 'static', 'app-9c8d7e.js'), APP_SCRIPT);
    writeFileSync(join(distDir, 'static', 'app-9c8d7e.js.br'), brotliCompressSync(APP_SCRIPT));
    writeFileSync(join(distDir, 'static', 'app-9c8d7e.js.gz'), gzipSync(APP_SCRIPT));
    server = await startServer('pglite', { portal: { distDir, localesDir } });
    unbuilt = await startServer('pglite', { portal: { distDir: join(distDir, 'missing'), localesDir } });
    browser = new Client(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await unbuilt?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers every page path with index.html, never cached', async () => {
    for (const path of [
      '/',
      '/merchant',
      '/invoice/invoice-list',
      '/employees/12/permissions',
      '/assets/assest-list',
      '/assets/tenants',
    ]) {
      const response = await browser.get(path, { headers: { accept: 'text/html' } });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Bawaba</title>');
    }
  });

  it("answers a back-office address with its first screen's page when the build wrote them, others with index.html", async () => {
    const firstDir = mkdtempSync(join(tmpdir(), 'bawaba-dist-first-'));
    writeFileSync(join(firstDir, 'index.html'), '<!doctype html><title>plain</title>');
    for (const screen of ['list', 'record', 'dashboard', 'other'])
      writeFileSync(join(firstDir, `first-${screen}.html`), `<!doctype html><title>${screen}</title>`);
    const first = await startServer('pglite', { portal: { distDir: firstDir, localesDir } });
    try {
      const client = new Client(first.app);
      for (const [path, page] of [
        ['/report/payment-transactions', 'list'],
        ['/invoice/invoice-list?filter=%7B%7D', 'list'],
        ['/invoice/invoice-list/42', 'record'],
        ['/home/dashboard', 'dashboard'],
        ['/account/profile', 'other'],
        ['/invoice/invoice-list/create', 'other'],
        ['/', 'plain'],
        ['/merchant', 'plain'],
        ['/forgot-password', 'plain'],
        ['/no/such/page', 'plain'],
      ]) {
        const response = await client.get(path, { headers: { accept: 'text/html' } });
        expect(response.headers['cache-control'], path).toBe('no-cache');
        expect(response.body, path).toContain(`<title>${page}</title>`);
      }
    } finally {
      await first.close();
      rmSync(firstDir, { recursive: true, force: true });
    }
  });

  it('answers the payer pages with pay.html, never cached, and nothing else with it', async () => {
    for (const path of [
      '/smspay/INV-2026-000001',
      '/open-invoice/checkout/OPI-2026-000002',
      '/sp/INV-2026-000003',
      '/transaction-receipt/700000000014',
      '/transaction-receipt/v1/700000000014',
      '/sale/SL-2026-000001',
      '/saleproduct/SL-2026-000001/3',
      '/sale/cart',
      '/sale/checkout',
      '/stock/checkout',
      '/sale-receipt/SO-2026-000001',
      '/track-order/SO-2026-000001',
    ]) {
      const response = await browser.get(path, { headers: { accept: 'text/html' } });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, path).toContain('<title>Pay</title>');
    }
    for (const path of [
      '/smspayment/INV-1',
      '/saleproduct/SL-2026-000001/x',
      '/invoice/invoice-list',
      '/sales/sales-list',
    ]) {
      expect((await browser.get(path)).body, path).toContain('<title>Bawaba</title>');
    }
  });

  it('caches hashed assets for a year, and answers a missing one with 404', async () => {
    const asset = await browser.get('/static/index-3f2a1b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await browser.get('/static/index-000000.js')).statusCode).toBe(404);
  });

  it('serves the translation catalogues', async () => {
    const arabic = await browser.get('/locales/ar.json');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.json().app.message.not_found).toBe('الصفحة المطلوبة غير موجودة!');
    const reactAdmin = await browser.get('/locales/react-admin.ar.json');
    expect(reactAdmin.statusCode).toBe(200);
    expect(reactAdmin.json().ra.action.save).toBeTruthy();
    // Only catalogue names are read from disk; anything else is just another page path.
    const escape = await browser.get('/locales/..%2Fpackage.json');
    expect(escape.body).not.toContain('"devDependencies"');
    expect(escape.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends the precompressed copy the browser accepts, brotli first, and says it varies', async () => {
    const path = '/static/app-9c8d7e.js';
    const brotli = await browser.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_SCRIPT);
    const gzip = await browser.get(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_SCRIPT);
    const plain = await browser.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(APP_SCRIPT);
    // A file without copies is sent as it is.
    const single = await browser.get('/static/index-3f2a1b.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(single.headers['content-encoding']).toBeUndefined();
    expect(single.body).toBe('console.log(1)');
  });

  it('compresses the translation catalogues for a browser that accepts it', async () => {
    const compressed = await browser.get('/locales/en.json', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['vary']).toMatch(/accept-encoding/i);
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString()).app.name).toBe('Bawaba');
    const plain = await browser.get('/locales/en.json', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().app.name).toBe('Bawaba');
  });

  it('keeps API answers JSON', async () => {
    expect((await browser.get('/v1/unknown')).json()).toEqual({ message: 'Requested page not found!' });
    expect((await browser.post('/merchant', {})).statusCode).toBe(404);
    expect((await browser.get('/v1/health')).statusCode).toBe(200);
  });

  it('sends the security headers on every answer: pages, payer pages, files and API', async () => {
    const answers = {
      portal: await browser.get('/invoice/invoice-list'),
      pay: await browser.get('/smspay/INV-2026-000001'),
      script: await browser.get('/static/index-3f2a1b.js'),
      api: await browser.get('/v1/health'),
      missing: await browser.get('/v1/unknown'),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers['x-frame-options'], name).toBe('DENY');
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      expect(answer.headers['referrer-policy'], name).toBe('same-origin');
      expect(answer.headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
      // No script from a string (eval, inline) anywhere: the forms' validators are compiled at build time.
      expect(answer.headers['content-security-policy'], name).not.toContain('unsafe-eval');
      expect(answer.headers['content-security-policy'], name).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(answer.headers['strict-transport-security'], name).toBeUndefined();
    }
    expect(answers.portal.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY.portal);
    expect(answers.portal.headers['content-security-policy']).toMatch(/(?:^|; )script-src 'self'(?:;|$)/);
    expect(answers.script.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY.portal);
    expect(answers.pay.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY.pay);
    expect(answers.api.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY.api);
    expect(answers.missing.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY.api);
    expect(answers.api.headers['cache-control']).toBe('no-store');
  });

  it('asks for HTTPS from then on only when served over TLS', async () => {
    const proxied = await startServer('pglite', { portal: { distDir, localesDir }, trustProxy: true });
    try {
      const client = new Client(proxied.app);
      const secure = await client.get('/merchant', { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await client.get('/merchant', { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('says so when the portal is not built, and still serves the API', async () => {
    const client = new Client(unbuilt.app);
    const page = await client.get('/');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('npm run build');
    expect((await client.get('/v1/health')).statusCode).toBe(200);
    expect((await client.get('/locales/en.json')).json().app.name).toBe('Bawaba');
  });
});
