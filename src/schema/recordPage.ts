import { allows } from './operations';
import { labelProperty, referenceOf } from './relations';
import { isStatus } from './tones';
import type { EntitySchema } from './types';

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

/** Records of `source` pointing at a record by their `column` (a refund's `transaction_id`). */
export interface Related {
  source: EntitySchema;
  column: string;
  /** The columns listed: the reference's `columns`, else the source's list columns (the reference left out). */
  columns: readonly string[];
}

/**
 * The entities whose records point at `entity`'s by a single reference and that can be listed:
 * each is a list on the record's page, filtered by that column. Arrays of references (a sale
 * list's products) are left out: one record is one of many there, not a child.
 */
export function relatedOf(entity: EntitySchema, entities: readonly EntitySchema[]): Related[] {
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
