import {
  childrenOf,
  fromOf,
  itemsReferenceOf,
  labelProperties,
  referenceOf,
  transitionsOf,
  uniqueOf,
  type XChildren,
} from '../../schema/relations';
import type { EntitySchema, PropertySchema, XLimit, XReferences } from '../../schema/types';
import { writableProperties } from '../../schema/variants';

/**
 * How the records of one entity relate to the others of the same server, read once from the
 * schemas: references out, references in, children created with it. `checkRelations` refuses at
 * start a schema whose keywords name things that do not exist.
 */

/** A property of `entity` holding the id of a record of `target`, or (`many`) an array of such ids. */
export interface Reference {
  column: string;
  property: PropertySchema;
  spec: XReferences;
  target: EntitySchema;
  many: boolean;
  /** `x-limit`: how many records may point at one target record. */
  limit?: XLimit;
}

/** A property of another entity (`source`) holding ids of this entity's records (`many`: an array of them). */
export interface Inbound {
  source: EntitySchema;
  column: string;
  many: boolean;
  limit?: XLimit;
}

/** An `x-children` array: records of `child` created with the parent, `key` holding the parent's id. */
export interface ChildArray {
  property: string;
  spec: XChildren;
  child: EntitySchema;
}

function find(entities: readonly EntitySchema[], name: string): EntitySchema | undefined {
  return entities.find((entity) => entity.$id === name);
}

export function referencesOf(entity: EntitySchema, entities: readonly EntitySchema[]): Reference[] {
  return Object.entries(entity.properties).flatMap(([column, property]) => {
    const single = referenceOf(property);
    const spec = single ?? itemsReferenceOf(property);
    const target = spec && find(entities, spec.entity);
    if (!spec || !target) return [];
    const limit = property['x-limit'];
    return [{ column, property, spec, target, many: !single, ...(limit ? { limit } : {}) }];
  });
}

export function inboundOf(entity: EntitySchema, entities: readonly EntitySchema[]): Inbound[] {
  return entities.flatMap((source) =>
    referencesOf(source, entities)
      .filter((reference) => reference.target.$id === entity.$id)
      .map(({ column, many, limit }) => ({ source, column, many, ...(limit ? { limit } : {}) })),
  );
}

export function childArraysOf(entity: EntitySchema, entities: readonly EntitySchema[]): ChildArray[] {
  return Object.entries(entity.properties).flatMap(([property, schema]) => {
    const spec = childrenOf(schema);
    const child = spec && find(entities, spec.entity);
    return spec && child ? [{ property, spec, child }] : [];
  });
}

const typeOf = (property: PropertySchema | undefined) =>
  Array.isArray(property?.type) ? property.type.find((type) => type !== 'null') : property?.type;

/** Fails fast on a cross-record keyword the server cannot honour. */
export function checkRelations(entity: EntitySchema, entities: readonly EntitySchema[]): void {
  const fail = (name: string, problem: string) => {
    throw new Error(`${entity.$id}.${name}: ${problem}`);
  };
  for (const [name, property] of Object.entries(entity.properties)) {
    const unique = uniqueOf(property);
    if (unique !== undefined && unique !== 'login') {
      if (unique !== 'merchant' && !(typeof unique === 'object' && unique.within in entity.properties)) {
        fail(name, `unknown x-unique ${JSON.stringify(unique)}`);
      }
      if (typeOf(property) !== 'string') fail(name, 'x-unique needs a string property');
    }

    const items = itemsReferenceOf(property);
    if (property.items && referenceOf(property.items) && !items) fail(name, 'x-references on items needs an array');
    const reference = referenceOf(property) ?? items;
    if (reference) {
      const target = find(entities, reference.entity);
      if (!target) fail(name, `x-references names unknown entity "${reference.entity}"`);
      else {
        if (typeOf(items ? property.items : property) !== 'integer') {
          fail(name, `x-references needs an integer property${items ? ' (its items)' : ''}`);
        }
        if (typeof reference.label === 'object' && typeof reference.label.en !== 'string') {
          fail(name, 'x-references.label per language needs an "en" property');
        }
        for (const label of labelProperties(reference)) {
          if (!(label in target.properties) && label !== 'id') {
            fail(name, `x-references.label "${label}" is not a property of ${target.$id}`);
          }
        }
        for (const refused of Object.keys(reference.refuse ?? {})) {
          if (!(refused in target.properties)) fail(name, `x-references.refuse names unknown "${refused}"`);
        }
        const limit = property['x-limit'];
        if (limit && items) fail(name, 'x-limit needs a single reference, not an array of them');
        if (limit && typeOf(target.properties[limit.field]) !== 'integer') {
          fail(name, `x-limit.field "${limit.field}" is not an integer property of ${target.$id}`);
        }
        if (limit?.remaining && !target.properties[limit.remaining]?.readOnly) {
          fail(name, `x-limit.remaining "${limit.remaining}" must be a readOnly property of ${target.$id}`);
        }
      }
    } else if (property['x-limit']) fail(name, 'x-limit needs x-references');

    const children = childrenOf(property);
    if (children) {
      const child = find(entities, children.entity);
      if (!child) fail(name, `x-children names unknown entity "${children.entity}"`);
      else {
        if (typeOf(property) !== 'array') fail(name, 'x-children needs an array property');
        const key = child.properties[children.key];
        if (!key || referenceOf(key)?.entity !== entity.$id) {
          fail(name, `x-children.key "${children.key}" must be an x-references to ${entity.$id} in ${child.$id}`);
        }
        const writable = writableProperties(child);
        for (const item of Object.keys(property.items?.properties ?? {})) {
          if (item === children.key || !(item in writable)) {
            fail(name, `items.${item} is not a field a client may write in ${child.$id} (minus its key)`);
          }
        }
      }
    }

    const from = fromOf(property);
    if (from) {
      const source = entity.properties[from.reference];
      const spec = source && referenceOf(source);
      const target = spec && find(entities, spec.entity);
      if (!target) fail(name, `x-from.reference "${from.reference}" must be an x-references property of ${entity.$id}`);
      else if (!(from.property in target.properties) || target.properties[from.property].writeOnly) {
        fail(name, `x-from.property "${from.property}" is not a readable property of ${target.$id}`);
      } else if (typeOf(target.properties[from.property]) !== typeOf(property)) {
        fail(name, `x-from.property "${from.property}" of ${target.$id} is not of the same type`);
      }
      if (property.readOnly) fail(name, 'x-from fills a field of the write: it cannot be readOnly');
    }

    for (const [action, transition] of Object.entries(property['x-transitions'] ?? {})) {
      if (!/^[a-z][a-z0-9_]*$/.test(action)) fail(name, `x-transitions action "${action}" is not a path segment`);
      const values = property.enum ?? [];
      for (const status of [...transition.from, transition.to]) {
        if (!values.includes(status)) fail(name, `x-transitions.${action} names "${status}", not one of its enum`);
      }
      const reason = transition.reason === undefined ? undefined : entity.properties[transition.reason];
      if (transition.reason !== undefined && (reason?.type !== 'string' || reason.readOnly !== true))
        fail(name, `x-transitions.${action}.reason "${transition.reason}" must be a readOnly string property`);
    }
  }
  // Each action is a path of its own (`<endpoint>/:id/<action>`), whichever status it moves.
  const actions = transitionsOf(entity).map(({ action }) => action);
  const twice = actions.find((action, index) => actions.indexOf(action) !== index);
  if (twice) fail(twice, 'the same x-transitions action on two statuses');
}
