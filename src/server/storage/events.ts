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

/** A create, as told. */
export type CreatedEvent = Extract<RecordEvent, { kind: 'created' }>;

/** Told many creates at once (a flow writing many records with one statement); see `tellCreated`. */
export type CreatedBatchListener = (events: readonly CreatedEvent[]) => Promise<void>;

export class RecordEvents {
  private readonly listeners: { listener: RecordListener; batch?: CreatedBatchListener }[] = [];

  /**
   * Adds a listener to every later write; with `batch`, creates told together (`tellCreated`)
   * reach it at once, else one by one.
   */
  listen(listener: RecordListener, batch?: CreatedBatchListener): void {
    this.listeners.push({ listener, batch });
  }

  /** Tells every listener, one after the other. */
  async tell(event: RecordEvent): Promise<void> {
    for (const { listener } of this.listeners) await listener(event);
  }

  /** Tells many creates (of one transaction) to every listener in turn: all at once where it takes a batch. */
  async tellCreated(events: readonly CreatedEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const { listener, batch } of this.listeners) {
      if (batch) await batch(events);
      else for (const event of events) await listener(event);
    }
  }
}
