import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { buildApp } from '../../../src/server/app';
import { memoryTransport } from '../../../src/server/outbox/console-transport';

/**
 * The migrated and seeded embedded database every suite starts from. Creating a cluster and
 * seeding it takes seconds, so it is done once per version of the code and schemas and kept as an
 * archive in the temp folder; each suite then loads its own copy in well under a second.
 */

export const TEST_PUBLIC_URL = 'https://pay.example.test';

const root = join(import.meta.dirname, '..', '..', '..');
const SOURCES = ['schemas', 'src/schema', 'src/server', 'src/shared', 'node_modules/@electric-sql/pglite/package.json'];
const PREFIX = 'bawaba-api-snapshot-';

function files(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(path, entry.name)) : [join(path, entry.name)],
    );
  } catch {
    return [path];
  }
}

/** Changes whenever anything that shapes the seeded database changes. */
export function seedVersion(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => files(join(root, source))).sort()) {
    hash.update(relative(root, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let pending: Promise<Blob> | undefined;

async function build(file: string): Promise<Blob> {
  const app = await buildApp({
    database: { dataDir: null },
    publicUrl: TEST_PUBLIC_URL,
    transport: memoryTransport(),
    outboxIntervalMs: 0,
  });
  const snapshot = await app.bawaba.db.snapshot?.();
  await app.close();
  if (!snapshot) throw new Error('The embedded database cannot take snapshots');
  // Older versions' archives go; this version's, whole or still being written by a suite running
  // in parallel, stay.
  const current = basename(file);
  for (const old of readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX) && !name.startsWith(current)))
    rmSync(join(tmpdir(), old), { force: true });
  // Written aside and renamed, so a suite running in parallel never reads half an archive.
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(partial, file);
  return snapshot;
}

/** The seeded database archive, built on first use. */
export function seededSnapshot(): Promise<Blob> {
  pending ??= (async () => {
    const file = join(tmpdir(), `${PREFIX}${seedVersion()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      return build(file);
    }
  })();
  return pending;
}
