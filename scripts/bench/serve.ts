import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import type { RateLimits } from '../../src/server/auth/rate-limits';
import type { DatabaseOptions } from '../../src/server/db/open';

/**
 * The bench's server process: the API and the built portal over the filled database, listening on
 * loopback, with no log below warnings, no scheduler and a transport that drops what it sends (the
 * outbox still records every message), and the product's rate limits unless a scenario replaces
 * some. Started by `server.ts`, which reads its configuration from `BENCH_SERVER` and waits for
 * the "ready" message; SIGTERM closes it cleanly.
 */

interface ServeConfig {
  database: DatabaseOptions;
  port: number;
  rateLimits?: Partial<RateLimits>;
}

const config = JSON.parse(process.env.BENCH_SERVER ?? '{}') as ServeConfig;
const root = join(import.meta.dirname, '..', '..');
const publicUrl = `http://127.0.0.1:${config.port}`;

const app = await buildApp({
  database: config.database,
  seed: false,
  publicUrl,
  portal: { distDir: join(root, 'dist'), localesDir: join(root, 'locales') },
  logger: { level: 'warn' },
  transport: { deliver: async () => {} },
  rateLimits: config.rateLimits,
});

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ ready: publicUrl });
