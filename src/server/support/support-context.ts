import { entitySchemas } from '../../schema/registry';
import type { Database } from '../db/database';
import { EntityStores } from '../storage/entity-stores';
import { migrate } from '../storage/migrate';
import { EntityStore } from '../storage/records';
import type { SupportContext } from './fees';

/**
 * The stores support's command line writes records through, outside a running server: the same
 * entity stores the server makes, over a database migrated to the schemas first (a server not
 * started since an upgrade has not made the newest tables yet).
 */
export async function supportContext(db: Database): Promise<SupportContext> {
  const entities = Object.values(entitySchemas);
  await migrate(db, entities);
  return { stores: new EntityStores(entities.map((entity) => [entity.$id, new EntityStore(entity, '', entities)])) };
}
