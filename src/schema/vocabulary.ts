import metaSchema from '../../schemas/meta/x-vocabulary.json';

/**
 * The vocabulary of our `x-` keywords as `schemas/meta/x-vocabulary.json` defines it, read for the
 * check of the schemas and for the documentation: which keywords exist and where each may stand.
 */

/** A schema of the meta-schema, as far as the readers below look into it. */
export interface MetaSchema {
  title?: string;
  description?: string;
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  items?: MetaSchema | MetaSchema[];
  anyOf?: MetaSchema[];
  allOf?: MetaSchema[];
  properties?: Record<string, MetaSchema>;
  additionalProperties?: MetaSchema | boolean;
  required?: string[];
  [keyword: string]: unknown;
}

export const VOCABULARY = metaSchema as unknown as MetaSchema & { $defs: Record<string, MetaSchema> };

/** The definition a `$ref` of the meta-schema (`#/$defs/<name>`) names. */
export function definition(ref: string): MetaSchema {
  const found = VOCABULARY.$defs[definitionName(ref)];
  if (!found) throw new Error(`x-vocabulary has no definition ${ref}`);
  return found;
}

/** Name of the definition a `$ref` points at. */
export function definitionName(ref: string): string {
  return ref.replace(/^#\/\$defs\//, '');
}

/**
 * A place a keyword may stand (the root, a property, an array's items, …): a definition with a
 * `title`, composed of keyword groups.
 */
export interface Place {
  name: string;
  title: string;
  schema: MetaSchema;
  /** The keyword groups (definitions such as `PropertyKeywords`) allowed there. */
  groups: string[];
}

export const PLACES: readonly Place[] = Object.entries(VOCABULARY.$defs)
  .filter(([, schema]) => schema.title !== undefined)
  .map(([name, schema]) => ({
    name,
    title: schema.title as string,
    schema,
    groups: (schema.allOf ?? [])
      .map((part) => definitionName(part.$ref ?? ''))
      .filter((group) => Object.keys(VOCABULARY.$defs[group]?.properties ?? {}).some((key) => key.startsWith('x-'))),
  }));

/** The keywords of a group, with the schema of their value (a `$ref` to their definition). */
export const keywordsOf = (group: string): [string, MetaSchema][] =>
  Object.entries(VOCABULARY.$defs[group]?.properties ?? {});

/** Every keyword of the vocabulary, with the places it may stand, in the meta-schema's order. */
export function keywordPlaces(): Map<string, Place[]> {
  const places = new Map<string, Place[]>();
  for (const place of PLACES)
    for (const group of place.groups)
      for (const [keyword] of keywordsOf(group)) {
        const list = places.get(keyword) ?? [];
        if (!list.includes(place)) list.push(place);
        places.set(keyword, list);
      }
  return places;
}
