import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { entitySchemas } from '../schema/registry';
import type { EntitySchema } from '../schema/types';
import { AccessTokens } from './auth/access-tokens';
import { Sessions } from './auth/sessions';
import { TwoFactor } from './auth/two-factor';
import { loadTokenSecret } from './auth/token-secret';
import type { Database } from './db/database';
import { Effects } from './effects';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './http/rate-limit';
import { SHARED_SCHEMAS } from './http/shared-schemas';
import { Validator } from './http/validation';
import { MerchantCiphers } from './merchants/ciphers';
import { consoleTransport } from './outbox/console-transport';
import { Outbox, type Transport } from './outbox/outbox';
import { decryptedListQuery, entityRouteSchemas } from './resources/schemas';
import { UploadStore } from './resources/uploads';
import { EntityStore } from './storage/records';

/** Everything routes share, built once by `buildApp`. */
export interface ServerContext {
  db: Database;
  /** Absolute base URL of the portal, for links sent to payers. */
  publicUrl: string;
  entities: EntitySchema[];
  /** One store per entity, by `$id`. */
  stores: ReadonlyMap<string, EntityStore>;
  validator: Validator;
  tokens: AccessTokens;
  sessions: Sessions;
  /** TOTP two-factor of accounts and the sign-in challenges between password and code. */
  twoFactor: TwoFactor;
  ciphers: MerchantCiphers;
  outbox: Outbox;
  uploads: UploadStore;
  limiter: RateLimiter;
  rateLimits: RateLimits;
  /** What creating a record or moving its status also does (SMS, payment parts…). */
  effects: Effects;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's shared services (tests reach the database and the outbox through it). */
    bawaba: ServerContext;
  }
}

export interface ContextOptions {
  /** Absolute base URL payers reach the portal at (payment links). */
  publicUrl?: string;
  /** Folder for uploaded files; default a fresh temporary folder. */
  uploadsDir?: string;
  /** Key for access tokens; default one generated and kept in the database. */
  tokenSecret?: string;
  /** How long a session may go unused before it ends (default 15 minutes). */
  idleTimeoutMs?: number;
  /** Delivery of SMS, e-mail and webhooks; default one line each on stdout. */
  transport?: Transport;
  rateLimits?: Partial<RateLimits>;
  /** Entity schemas to serve; default every schema of the registry. */
  entities?: EntitySchema[];
  /**
   * Webhook URLs may be http or name hosts on private networks (a development server whose
   * merchant receives webhooks on the same machine). Off by default.
   */
  webhooksAllowPrivate?: boolean;
}

/** Builds the shared services over an open, migrated database. */
export async function createContext(
  db: Database,
  options: ContextOptions,
  log: FastifyBaseLogger,
): Promise<ServerContext> {
  const entities = options.entities ?? Object.values(entitySchemas);
  const publicUrl = options.publicUrl ?? 'http://localhost:8080';
  const tokenSecret = await loadTokenSecret(db, options.tokenSecret);
  const tokens = new AccessTokens(tokenSecret);
  const validator = new Validator({ webhooksAllowPrivate: options.webhooksAllowPrivate });
  for (const schema of [...SHARED_SCHEMAS, decryptedListQuery, ...entities.flatMap(entityRouteSchemas)]) {
    validator.add(schema);
  }
  const outboxFailed = (error: unknown, message?: { id: number; channel: string }) =>
    log.error(
      { err: error, outbox: message && { id: message.id, channel: message.channel } },
      'outbox delivery failed',
    );
  return {
    db,
    publicUrl,
    entities,
    stores: new Map(entities.map((entity) => [entity.$id, new EntityStore(entity, publicUrl, entities)])),
    validator,
    tokens,
    sessions: new Sessions(db, tokens, { idleMs: options.idleTimeoutMs }),
    twoFactor: new TwoFactor(tokenSecret),
    ciphers: new MerchantCiphers(),
    outbox: new Outbox(db, options.transport ?? consoleTransport(), outboxFailed),
    uploads: options.uploadsDir
      ? await UploadStore.open(options.uploadsDir)
      : await UploadStore.open(mkdtempSync(join(tmpdir(), 'bawaba-uploads-')), true),
    limiter: new RateLimiter(),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    effects: new Effects(),
  };
}
