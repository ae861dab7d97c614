import type { EntitySchema, PropertySchema, XChildren, XFrom, XReferences, XUnique } from './types';

/**
 * Readers of the cross-record keywords (`x-unique`, `x-references`, `x-limit`, `x-children`,
 * `x-transitions`, `x-from`), shared by the server's storage and the portal's screens so both read a schema
 * the same way. `schemas/README.md` says what each keyword means.
 */

export type { XChildren, XUnique } from './types';

export const uniqueOf = (property: PropertySchema): XUnique | undefined => property['x-unique'];

export const referenceOf = (property: PropertySchema) => property['x-references'];

/** `x-references` on the items of an array: the array holds ids of records of that entity. */
export const itemsReferenceOf = (property: PropertySchema) =>
  property.type === 'array' && property.items ? referenceOf(property.items) : undefined;

/** The property of a referenced record that names it in `language` (`label`, or its per-language form). */
export function labelProperty({ label }: XReferences, language: string): string {
  return typeof label === 'string' ? label : (label[language] ?? label.en);
}

/** Every property a reference's label may be read from, the English one first. */
export const labelProperties = ({ label }: XReferences): string[] =>
  typeof label === 'string' ? [label] : [...new Set([label.en, ...Object.values(label)])];

/**
 * What a referenced record is called in `language`: its label property, else the English one
 * (a record with no Arabic name yet), else its id.
 */
export function referenceText(spec: XReferences, record: Record<string, unknown>, language: string): string {
  for (const name of [labelProperty(spec, language), ...labelProperties(spec)]) {
    const value = record[name];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return String(record.id);
}

export const fromOf = (property: PropertySchema) => property['x-from'];

/** `[name, spec]` of every property of an object schema filled from a referenced record (`x-from`). */
export function filledFrom(schema: { properties?: Record<string, PropertySchema> }): [string, XFrom][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const spec = fromOf(property);
    return spec ? [[name, spec] as [string, XFrom]] : [];
  });
}

export const childrenOf = (property: PropertySchema) => property['x-children'];

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
  /** Only the merchant's admin may run it. */
  adminOnly: boolean;
  /** The property the reason asked with the action is stored in (`x-transitions.<action>.reason`). */
  reason?: string;
  /** The action is allowed only before the instant in this property (`x-transitions.<action>.until`). */
  until?: { property: string; message: string };
}

/** Every action of every status property of an entity, in schema order. */
export function transitionsOf(entity: EntitySchema): Transition[] {
  return Object.entries(entity.properties).flatMap(([property, schema]) =>
    Object.entries(schema['x-transitions'] ?? {}).map(([action, { from, to, confirm, adminOnly, reason, until }]) => ({
      property,
      action,
      from,
      to,
      confirm: confirm === true,
      adminOnly: adminOnly === true,
      ...(reason === undefined ? {} : { reason }),
      ...(until === undefined ? {} : { until }),
    })),
  );
}

/** Whether the instant the action must come before (`until`) has come for the record at `now`. */
export function isTooLate(transition: Pick<Transition, 'until'>, record: Record<string, unknown>, now: Date): boolean {
  const value = transition.until ? record[transition.until.property] : undefined;
  if (value === undefined || value === null || value === '') return false;
  const deadline = new Date(String(value)).getTime();
  return Number.isFinite(deadline) && deadline <= now.getTime();
}

/** The actions a record's current statuses allow at `now`. */
export const allowedTransitions = (entity: EntitySchema, record: Record<string, unknown>, now = new Date()) =>
  transitionsOf(entity).filter(
    (transition) =>
      transition.from.includes(String(record[transition.property])) && !isTooLate(transition, record, now),
  );

/** Catalogue key of an action's label: `resources.<entity>.actions.<action>`. */
export const actionLabelKey = (resource: string, action: string) => `resources.${resource}.actions.${action}`;

/** Catalogue key of the question asked before an action with `confirm`: `…actions.<action>_confirm`. */
export const actionConfirmKey = (resource: string, action: string) => `${actionLabelKey(resource, action)}_confirm`;
