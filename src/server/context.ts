import type { EntitySchema } from '../schema/types';
import type { AccessTokens } from './auth/access-tokens';
import type { RateLimiter, RateLimits } from './auth/rate-limits';
import type { Sessions } from './auth/sessions';
import type { TwoFactor } from './auth/two-factor';
import type { Database } from './db/database';
import type { Effects } from './effects';
import type { UploadStore } from './files/uploads';
import type { Validator } from './kernel/validation';
import type { MerchantCiphers } from './merchants/ciphers';
import type { Outbox, Transport } from './outbox/outbox';
import type { RecordEvents } from './storage/events';
import type { OwnRecords } from './storage/own-records';
import type { EntityStores } from './storage/entity-stores';

/**
 * Everything the product's flows and routes share, built once by `buildApp` (`create-context.ts`).
 */
export interface ServerContext {
  db: Database;
  /** Absolute base URL of the portal, for links sent to payers. */
  publicUrl: string;
  entities: EntitySchema[];
  /** One store per entity, by `$id` (`storeOf(ctx, 'invoice')` when the flow needs it). */
  stores: EntityStores;
  /** Every write of the stores is told here (the change history and the activity log listen). */
  events: RecordEvents;
  /** The merchant's own record of each entity with `x-resource.own` (its profile, its settings). */
  own: OwnRecords;
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
