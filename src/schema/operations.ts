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
