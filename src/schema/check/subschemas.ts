import { pointerTo } from './problems';

/**
 * Walks the subschemas of a JSON Schema, entering only the places that hold schemas: never values
 * (`enum`, `const`, `default`, `examples`) nor our `x-` keywords, whose keys may look like keywords.
 */

export type SchemaNode = Record<string, unknown>;

/** Keywords holding one subschema. */
const SINGLE = [
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
];
/** Keywords holding a list of subschemas (`items` too, in its older tuple form). */
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Keywords holding subschemas by name. */
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `[schema, pointer]` of the schema and every subschema below it, the schema first. */
export function subschemas(schema: unknown, pointer = '', found: [SchemaNode, string][] = []): [SchemaNode, string][] {
  if (!isNode(schema)) return found;
  found.push([schema, pointer]);
  for (const keyword of SINGLE)
    if (isNode(schema[keyword])) subschemas(schema[keyword], pointerTo(pointer, keyword), found);
  for (const keyword of LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((item, i) => subschemas(item, pointerTo(pointer, keyword, i), found));
  }
  for (const keyword of MAPS) {
    const map = schema[keyword];
    if (isNode(map))
      for (const [name, item] of Object.entries(map)) subschemas(item, pointerTo(pointer, keyword, name), found);
  }
  return found;
}
