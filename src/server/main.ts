import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { mailboxTransport } from './outbox/mailbox-transport';
import { readConfig } from './config';
import { DEMO_ACCOUNTS } from './seed/accounts';
import { portalBuilt } from './web/portal';

/**
 * Production entry point: `node --import tsx src/server/main.ts`. Opens (creating, migrating and
 * seeding on first start) the database, serves the API and the built portal, and shuts down
 * cleanly on SIGINT/SIGTERM.
 */

const config = readConfig();
const portal = { distDir: join(config.root, 'dist'), localesDir: join(config.root, 'locales') };
mkdirSync(config.dataDir, { recursive: true });

if (!portalBuilt(portal)) {
  console.warn(
    `⚠ The portal is not built: ${join(portal.distDir, 'index.html')} is missing. Run \`npm run build\`; serving the API only.`,
  );
}
console.log(
  config.databaseUrl
    ? 'Using PostgreSQL (DATABASE_URL).'
    : `Using the embedded database in ${join(config.dataDir, 'pglite')}.`,
);

if (config.webhooksAllowPrivate)
  console.warn('⚠ WEBHOOKS_ALLOW_PRIVATE is on: webhooks may go over http and to private addresses.');
if (config.sandboxClock)
  console.warn("⚠ SANDBOX_CLOCK is on: a merchant's admin may move the server's clock (POST /v1/sandbox/clock).");

const app = await buildApp({
  database: config.databaseUrl
    ? { url: config.databaseUrl, schema: config.databaseSchema }
    : { dataDir: join(config.dataDir, 'pglite') },
  publicUrl: config.publicUrl,
  uploadsDir: join(config.dataDir, 'uploads'),
  transport: mailboxTransport(join(config.dataDir, 'mailbox')),
  tokenSecret: config.tokenSecret,
  idleTimeoutMs: config.idleTimeoutMs,
  portal,
  trustProxy: config.trustProxy,
  webhooksAllowPrivate: config.webhooksAllowPrivate,
  sandboxClock: config.sandboxClock,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  schedulerIntervalMs: 30_000,
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(
  `\nBawaba is ready at ${config.publicUrl}  (API: ${config.publicUrl}/v1, document: ${config.publicUrl}/v1/openapi.json)`,
);
console.log('Demo sign-ins:');
for (const account of Object.values(DEMO_ACCOUNTS))
  console.log(`  ${account.email.padEnd(20)} ${account.password.padEnd(12)} ${account.note}`);
