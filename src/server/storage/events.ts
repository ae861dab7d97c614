import type { EntitySchema } from '../../schema/types';
import type { Queryable, Row } from '../db/database';

/**
 * What the storage tells about the records it writes: a create, a change (a write or a status
 * action), a delete, or the merchant's own record replaced (`x-resource.own`). Listeners (the
 * change history, the activity log) run inside the write's transaction, in the order they were
 * added, so what they write commits or rolls back with the record; a listener that throws refuses
 * the write. Storage knows nothing of who listens.
 */

interface Written {
  /** The transaction of the write. */
  q: Queryable;
  entity: EntitySchema;
  merchantId: number;
  /** Who the write is made by, as people read it (the caller's name); the merchant's account when left out. */
  actor?: string;
}

export type RecordEvent = Written &
  (
    | {
        kind: 'created';
        /** The record as stored. */
        record: Row;
        /** The values the write was given (a secret given here was set, whatever its hash). */
        written: Row;
      }
    | {
        kind: 'changed';
        /** The stored row before the write, every column. */
        previous: Row;
        record: Row;
        /** The values the write set, cleared fields included. */
        written: Row;
      }
    | { kind: 'deleted'; previous: Row }
    | {
        /** The merchant's own record, one per merchant, replaced whole (as stored: it has no id of its own). */
        kind: 'replaced';
        previous: Row;
        record: Row;
        /** The values the write was given (fields left out are cleared). */
        written: Row;
      }
  );

export type RecordListener = (event: RecordEvent) => Promise<void>;

export class RecordEvents {
  private readonly listeners: RecordListener[] = [];

  /** Adds a listener to every later write. */
  listen(listener: RecordListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener, one after the other. */
  async tell(event: RecordEvent): Promise<void> {
    for (const listener of this.listeners) await listener(event);
  }
}
