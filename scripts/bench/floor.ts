import { today } from '../../src/schema/calendar';
import { DEFAULT_LANGUAGE } from '../../src/shared/i18n';
import { buildApp } from '../../src/server/app';
import { loadIdentity } from '../../src/server/auth/identities';
import { verifyPassword } from '../../src/server/kernel/passwords';
import type { ServerContext } from '../../src/server/context';
import type { DatabaseOptions } from '../../src/server/db/open';
import { exportColumns } from '../../src/server/export/export-columns';
import { keysetBatches } from '../../src/server/export/keyset';
import { DEFAULT_EXPORT_BATCH } from '../../src/server/export/routes';
import { parseListQuery } from '../../src/server/http/list-params';
import { dashboardSummary } from '../../src/server/payments/dashboard';
import { actorOf } from '../../src/server/history/change-history';
import { storeOf as typedStoreOf } from '../../src/server/storage/entity-stores';
import { findLogin } from '../../src/server/storage/login-identities';
import type { ListParams, PageReader, Step, Workload } from './scenarios';

/**
 * The floor of the API: each step of a scenario run by the server's own code for its data —
 * the statements its handler runs, on the same driver — with no HTTP, no authentication of the
 * request, no validation of the body and no JSON. This is the only bench module that reaches into
 * the server's folders, so that a move there is fixed here alone.
 *
 * The context is the server's own (`buildApp` with no listener): the same stores, effects (an
 * invoice's SMS, its parts) and database settings as the server the API section measures.
 */

export interface FloorDriver {
  /** A page of a list, as the merchant: to pick the scenarios' inputs (not measured). */
  page: PageReader;
  /** Prepares a step (parses its list query: not measured) and answers the call that runs it. */
  operation(step: Step): () => Promise<unknown>;
  /** Reads every row an export of the list reads, batch by batch; answers how many. */
  exportRows(resource: string, params: ListParams): Promise<number>;
  close(): Promise<void>;
}

/** What the floor of each kind of step runs, for the table's notes. */
export const FLOOR_OF: Record<Step['kind'] | 'export', string> = {
  'sign-in': 'the account lookups, the scrypt check and the session inserts',
  dashboard: "the dashboard's totals and latest transactions",
  list: 'the page and its total (EntityStore.list)',
  show: 'one select (EntityStore.get)',
  create: 'the insert with its history and SMS in one transaction (EntityStore.create and the create effects)',
  export: 'the keyset batches alone, no CSV text',
  get: 'none: a route of its own is judged by its budget in milliseconds',
};

/**
 * The floor over a server context already running (a test's server), signed in as `account`
 * without a request: its merchant and its name for the change history are looked up once.
 */
export async function floorOf(ctx: ServerContext, account: Workload['account']): Promise<FloorDriver> {
  const { db } = ctx;
  const login = await findLogin(db, account.email);
  const identity = login && (await loadIdentity(db, login.source, login.record_id));
  if (!identity) throw new Error(`No account signs in as ${account.email}`);
  const { merchantId } = identity;
  const actor = actorOf({ identity });
  const storeOf = (resource: string) => {
    const store = ctx.stores.get(resource);
    if (!store) throw new Error(`The server has no ${resource}`);
    return store;
  };
  const listQuery = (resource: string, params: ListParams) =>
    parseListQuery(ctx.validator, storeOf(resource).entity, params);

  const signIn = async () => {
    const found = await findLogin(db, account.email);
    const who = found && (await loadIdentity(db, found.source, found.record_id));
    if (!who || !(await verifyPassword(account.password, who.passwordHash))) throw new Error('sign-in refused');
    return ctx.sessions.start(
      { source: who.source, recordId: who.recordId, merchantId: who.merchantId },
      who.passwordHash,
    );
  };

  const operation = (step: Step): (() => Promise<unknown>) => {
    switch (step.kind) {
      case 'sign-in':
        return signIn;
      case 'dashboard':
        return () => dashboardSummary(db, typedStoreOf(ctx, 'transaction'), merchantId, today());
      case 'list': {
        const store = storeOf(step.resource);
        const query = listQuery(step.resource, step.params);
        return () => store.list(db, merchantId, query);
      }
      case 'show': {
        const store = storeOf(step.resource);
        return async () => {
          const record = await store.get(db, merchantId, step.id);
          if (!record) throw new Error(`No ${step.resource} ${step.id}`);
          return record;
        };
      }
      case 'create': {
        const store = storeOf(step.resource);
        return () =>
          db.transaction(async (tx) => {
            const record = await store.create(tx, merchantId, { ...step.values }, {}, actor);
            const scope = { tx, merchantId, language: DEFAULT_LANGUAGE, actor };
            return ctx.effects.afterCreate(step.resource, scope, record);
          });
      }
      case 'get':
        return () => Promise.reject(new Error(`${step.path} has no floor`));
    }
  };

  return {
    page: (resource, params) => storeOf(resource).page(db, merchantId, listQuery(resource, params)),
    operation,
    async exportRows(resource, params) {
      const entity = storeOf(resource).entity;
      const query = parseListQuery(ctx.validator, entity, params, undefined, { anyLength: true });
      const columns = exportColumns(entity, undefined, DEFAULT_LANGUAGE);
      const batches = keysetBatches(db, {
        entity,
        merchantId,
        query,
        values: columns.map((column) => column.select),
        batchSize: DEFAULT_EXPORT_BATCH,
      });
      let rows = 0;
      for await (const batch of batches) rows += batch.length;
      return rows;
    },
    close: async () => {},
  };
}

/**
 * Opens the filled database as the bench's server opens it, in this process. The embedded
 * database is single-process: close it before the server opens the same folder.
 */
export async function openFloor(database: DatabaseOptions, account: Workload['account']): Promise<FloorDriver> {
  const app = await buildApp({
    database,
    seed: false,
    logger: false,
    outboxIntervalMs: 0,
    transport: { deliver: async () => {} },
  });
  try {
    return { ...(await floorOf(app.bawaba, account)), close: () => app.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
}
