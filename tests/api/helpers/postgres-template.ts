import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { buildApp } from '../../../src/server/app';
import { memoryTransport } from '../../../src/server/outbox/console-transport';
import { sqlState } from '../../../src/server/db/database';
import { seedVersion, TEST_PUBLIC_URL } from './snapshot';

/**
 * The migrated and seeded PostgreSQL database every suite starts from. Seeding drives the demo's
 * payments through the product's own flows and takes seconds; it is done once per version of the
 * code and per day, kept as a template database, and each suite gets its own copy of it (a file
 * copy inside PostgreSQL, well under a second), dropped when the suite ends.
 */

const TEMPLATE_PREFIX = 'bawaba_template_';
const SUITE_PREFIX = 'bawaba_suite_';
/** PostgreSQL refuses to copy a template another session is connected to ("object in use"). */
const OBJECT_IN_USE = '55006';

export interface SuiteDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}

const admin = (url: string) => postgres(url, { max: 1, onnotice: () => {} });

/** The template's name: the version of what shapes the seed and the UTC day the demo is seeded for. */
function templateName(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${TEMPLATE_PREFIX}${seedVersion()}_${day}`;
}

/** Builds the template once across every test process: they queue on one advisory lock. */
async function ensureTemplate(url: string, name: string): Promise<void> {
  const sql = admin(url);
  try {
    await sql`select pg_advisory_lock(hashtext('bawaba:test-template'))`;
    const [found] = await sql`select 1 from pg_database where datname = ${name}`;
    if (found) return;
    const stale = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
    for (const { datname } of stale) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    // Built aside and renamed, so a template left by an interrupted run is never taken for a whole one.
    const building = `${name}_building`;
    await sql.unsafe(`create database "${building}"`);
    const app = await buildApp({
      database: { url: withDatabase(url, building) },
      publicUrl: TEST_PUBLIC_URL,
      transport: memoryTransport(),
      outboxIntervalMs: 0,
    });
    await app.close();
    await sql.unsafe(`alter database "${building}" rename to "${name}"`);
  } finally {
    await sql`select pg_advisory_unlock(hashtext('bawaba:test-template'))`.catch(() => undefined);
    await sql.end();
  }
}

let template: Promise<string> | undefined;

/** A seeded database of the suite's own, on the server `url` points at. */
export async function seededPostgresDatabase(url: string): Promise<SuiteDatabase> {
  template ??= (async () => {
    const name = templateName();
    await ensureTemplate(url, name);
    return name;
  })();
  const source = await template;
  const database = `${SUITE_PREFIX}${randomBytes(6).toString('hex')}`;
  const sql = admin(url);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await sql.unsafe(`create database "${database}" template "${source}"`);
        break;
      } catch (error) {
        if (sqlState(error) !== OBJECT_IN_USE || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  } finally {
    await sql.end();
  }
  return {
    url: withDatabase(url, database),
    async drop() {
      const dropper = admin(url);
      try {
        await dropper.unsafe(`drop database if exists "${database}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
