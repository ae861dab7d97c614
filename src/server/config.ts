import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings of the production entry point, from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  tokenSecret?: string;
  trustProxy: boolean;
  /** Webhook URLs may be http and name private addresses (development only). */
  webhooksAllowPrivate: boolean;
  /** Repository root: `dist/` and `locales/` are found from here. */
  root: string;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Reads PORT, HOST, DATA_DIR, DATABASE_URL, PUBLIC_URL, TOKEN_SECRET, TRUST_PROXY and
 * WEBHOOKS_ALLOW_PRIVATE, with their defaults.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    tokenSecret: env.TOKEN_SECRET || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true' || env.WEBHOOKS_ALLOW_PRIVATE === '1',
    root,
  };
}
