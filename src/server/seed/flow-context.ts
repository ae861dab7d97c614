import { setClock } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { Database, Queryable } from '../db/database';
import { registerSmsEffects } from '../messaging/sms-effects';
import { Outbox, type OutboxMessage, type Transport } from '../outbox/outbox';
import { EntityStores } from '../storage/entity-stores';

/**
 * What the demo seed runs the product's own flows with. The seed is one database transaction
 * (under the startup lock), while a flow opens a transaction of its own: here each of those is a
 * savepoint of the seed's, so a flow that refuses or fails undoes only its own writes. The messages
 * the flows queue (an invoice's SMS, a thank-you SMS) are delivered within the seed, at the instant
 * of the step that queued them, by the outbox's own delivery to a transport that sends nothing; no
 * webhook is logged for delivery.
 */

/** The seed's transaction `tx` as a database whose transactions are savepoints of it. */
function savepoints(driver: Database['driver'], tx: Queryable): Database {
  let count = 0;
  return {
    driver,
    query: (sql, params) => tx.query(sql, params),
    async transaction(fn) {
      const name = `demo_flow_${++count}`;
      await tx.query(`savepoint ${name}`);
      try {
        const result = await fn(tx);
        await tx.query(`release savepoint ${name}`);
        return result;
      } catch (error) {
        await tx.query(`rollback to savepoint ${name}`);
        throw error;
      }
    },
    close: async () => {},
  };
}

/** The demo's payers are made up: their messages go nowhere, and are recorded as sent. */
const NOWHERE: Transport = { deliver: async () => {} };

/**
 * The seed's outbox keeps what the flows queue, as the server's does, and delivers it when the
 * demo's timeline flushes it after each step, by the clock stopped at that step: each message is
 * sent at its simulated time, and none is left for the server to send for the past when it starts.
 */
class SeedOutbox extends Outbox {
  private queued = false;

  override async enqueue(q: Queryable, message: OutboxMessage): Promise<void> {
    await super.enqueue(q, message);
    this.queued = true;
  }

  override async enqueueAll(q: Queryable, messages: readonly OutboxMessage[]): Promise<void> {
    await super.enqueueAll(q, messages);
    if (messages.length > 0) this.queued = true;
  }

  /** No delivery by a timer, after the clock has moved on: the timeline flushes. */
  override kick(): void {}

  /** Delivers what was queued since the last flush; asks the database only when something was. */
  override async flush(): Promise<number> {
    if (!this.queued) return 0;
    this.queued = false;
    return super.flush();
  }
}

/** A message the seed cannot deliver, or whose outcome its invoice cannot follow, stops the seed. */
const stop = (error: unknown) => {
  throw error;
};

/** `ctx` as the seed's flows see it, inside the seed's transaction `tx`. */
export function seedFlowContext(ctx: ServerContext, tx: Queryable): ServerContext {
  const db = savepoints(ctx.db.driver, tx);
  // Without the delivery log a payment announces itself to no webhook (see `queueWebhook`).
  const stores = new EntityStores([...ctx.stores].filter(([name]) => name !== 'webhook_delivery'));
  const flows: ServerContext = {
    ...ctx,
    db,
    stores,
    outbox: new SeedOutbox(db, NOWHERE, stop),
    effects: ctx.effects.copy(),
  };
  // What the server registers once seeded (`installMessaging`): a new invoice or subscription
  // sends its link, and an invoice's `sms_status` follows the delivery of its message.
  registerSmsEffects(flows);
  return flows;
}

/**
 * Runs `flow` with the clock the rules read (`now()` of `schema/calendar`) stopped at `instant`,
 * then puts the real clock back, whatever happens.
 */
export async function atInstant<T>(instant: Date, flow: () => Promise<T>): Promise<T> {
  setClock(() => instant);
  try {
    return await flow();
  } finally {
    setClock();
  }
}
