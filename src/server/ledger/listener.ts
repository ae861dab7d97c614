import { now } from '../../schema/calendar';
import type { XLedger } from '../../generated/vocabulary';
import type { EntitySchema } from '../../schema/types';
import type { Row } from '../db/database';
import type { RecordEvent, RecordEvents } from '../storage/events';
import type { Line } from './accounts';
import { paymentLines, paymentStateOf } from './payment-projection';
import { post } from './post';
import { rememberRequest, takeRequest } from './requests';
import { transferLines } from './transfer-projection';

/**
 * The ledger listens to every write of the entities whose schema names a money projection
 * (`x-ledger`) and posts, in the write's transaction, the lines from what the record held before
 * the write to what it holds after. Whatever flow writes the record — a payment, a capture, a
 * scheduler's void or refund, the demo seed — goes through the store, so its money is posted.
 */

interface Projection {
  lines(before: Row | null, after: Row | null): Line[];
  /** Which reference of an entry the record's id is. */
  reference: 'transactionId' | 'transferId';
}

const PROJECTIONS: Record<XLedger, Projection> = {
  payment: {
    lines: (before, after) => paymentLines(paymentStateOf(before), paymentStateOf(after)),
    reference: 'transactionId',
  },
  transfer: { lines: transferLines, reference: 'transferId' },
};

/** The record before and after the write (null: not there). */
function sidesOf(event: RecordEvent): [Row | null, Row | null] {
  switch (event.kind) {
    case 'created':
      return [null, event.record];
    case 'changed':
    case 'replaced':
      return [event.previous, event.record];
    case 'deleted':
      return [event.previous, null];
  }
}

/** Starts posting the money of every write of a ledger entity told to `events`. */
export function recordLedger(events: RecordEvents, entities: readonly EntitySchema[]): void {
  events.listen(async (event) => {
    rememberRequest(event, entities);
    const kind = event.entity['x-ledger'];
    if (!kind) return;
    const projection = PROJECTIONS[kind];
    const [before, after] = sidesOf(event);
    const lines = projection.lines(before, after);
    if (lines.length === 0) return;
    const id = Number((after ?? before)?.id);
    await post(event.q, {
      merchantId: event.merchantId,
      // When the money moved, by the clock the rules read (the demo's replayed past, a test's clock).
      at: now(),
      lines,
      [projection.reference]: id,
      ...takeRequest(event.q, event.entity, id),
    });
  });
}
