import type { EntitySchema, PropertySchema } from '../../schema/types';

type Values = Record<string, unknown>;

function pick(properties: Record<string, PropertySchema>, values: Values): Values {
  const picked: Values = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    // The API answers `null` for an empty optional field; the form treats it as not filled in.
    if (value === null || value === undefined) continue;
    picked[name] =
      property.properties && typeof value === 'object' && !Array.isArray(value)
        ? pick(property.properties, value as Values)
        : value;
  }
  return picked;
}

/**
 * The part of a record a form over `schema` may hold: its properties only (an edited record also
 * carries `id`, timestamps and other read-only fields, which the write schema refuses), and no nulls.
 */
export function editableData(schema: EntitySchema, record: Values | undefined): Values {
  return record ? pick(schema.properties, record) : {};
}
