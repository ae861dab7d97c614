import type { EntitySchema } from '../../schema/types';
import { ignoredOnUpdate } from '../../schema/variants';

/**
 * A replace (PUT) may carry the whole record as it was read — react-admin's edit form sends `id`,
 * `created_at`, `status`, `reference_no` and the rest back with the changed fields. Those fields
 * are the server's: they are taken out of the body before it is validated, so they are never
 * written and the update schema stays as strict as ever for everything else (an unknown field, or
 * `merchant_id`, is still refused). Creates are left strict: a new record has nothing to send back.
 */

const ignoredByEntity = new WeakMap<EntitySchema, readonly string[]>();

function ignoredFields(entity: EntitySchema): readonly string[] {
  let names = ignoredByEntity.get(entity);
  if (!names) {
    names = ignoredOnUpdate(entity);
    ignoredByEntity.set(entity, names);
  }
  return names;
}

/**
 * Removes from an update's body (plain, multipart `record` or decrypted `data`) the fields of the
 * record that an update never writes. Anything but an object is left for validation to refuse.
 */
export function dropIgnoredFields(entity: EntitySchema, body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const name of ignoredFields(entity)) delete (body as Record<string, unknown>)[name];
}
