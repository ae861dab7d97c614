import { setClock } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { Database, Queryable } from '../db/database';
import { Outbox } from '../outbox/outbox';
import { EntityStores } from '../storage/entity-stores';

/**
 * What the demo seed runs the product's own payment flows with. The seed is one database
 * transaction (under the startup lock), while a flow opens a transaction of its own: here each of
 * those is a savepoint of the seed's, so a flow that refuses or fails undoes only its own writes.
 * Seeding sends nothing: messages a flow queues (a thank-you SMS) are dropped and no webhook is
 * logged for delivery.
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

/** An outbox that keeps nothing: demo payments thank no one. */
class SilentOutbox extends Outbox {
  override async enqueue(): Promise<void> {}
  override kick(): void {}
}

/** `ctx` as the seed's flows see it, inside the seed's transaction `tx`. */
export function seedFlowContext(ctx: ServerContext, tx: Queryable): ServerContext {
  const db = savepoints(ctx.db.driver, tx);
  // Without the delivery log a payment announces itself to no webhook (see `queueWebhook`).
  const stores = new EntityStores([...ctx.stores].filter(([name]) => name !== 'webhook_delivery'));
  return { ...ctx, db, stores, outbox: new SilentOutbox(db, { deliver: async () => {} }) };
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
