import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings of the production entry point, from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to create and work in instead of the connection's default (`public`). */
  databaseSchema?: string;
  publicUrl: string;
  tokenSecret?: string;
  /** How long a session may go unused (`SESSION_IDLE_MINUTES`); the server's default when unset. */
  idleTimeoutMs?: number;
  /**
   * Which proxies in front may name the client (`X-Forwarded-For`) and the scheme
   * (`X-Forwarded-Proto`): false (none), how many hops, or their addresses; see `proxyTrust`.
   */
  trustProxy: ProxyTrust;
  /** Webhook URLs may be http and name private addresses (development only). */
  webhooksAllowPrivate: boolean;
  /** Serve `POST /v1/sandbox/clock`, which moves the server's clock forward (development and tests only). */
  sandboxClock: boolean;
  /** Repository root: `dist/` and `locales/` are found from here. */
  root: string;
}

/** Fastify's `trustProxy`: trust nobody, this many proxies nearest the server, or these addresses and ranges. */
export type ProxyTrust = false | number | string;

/**
 * `TRUST_PROXY`: unset, `0` or `false` trusts no proxy (the address a request comes from is the
 * client's); `1` or `true` trusts one (a load balancer: the client is the address it adds to
 * `X-Forwarded-For`, whatever the client wrote before it); a number more trusts that many hops; any
 * other value lists the proxies' addresses or ranges (`10.0.0.0/8,192.0.2.1`). Trusting every hop
 * is never offered: a client could then name any address and escape the rate limits.
 */
export function proxyTrust(value: string | undefined): ProxyTrust {
  const given = (value ?? '').trim();
  if (given === '' || given === '0' || given === 'false') return false;
  if (given === 'true') return 1;
  if (/^\d+$/.test(given)) return Number(given);
  return given;
}

/** A setting that is on when `1` or `true`. */
const flag = (value: string | undefined) => value === 'true' || value === '1';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Reads PORT, HOST, DATA_DIR, DATABASE_URL, DATABASE_SCHEMA, PUBLIC_URL, TOKEN_SECRET,
 * SESSION_IDLE_MINUTES, TRUST_PROXY, WEBHOOKS_ALLOW_PRIVATE and SANDBOX_CLOCK, with their defaults.
 * SANDBOX_CLOCK is refused with NODE_ENV=production: a clock anyone's admin can move has no place
 * where real money is paid.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const idleMinutes = env.SESSION_IDLE_MINUTES ? Number(env.SESSION_IDLE_MINUTES) : undefined;
  if (idleMinutes !== undefined && !(idleMinutes > 0))
    throw new Error(`SESSION_IDLE_MINUTES must be a positive number, got "${env.SESSION_IDLE_MINUTES}"`);
  const sandboxClock = flag(env.SANDBOX_CLOCK);
  if (sandboxClock && env.NODE_ENV === 'production')
    throw new Error('SANDBOX_CLOCK may not be on in production (NODE_ENV=production)');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    tokenSecret: env.TOKEN_SECRET || undefined,
    idleTimeoutMs: idleMinutes === undefined ? undefined : idleMinutes * 60_000,
    trustProxy: proxyTrust(env.TRUST_PROXY),
    webhooksAllowPrivate: flag(env.WEBHOOKS_ALLOW_PRIVATE),
    sandboxClock,
    root,
  };
}
