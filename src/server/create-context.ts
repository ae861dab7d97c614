import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { entitySchemas } from '../schema/registry';
import { recordAuditTrail } from './audit/trail';
import { AccessTokens } from './auth/access-tokens';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './auth/rate-limits';
import { Sessions } from './auth/sessions';
import { loadTokenSecret } from './auth/token-secret';
import { TwoFactor } from './auth/two-factor';
import type { ContextOptions, ServerContext } from './context';
import type { Database } from './db/database';
import { Effects } from './effects';
import { UploadStore } from './files/uploads';
import { recordChangeHistory } from './history/change-history';
import { decryptedListQuery, entityRouteSchemas } from './http/route-schemas';
import { SHARED_SCHEMAS } from './http/shared-schemas';
import { Validator } from './kernel/validation';
import { recordLedger } from './ledger/listener';
import { MerchantCiphers } from './merchants/ciphers';
import { consoleTransport } from './outbox/console-transport';
import { Outbox } from './outbox/outbox';
import { EntityStores } from './storage/entity-stores';
import { RecordEvents } from './storage/events';
import { OwnRecords } from './storage/own-records';
import { EntityStore } from './storage/records';

/**
 * Builds the shared services over an open, migrated database. The change history, the activity log
 * and the ledger start listening to the stores here, before any write.
 */
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
  const events = new RecordEvents();
  recordChangeHistory(events, entities);
  recordAuditTrail(events, entities);
  recordLedger(events, entities);
  const own = new OwnRecords(events);
  return {
    db,
    publicUrl,
    entities,
    stores: new EntityStores(
      entities.map((entity) => [entity.$id, new EntityStore(entity, publicUrl, entities, events)]),
    ),
    events,
    own,
    validator,
    tokens,
    sessions: new Sessions(db, tokens, { idleMs: options.idleTimeoutMs }),
    twoFactor: new TwoFactor(tokenSecret, own),
    ciphers: new MerchantCiphers(),
    outbox: new Outbox(db, options.transport ?? consoleTransport(), outboxFailed),
    uploads: options.uploadsDir
      ? await UploadStore.open(options.uploadsDir)
      : await UploadStore.open(mkdtempSync(join(tmpdir(), 'bawaba-uploads-')), true),
    limiter: new RateLimiter(db),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    effects: new Effects(),
  };
}
