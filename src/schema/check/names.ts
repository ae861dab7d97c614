import { confirmEmptySetting } from '../confirmEmpty';
import { allows } from '../operations';
import { labelProperties } from '../relations';
import type { EntitySchema, PropertySchema, XDateRange } from '../types';
import { quoted, type CheckContext, type CrossCheck } from './context';
import { pointerTo } from './problems';
import type { SchemaNode } from './subschemas';

/**
 * Names in the `x-` keywords lead somewhere: list columns, filters, sections, views and rules name
 * properties of the entity (or of the object they stand on); references and children name
 * entities, and properties of those entities.
 */

/** Whether the entity has the property (`id` every record has). */
const hasProperty = (entity: EntitySchema, name: string) => name === 'id' || Object.hasOwn(entity.properties, name);

/** Reports each name of `names` (at `pointer`/index) that is not a property of `entity`, but those `allowed`. */
function properties(
  { entity, report }: CheckContext,
  pointer: string,
  names: readonly string[] | undefined,
  allowed = (_name: string) => false,
) {
  names?.forEach((name, i) => {
    if (!hasProperty(entity, name) && !allowed(name))
      report(pointerTo(pointer, i), `${quoted(name)} is not a property of ${entity.$id}`);
  });
}

function dateRange(context: CheckContext, pointer: string, rule: XDateRange | undefined) {
  if (rule && !hasProperty(context.entity, rule.field))
    context.report(pointerTo(pointer, 'field'), `${quoted(rule.field)} is not a property of ${context.entity.$id}`);
}

/** Keys of a record match (`when`, `editable`, `filter`) naming properties. */
function keys(context: CheckContext, pointer: string, match: object | undefined, base = (key: string) => key) {
  for (const key of Object.keys(match ?? {}))
    if (!hasProperty(context.entity, base(key)))
      context.report(pointerTo(pointer, key), `${quoted(key)} is not a property of ${context.entity.$id}`);
}

/** `x-list`, views, sections, commands and `editable` of `x-resource`. */
export const checkResourceNames: CrossCheck = (context) => {
  const { entity, report } = context;
  const list = entity['x-list'];
  properties(context, '/x-list/columns', list.columns);
  // `q` is the free-text search over `search`.
  properties(context, '/x-list/filters', list.filters, (name) => name === 'q');
  properties(context, '/x-list/search', list.search);
  properties(context, '/x-list/sort', list.sort.slice(0, 1));
  dateRange(context, '/x-list/dateRange', list.dateRange);
  if (list.filters.includes('q') && !list.search?.length)
    report('/x-list/filters', `the free-text filter "q" needs x-list.search`);
  // The app bar's search matches `search` and opens the record's page.
  if (list.everywhere && !list.search?.length)
    report('/x-list/everywhere', 'the search everywhere needs x-list.search');
  if (list.everywhere && !allows(entity, 'show'))
    report('/x-list/everywhere', 'the search everywhere opens the record: it needs the show operation');

  const resource = entity['x-resource'];
  // A priority is of a column some list of the entity shows.
  const listed = new Set([
    ...list.columns,
    ...Object.values(resource.views ?? {}).flatMap((view) => view.columns ?? []),
  ]);
  for (const column of Object.keys(list.priority ?? {}))
    if (!listed.has(column))
      report(pointerTo('/x-list/priority', column), `${quoted(column)} is not a column of the ${entity.$id} list`);
  for (const [name, view] of Object.entries(resource.views ?? {})) {
    const at = pointerTo('/x-resource/views', name);
    properties(context, pointerTo(at, 'columns'), view.columns);
    dateRange(context, pointerTo(at, 'dateRange'), view.dateRange);
    // A fixed filter may bound a range (`created_at_gte`) as a list call does.
    keys(context, pointerTo(at, 'filter'), view.filter, (key) =>
      hasProperty(entity, key) ? key : key.replace(/_(gte|lte)$/, ''),
    );
  }
  const sections = [
    ['/x-resource/sections', resource.sections],
    ['/x-resource/own/sections', resource.own?.sections],
  ] as const;
  for (const [pointer, map] of sections)
    for (const [name, section] of Object.entries(map ?? {})) {
      const at = pointerTo(pointer, name, 'fields');
      properties(context, at, section.fields);
      section.fields.forEach((field, i) => {
        if (entity.properties[field]?.readOnly)
          report(pointerTo(at, i), `${quoted(field)} is readOnly: no screen edits it`);
      });
    }
  for (const [name, command] of Object.entries(resource.commands ?? {})) {
    keys(context, pointerTo('/x-resource/commands', name, 'when'), command.when);
    properties(context, pointerTo('/x-resource/commands', name, 'valuePermissions'), command.valuePermissions);
  }
  keys(context, '/x-resource/editable', resource.editable);
  // The account a record belongs to is the server's to set: a string no client writes.
  if (resource.perUser !== undefined) {
    const owner = entity.properties[resource.perUser];
    if (!owner) report('/x-resource/perUser', `${quoted(resource.perUser)} is not a property of ${entity.$id}`);
    else if (owner.type !== 'string' || owner.readOnly !== true)
      report('/x-resource/perUser', `${quoted(resource.perUser)} must be a readOnly string`);
  }
  properties(context, '/x-resource/own/locked', resource.own?.locked);
  resource.own?.locked?.forEach((field, i) => {
    if (entity.properties[field]?.readOnly)
      report(pointerTo('/x-resource/own/locked', i), `${quoted(field)} is readOnly: it is locked for everyone`);
  });
  checkRecordPage(context);
};

/** The record page's hints: title, key figure and sections name properties; creates name an entity. */
function checkRecordPage(context: CheckContext) {
  const resource = context.entity['x-resource'];
  const named = (pointer: string, name: string) => {
    if (!hasProperty(context.entity, name))
      context.report(pointer, `${quoted(name)} is not a property of ${context.entity.$id}`);
  };
  const title = resource.title;
  if (typeof title === 'string') named('/x-resource/title', title);
  else
    for (const [language, name] of Object.entries(title ?? {})) named(pointerTo('/x-resource/title', language), name);
  if (resource.figure !== undefined) named('/x-resource/figure', resource.figure);
  const placed = new Set<string>();
  for (const [name, fields] of Object.entries(resource.layout ?? {})) {
    const at = pointerTo('/x-resource/layout', name);
    properties(context, at, fields);
    // One place per field: the page and the form show each once.
    fields.forEach((field, i) => {
      if (placed.has(field)) context.report(pointerTo(at, i), `${quoted(field)} is already in another section`);
      placed.add(field);
    });
  }
  for (const [name, related] of Object.entries(resource.related ?? {})) {
    const at = pointerTo('/x-resource/related', name);
    named(pointerTo(at, 'key'), related.key);
    const source = entityNamed(context, pointerTo(at, 'entity'), related.entity);
    if (!source) continue;
    const problem = notIn(source, related.column);
    if (problem) context.report(pointerTo(at, 'column'), problem);
    else if (!source['x-list'].filters.includes(related.column))
      context.report(pointerTo(at, 'column'), `${quoted(related.column)} is not a list filter of ${source.$id}`);
    for (const [index, column] of (related.columns ?? []).entries()) {
      const missing = notIn(source, column);
      if (missing) context.report(pointerTo(at, 'columns', String(index)), missing);
    }
  }
  for (const [name, create] of Object.entries(resource.creates ?? {})) {
    const at = pointerTo('/x-resource/creates', name);
    keys(context, pointerTo(at, 'when'), create.when);
    const target = entityNamed(context, pointerTo(at, 'entity'), create.entity);
    for (const [field, property] of Object.entries(create.prefill)) {
      const problem = (target && notIn(target, field)) || notIn(context.entity, property);
      if (problem) context.report(pointerTo(at, 'prefill', field), problem);
    }
  }
}

/** The entity another keyword names, or a report that there is none. */
function entityNamed(context: CheckContext, pointer: string, name: string): EntitySchema | undefined {
  const found = context.entities.get(name);
  if (!found) context.report(pointer, `unknown entity ${quoted(name)}`);
  return found;
}

function notIn(target: EntitySchema, name: string) {
  return !hasProperty(target, name) && `${quoted(name)} is not a property of ${target.$id}`;
}

/** The merchant's keys, which `POST /v1/keys/reveal` answers (`x-ui.secret`). */
const MERCHANT_KEYS = ['access_code', 'secret_key', 'iv_key'];

/** The keywords of each property naming siblings, entities and their properties. */
export const checkPropertyNames: CrossCheck = (context) => {
  const { entity, report } = context;
  for (const [name, property] of Object.entries(entity.properties)) {
    const at = pointerTo('/properties', name);
    keys(context, pointerTo(at, 'x-when'), property['x-when']);
    const unique = property['x-unique'];
    if (typeof unique === 'object' && !hasProperty(entity, unique.within))
      report(pointerTo(at, 'x-unique', 'within'), `${quoted(unique.within)} is not a property of ${entity.$id}`);
    if (property['x-ui']?.inapplicable && !property['x-when'])
      report(pointerTo(at, 'x-ui', 'inapplicable'), `it needs x-when: the field always applies`);
    const fieldOf = property['x-ui']?.fieldOf;
    if (fieldOf !== undefined && !hasProperty(entity, fieldOf))
      report(pointerTo(at, 'x-ui', 'fieldOf'), `${quoted(fieldOf)} is not a property of ${entity.$id}`);
    const valueFor = property['x-ui']?.valueFor;
    if (
      valueFor !== undefined &&
      !(Object.hasOwn(entity.properties, valueFor) && entity.properties[valueFor]['x-ui']?.fieldOf)
    )
      report(pointerTo(at, 'x-ui', 'valueFor'), `${quoted(valueFor)} is no x-ui.fieldOf property of ${entity.$id}`);
    if (property['x-ui']?.country && property.type !== 'string')
      report(pointerTo(at, 'x-ui', 'country'), 'a country code is a string');
    if (property['x-ui']?.secret && !MERCHANT_KEYS.includes(String(property['x-generated'])))
      report(
        pointerTo(at, 'x-ui', 'secret'),
        `a secret is one of the merchant's keys (x-generated: ${MERCHANT_KEYS.join(', ')})`,
      );
    checkTransitions(context, at, property);
    checkConfirmSetting(context, at, property);
    for (const value of Object.keys(property['x-ui']?.tones ?? {}))
      if (!property.enum?.includes(value))
        report(pointerTo(at, 'x-ui', 'tones', value), `${quoted(value)} is not a value of the property's enum`);
    checkReference(context, at, property);

    const children = property['x-children'];
    if (children) {
      const child = entityNamed(context, pointerTo(at, 'x-children', 'entity'), children.entity);
      const problem = child && notIn(child, children.key);
      if (problem) report(pointerTo(at, 'x-children', 'key'), problem);
    }

    const from = property['x-from'];
    if (from) {
      const source = entity.properties[from.reference];
      const spec = source?.['x-references'];
      if (!spec)
        report(pointerTo(at, 'x-from', 'reference'), `${quoted(from.reference)} is not an x-references property`);
      const target = spec && context.entities.get(spec.entity);
      const problem = target && notIn(target, from.property);
      if (problem) report(pointerTo(at, 'x-from', 'property'), problem);
    }
  }
};

/** `x-confirmEmpty.when` names a boolean setting of the merchant (a property of the merchant schema). */
function checkConfirmSetting(context: CheckContext, at: string, property: PropertySchema) {
  const setting = confirmEmptySetting(property['x-confirmEmpty']);
  if (setting === undefined) return;
  const pointer = pointerTo(at, 'x-confirmEmpty', 'when');
  const merchant = entityNamed(context, pointer, 'merchant');
  if (!merchant) return;
  const target = merchant.properties[setting];
  if (!target) context.report(pointer, `${quoted(setting)} is not a property of merchant`);
  else if (target.type !== 'boolean') context.report(pointer, `${quoted(setting)} of merchant is not a boolean`);
}

function checkTransitions({ report }: CheckContext, at: string, property: PropertySchema) {
  for (const [action, transition] of Object.entries(property['x-transitions'] ?? {})) {
    const statuses = [
      ...transition.from.map((status, i) => [status, pointerTo(at, 'x-transitions', action, 'from', i)]),
      [transition.to, pointerTo(at, 'x-transitions', action, 'to')],
    ];
    for (const [status, pointer] of statuses)
      if (!property.enum?.includes(status)) report(pointer, `${quoted(status)} is not a value of the property's enum`);
  }
}

/** `x-references` on the property or its items, and the `x-limit` beside it. */
function checkReference(context: CheckContext, at: string, property: PropertySchema) {
  const { report } = context;
  const own = property['x-references'];
  const spec = own ?? property.items?.['x-references'];
  if (!spec) return;
  const pointer = own ? pointerTo(at, 'x-references') : pointerTo(at, 'items', 'x-references');
  const target = entityNamed(context, pointerTo(pointer, 'entity'), spec.entity);
  if (!target) return;
  for (const label of labelProperties(spec)) {
    const problem = notIn(target, label);
    if (problem) report(pointerTo(pointer, 'label'), problem);
  }
  // The columns of the referencing records' list on the referenced record's page are this entity's.
  properties(context, pointerTo(pointer, 'columns'), spec.columns);
  for (const refused of Object.keys(spec.refuse ?? {})) {
    const problem = notIn(target, refused);
    if (problem) report(pointerTo(pointer, 'refuse', refused), problem);
  }
  const limit = property['x-limit'];
  for (const key of ['field', 'remaining'] as const) {
    const name = limit?.[key];
    const problem = name !== undefined && notIn(target, name);
    if (problem) report(pointerTo(at, 'x-limit', key), problem);
  }
}

/** The object rules (`x-dateRange`, `x-period`) name properties of the object they stand on. */
export const checkRuleNames: CrossCheck = ({ subschemas, report }) => {
  for (const [schema, at] of subschemas) {
    const has = (name: string) => Object.hasOwn((schema.properties ?? {}) as SchemaNode, name);
    const rules = [
      ['x-dateRange', ['from', 'to']],
      ['x-period', ['start', 'count', 'frequency']],
    ] as const;
    for (const [keyword, fields] of rules) {
      const rule = schema[keyword] as Record<string, unknown> | undefined;
      if (!rule) continue;
      for (const field of fields) {
        const name = String(rule[field]);
        if (!has(name)) report(pointerTo(at, keyword, field), `${quoted(name)} is not a property of the object`);
      }
    }
  }
};
