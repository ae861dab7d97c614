import { allows } from './operations';
import { childrenOf, labelProperty, referenceOf } from './relations';
import { isStatus } from './tones';
import type { EntitySchema, PropertySchema } from './types';

/**
 * What a record's page is made of, read from the schemas: its human title, status and key figure
 * (`x-resource.title`, `x-ui.tones`, `x-resource.figure`), its sections (`x-resource.layout`), the
 * records of other entities that point at it (their `x-references`) and the records it offers to
 * create from it (`x-resource.creates`). A new entity gets a designed page from its hints alone.
 */

type Values = Record<string, unknown>;

/** The section of the properties `x-resource.layout` leaves out. */
export const DETAILS_SECTION = 'details';

/**
 * The property that names a record in `language`: `x-resource.title`, else the label the
 * entity's references show it by elsewhere (a refund names its transaction by `reference_no`),
 * else none (the page then names the entity and the id).
 */
export function titleProperty(
  entity: EntitySchema,
  entities: readonly EntitySchema[],
  language: string,
): string | undefined {
  const own = entity['x-resource'].title;
  if (own) return labelProperty({ entity: entity.$id, label: own }, language);
  for (const other of entities)
    for (const property of Object.values(other.properties)) {
      const spec = referenceOf(property) ?? (property.items && referenceOf(property.items));
      if (spec?.entity === entity.$id) return labelProperty(spec, language);
    }
  return undefined;
}

/** The record's status shown beside its title: `status` when it is one, else the first status enum. */
export function statusProperty(entity: EntitySchema): string | undefined {
  if (isStatus('status', entity.properties.status)) return 'status';
  return Object.entries(entity.properties).find(([name, property]) => isStatus(name, property))?.[0];
}

/**
 * Whether a property is internal (`x-ui.technical`): a sequence number, a key of another system.
 * The record's `id` is, unless its schema says `technical: false`; the page leaves them out.
 */
export function isTechnical(name: string, property: PropertySchema): boolean {
  return property['x-ui']?.technical ?? name === 'id';
}

/**
 * The properties a record's page shows, in schema order: all but the values no one reads back
 * (`writeOnly`, unless a key the page reveals on demand: `x-ui.secret`), the child records sent
 * with a create (`x-children`) and the internal ones.
 */
export function shownOnPage(entity: EntitySchema): [string, PropertySchema][] {
  return Object.entries(entity.properties).filter(
    ([name, property]) =>
      (!property.writeOnly || Boolean(property['x-ui']?.secret)) &&
      !childrenOf(property) &&
      !isTechnical(name, property),
  );
}

/** One titled section of a record's page: its name (`app.record.groups.<name>`) and its fields. */
export interface RecordSection {
  name: string;
  fields: string[];
}

/**
 * `names` (the properties shown, in schema order) in the sections of `x-resource.layout`, in its
 * order, those it leaves out first under Details; empty sections are left out.
 */
export function recordSections(entity: EntitySchema, names: readonly string[]): RecordSection[] {
  const layout = Object.entries(entity['x-resource'].layout ?? {});
  const placed = new Set(layout.flatMap(([, fields]) => fields));
  const sections = [
    { name: DETAILS_SECTION, fields: names.filter((name) => !placed.has(name)) },
    ...layout.map(([name, fields]) => ({ name, fields: fields.filter((field) => names.includes(field)) })),
  ];
  return sections.filter(({ fields }) => fields.length > 0);
}

/**
 * Records of `source` pointing at a record by their `column`: a refund's `transaction_id` holds the
 * transaction's id; with `key` (`x-resource.related`), the column holds that property of the
 * record instead (a transaction's `invoice_reference`, the invoice's `reference_no`).
 */
export interface Related {
  source: EntitySchema;
  column: string;
  /** The record's property the column holds; its id when left out. */
  key?: string;
  /** The list's title, `app.record.related.<name>`; the source's plural name when left out. */
  name?: string;
  /** The columns listed: the reference's `columns`, else the source's list columns (the reference left out). */
  columns: readonly string[];
}

/**
 * The entities whose records point at `entity`'s by a single reference and that can be listed:
 * each is a list on the record's page, filtered by that column. Arrays of references (a sale
 * list's products) are left out: one record is one of many there, not a child.
 */
export function relatedOf(entity: EntitySchema, entities: readonly EntitySchema[]): Related[] {
  const byValue = Object.entries(entity['x-resource'].related ?? {}).flatMap(([name, related]) => {
    const source = entities.find((candidate) => candidate.$id === related.entity);
    if (!source || !allows(source, 'list')) return [];
    const columns = related.columns ?? source['x-list'].columns.filter((column) => column !== related.column);
    return [{ source, column: related.column, key: related.key, name, columns }];
  });
  return [...byValue, ...referringTo(entity, entities)];
}

/**
 * The columns of `source` other entities list its records by, a value of theirs (`x-resource.related`:
 * a transaction's `invoice_reference`): a list filtered by one is the records of one record, so it
 * needs no date range, as a list filtered by a reference id does not.
 */
export function valueReferenceFilters(source: EntitySchema, entities: readonly EntitySchema[]): string[] {
  return entities.flatMap((entity) =>
    Object.values(entity['x-resource'].related ?? {})
      .filter((related) => related.entity === source.$id)
      .map((related) => related.column),
  );
}

function referringTo(entity: EntitySchema, entities: readonly EntitySchema[]): Related[] {
  return entities.flatMap((source) =>
    allows(source, 'list')
      ? Object.entries(source.properties).flatMap(([column, property]) => {
          const reference = referenceOf(property);
          if (reference?.entity !== entity.$id) return [];
          const columns = reference.columns ?? source['x-list'].columns.filter((name) => name !== column);
          return [{ source, column, columns }];
        })
      : [],
  );
}

/** A record another entity's create form may start from (`x-resource.creates`), with its values. */
export interface OfferedCreate {
  name: string;
  entity: string;
  values: Values;
}

/**
 * The creates of `x-resource.creates` a record matches now (`when`), each with the values it
 * starts the target's form with, read from the record by `prefill` (values it lacks left out).
 */
export function offeredCreates(entity: EntitySchema, record: Values): OfferedCreate[] {
  return Object.entries(entity['x-resource'].creates ?? {})
    .filter(([, { when }]) => Object.entries(when ?? {}).every(([name, values]) => values.includes(record[name])))
    .map(([name, { entity: target, prefill }]) => ({
      name,
      entity: target,
      values: Object.fromEntries(
        Object.entries(prefill).flatMap(([field, property]) =>
          record[property] === undefined || record[property] === null ? [] : [[field, record[property]]],
        ),
      ),
    }));
}

/** A page a record's page links to (`x-resource.links`), with its path for the record. */
export interface OfferedLink {
  name: string;
  /** The route as declared, `:id` standing for the record's id. */
  route: string;
  /** The route for this record. */
  path: string;
}

/** The pages of `x-resource.links` for a record, each route's `:id` replaced by the record's id. */
export function linksOf(entity: EntitySchema, record: Values): OfferedLink[] {
  return Object.entries(entity['x-resource'].links ?? {}).map(([name, { route }]) => ({
    name,
    route,
    path: route.replace(':id', encodeURIComponent(String(record.id))),
  }));
}

/** Where a record's timeline is read from: the change history and the activity log. */
export interface TimelineSources {
  /** `change_history` rows of the record: the entity keeps its history (`x-resource.history`). */
  history: boolean;
  /** `audit_event` rows of the record: the activity log lists the entity (its `entity` enum). */
  activity: boolean;
}

/** The logs holding a record's changes, among the entities the portal serves. */
export function timelineSources(entity: EntitySchema, entities: readonly EntitySchema[]): TimelineSources {
  const listed = (log: string) =>
    entities.find((candidate) => candidate.$id === log)?.properties.entity?.enum?.includes(entity.$id) ?? false;
  return {
    history: Boolean(entity['x-resource'].history) && listed('change_history'),
    activity: listed('audit_event'),
  };
}
