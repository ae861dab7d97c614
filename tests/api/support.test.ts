import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { memoryTransport } from '../../src/server/outbox/console-transport';
import { ACCOUNTS, Client } from './helpers/client';

/**
 * Support switches a merchant's service off from the command line (`npm run support`); the
 * merchant's API calls for that service are then refused in the caller's language.
 */

let dataDir: string;
const start = () =>
  buildApp({
    database: { dataDir: join(dataDir, 'pglite') },
    uploadsDir: join(dataDir, 'uploads'),
    transport: memoryTransport(),
    outboxIntervalMs: 0,
  });

function support(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/support.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bawaba-support-'));
  await (await start()).close();
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the support command line', () => {
  it('switches a service off, and the API then refuses that service only', async () => {
    const run = support('service', 'merchant@demo.test', 'quick_invoice', 'off');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/quick_invoice\s+off/);
    expect(run.stdout).toMatch(/product_listing\s+on/);

    const app = await start();
    try {
      const merchant = await Client.signIn(app, ACCOUNTS.merchant);
      const invoices = await merchant.get('/v1/invoice');
      expect(invoices.statusCode).toBe(403);
      expect(invoices.json().message).toBe('Service not fully enabled, please contact support');
      const arabic = await merchant.get('/v1/invoice', { locale: 'ar' });
      expect(arabic.json().message).toBe('الخدمة غير مفعّلة بالكامل، يرجى التواصل مع الدعم');
      expect((await merchant.get('/v1/products/')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('switches recurring subscriptions off: the API refuses them in its own words, in English and Arabic', async () => {
    const run = support('service', 'merchant@demo.test', 'recurring_subscription', 'off');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/recurring_subscription\s+off/);

    const app = await start();
    try {
      const merchant = await Client.signIn(app, ACCOUNTS.merchant);
      const body = { customer_name: 'Salem', mobile: '96550001234', amount: '5.000', start_date: '2027-01-01' };
      const refused = await merchant.post('/v1/subscription', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('recurring subscription payment type not enabled, contact support');
      const arabic = await merchant.get('/v1/subscription', { locale: 'ar' });
      expect(arabic.json().message).toBe('نوع دفع الاشتراك المتكرر غير مفعّل، يرجى التواصل مع الدعم');
    } finally {
      await app.close();
    }
    expect(support('service', 'merchant@demo.test', 'recurring_subscription', 'on').status).toBe(0);
  });

  it('takes the multi-vendor screens away from a merchant and gives them back', async () => {
    const off = support('multi-vendor', 'merchant@demo.test', 'off');
    expect(off.status).toBe(0);
    expect(off.stdout).toContain('merchant@demo.test is not a multi-vendor merchant');
    let app = await start();
    try {
      const merchant = await Client.signIn(app, ACCOUNTS.merchant);
      expect((await merchant.get('/v1/multi-vendor/merchants')).statusCode).toBe(403);
      expect((await merchant.get('/v1/profile')).json().merchant.is_multi_vendor).toBe(false);
    } finally {
      await app.close();
    }
    expect(support('multi-vendor', 'merchant@demo.test', 'on').stdout).toContain('is a multi-vendor merchant');
    app = await start();
    try {
      const merchant = await Client.signIn(app, ACCOUNTS.merchant);
      expect((await merchant.get('/v1/multi-vendor/merchants')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("holds a merchant's payment transfers with a reason, lists them on hold, and releases them", async () => {
    const held = support('hold-transfers', 'merchant@demo.test', 'Bank', 'letter', 'expired');
    expect(held.status, held.stderr).toBe(0);
    expect(held.stdout).toContain('Transfers of merchant@demo.test are on hold');
    let app = await start();
    try {
      const rows = await app.bawaba.db.query<{ status: string; hold_reason: string | null }>(
        `select p.status, p.hold_reason from payment_transfers p join merchants m on m.id = p.merchant_id
         where m.email = 'merchant@demo.test' and p.status <> 'transferred'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.status === 'on_hold' && row.hold_reason === 'Bank letter expired')).toBe(true);
    } finally {
      await app.close();
    }
    const released = support('release-transfers', 'merchant@demo.test');
    expect(released.status, released.stderr).toBe(0);
    expect(released.stdout).toContain('Transfers of merchant@demo.test are released');
    app = await start();
    try {
      const [row] = await app.bawaba.db.query<{ held: number }>(
        `select count(*)::integer as held from payment_transfers where status = 'on_hold'`,
      );
      const [holds] = await app.bawaba.db.query<{ held: number }>(
        `select count(*)::integer as held from transfer_holds`,
      );
      expect(row.held).toBe(0);
      expect(holds.held).toBe(0);
    } finally {
      await app.close();
    }
    expect(support('hold-transfers', 'merchant@demo.test').status).toBe(2);
  });

  it('says what is wrong with an unknown merchant, an unknown service or missing words', () => {
    const stranger = support('service', 'nobody@demo.test', 'quick_invoice', 'on');
    expect(stranger.status).toBe(1);
    expect(stranger.stderr).toContain('No merchant signs in with nobody@demo.test');

    const unknown = support('service', 'merchant@demo.test', 'teleport', 'on');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown service "teleport"');

    const usage = support('service', 'merchant@demo.test');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run support');
  });
});
