import type { EntitySchema, PropertySchema, XReferences, XTransitions } from './types';

/**
 * Readers of the cross-record keywords (`x-unique`, `x-references`, `x-limit`, `x-children`,
 * `x-transitions`), shared by the server's storage and the portal's screens so both read a schema
 * the same way. `schemas/README.md` says what each keyword means.
 */

/** `x-unique`: one sign-in identity (`login`), one per merchant, or one per value of a sibling. */
export type XUnique = 'login' | 'merchant' | { within: string };

/** `x-children` on an array: records of `entity` created with the parent, `key` pointing at it. */
export interface XChildren {
  entity: string;
  key: string;
}

export const uniqueOf = (property: PropertySchema): XUnique | undefined => property['x-unique'];

export const referenceOf = (property: PropertySchema) => property['x-references'] as XReferences | undefined;

export const childrenOf = (property: PropertySchema) => property['x-children'] as XChildren | undefined;

/** `[name, spec]` of every `x-children` array of an entity. */
export function childArrays(entity: EntitySchema): [string, XChildren][] {
  return Object.entries(entity.properties).flatMap(([name, property]) => {
    const spec = childrenOf(property);
    return spec ? [[name, spec] as [string, XChildren]] : [];
  });
}

/** One named action of a status property's `x-transitions`. */
export interface Transition {
  /** The status property. */
  property: string;
  action: string;
  from: string[];
  to: string;
  confirm: boolean;
}

/** Every action of every status property of an entity, in schema order. */
export function transitionsOf(entity: EntitySchema): Transition[] {
  return Object.entries(entity.properties).flatMap(([property, schema]) =>
    Object.entries((schema['x-transitions'] ?? {}) as XTransitions).map(([action, { from, to, confirm }]) => ({
      property,
      action,
      from,
      to,
      confirm: confirm === true,
    })),
  );
}

/** The actions a record's current statuses allow. */
export const allowedTransitions = (entity: EntitySchema, record: Record<string, unknown>) =>
  transitionsOf(entity).filter(({ property, from }) => from.includes(String(record[property])));

/** Catalogue key of an action's label: `resources.<entity>.actions.<action>`. */
export const actionLabelKey = (resource: string, action: string) => `resources.${resource}.actions.${action}`;

/**
 * Catalogue keys of the question asked before an action with `confirm`, in the order looked up:
 * `…actions.<action>_confirm`, then `…actions.<action>.confirm` (the contract's first spelling).
 */
export const actionConfirmKeys = (resource: string, action: string) => [
  `${actionLabelKey(resource, action)}_confirm`,
  `${actionLabelKey(resource, action)}.confirm`,
];
