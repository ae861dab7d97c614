import type { EntitySchema } from '../../schema/types';
import type { Queryable } from '../db/database';
import type { RecordEvent } from '../storage/events';
import { referencesOf } from '../storage/relations';

/**
 * The requests a posting carries out, by their entity: a refund processed, a capture made. The
 * flows write the request and then, in the same transaction, the transaction it is of; the entries
 * of that transaction's change name the request.
 */
const REQUESTS: Record<string, Field> = { refund: 'refundId', capture: 'captureId' };

/** The entry's field that names a request. */
type Field = 'refundId' | 'captureId';
type Requests = Map<string, { field: Field; id: number }>;

/** The request last written in each database transaction, by the ledger record it is of (`<entity>:<id>`). */
const requestsOf = new WeakMap<Queryable, Requests>();

/** Remembers a written request against the payment it references. */
export function rememberRequest(event: RecordEvent, entities: readonly EntitySchema[]): void {
  const field = REQUESTS[event.entity.$id];
  if (!field || (event.kind !== 'created' && event.kind !== 'changed')) return;
  const requests = requestsOf.get(event.q) ?? (new Map() as Requests);
  requestsOf.set(event.q, requests);
  for (const reference of referencesOf(event.entity, entities)) {
    const target = event.record[reference.column];
    // A request is carried out on a payment: the transfer that deducted a refund is not its subject.
    if (reference.many || reference.target['x-ledger'] !== 'payment' || target === null || target === undefined)
      continue;
    requests.set(`${reference.target.$id}:${String(target)}`, { field, id: Number(event.record.id) });
  }
}

/** The request written before this change of the ledger record `entity` `id`, forgotten once taken. */
export function takeRequest(q: Queryable, entity: EntitySchema, id: number): Partial<Record<Field, number>> {
  const requests = requestsOf.get(q);
  const key = `${entity.$id}:${id}`;
  const request = requests?.get(key);
  requests?.delete(key);
  return request ? { [request.field]: request.id } : {};
}
