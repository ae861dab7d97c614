import employee from '../../schemas/employee.json';
import invoice from '../../schemas/invoice.json';
import product from '../../schemas/product.json';
import type { EntitySchema } from './types';

/**
 * Every entity schema of the product, by `$id`. A new entity is one JSON file in `schemas/` and one
 * line here; a new field is an edit of its JSON file only.
 */
export const entitySchemas: Record<string, EntitySchema> = Object.fromEntries(
  [invoice, product, employee].map((schema) => [schema.$id, schema as unknown as EntitySchema]),
);

export function getEntitySchema(name: string): EntitySchema {
  const schema = entitySchemas[name];
  if (!schema) throw new Error(`Unknown entity schema: ${name}`);
  return schema;
}
