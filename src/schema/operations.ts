import type { EntitySchema, Operation } from './types';

/** What the API serves and the portal offers for an entity (`x-resource.operations`). */
export const OPERATIONS: readonly Operation[] = ['list', 'show', 'create', 'update', 'delete'];

/** The entity's operations: the ones it lists, or all five when it lists none. */
export function operationsOf(entity: EntitySchema): readonly Operation[] {
  return entity['x-resource'].operations ?? OPERATIONS;
}

/** Whether the entity offers `operation`. */
export function allows(entity: EntitySchema, operation: Operation): boolean {
  return operationsOf(entity).includes(operation);
}

/**
 * Whether the entity's list is exported as a file: every list but those of records each account
 * keeps for itself (`x-resource.perUser`: saved views), which no one exports.
 */
export function exportable(entity: EntitySchema): boolean {
  return allows(entity, 'list') && entity['x-resource'].perUser === undefined;
}
