import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';

/**
 * The low-code promise under test: the invoice schema with one field added, exactly as a product
 * owner would add it in `schemas/invoice.json` — a property, listed as a column and a filter — and
 * nothing else anywhere.
 */
export const ADDED_FIELD = 'loyalty_tier';

export function invoiceWithAddedField(): EntitySchema {
  const invoice = structuredClone(entitySchemas.invoice);
  invoice.properties[ADDED_FIELD] = { type: 'string', enum: ['silver', 'gold'] };
  invoice['x-list'].columns.push(ADDED_FIELD);
  invoice['x-list'].filters.push(ADDED_FIELD);
  return invoice;
}

/** Every entity of the registry, with the invoice replaced by its extended copy. */
export function entitiesWithAddedField(): EntitySchema[] {
  return Object.values(entitySchemas).map((entity) => (entity.$id === 'invoice' ? invoiceWithAddedField() : entity));
}
