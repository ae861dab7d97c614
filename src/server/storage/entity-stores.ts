import type { EntityName } from '../../generated/entities';
import type { EntityStore } from './records';

/**
 * The store of every entity the server serves, by name (`$id`), each made from the schema of the
 * name it is kept under. A name the code spells gives the store of that entity's types
 * (`stores.get('invoice')` reads invoices); a name known only at run time, a store of plain rows.
 */
export class EntityStores extends Map<string, EntityStore> {
  /** The store of `name`, undefined when the server does not serve that entity. */
  override get<N extends EntityName>(name: N): EntityStore<N> | undefined;
  override get(name: string): EntityStore | undefined;
  override get(name: string): EntityStore | undefined {
    return super.get(name);
  }
}

/**
 * The store of `name`, for a flow that cannot do without it: a server that does not serve the
 * entity is set up wrong, and this throws.
 */
export function storeOf<N extends EntityName>(ctx: { stores: EntityStores }, name: N): EntityStore<N> {
  const store = ctx.stores.get(name);
  if (!store) throw new Error(`The ${name} entity is not served`);
  return store;
}
