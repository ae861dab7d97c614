import type { ServerContext } from '../context';
import type { EntityStore } from '../storage/records';

/** The store of an entity payments read and write; the server serves them all, so a missing one is a bug. */
export function storeOf(
  ctx: ServerContext,
  entity: 'invoice' | 'open_invoice' | 'subscription' | 'transaction',
): EntityStore {
  const store = ctx.stores.get(entity);
  if (!store) throw new Error(`The ${entity} entity is not served`);
  return store;
}
