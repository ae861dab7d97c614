import type { EntitySchema, PropertySchema } from './types';

/**
 * `x-when`: whether a property applies to a record, from the sibling values it names. A property
 * without `x-when` always applies.
 */
export function applies(property: PropertySchema, record: Record<string, unknown>): boolean {
  const when = property['x-when'];
  if (!when) return true;
  return Object.entries(when).every(([field, values]) => values.includes(record[field]));
}

/** The names of the entity's properties that do not apply to `record` (values to leave out). */
export function notApplying(entity: Pick<EntitySchema, 'properties'>, record: Record<string, unknown>): string[] {
  return Object.entries(entity.properties)
    .filter(([, property]) => !applies(property, record))
    .map(([name]) => name);
}
