import type { EntitySchema, PropertySchema } from './types';

/**
 * Turns validation errors (ajv's on the server, rjsf's in the portal) into one message per field,
 * named by the catalogue key to show. A property can name its own message per keyword with
 * `x-messages`; otherwise `validation.<keyword>` (or `validation.format.<format>`, or
 * `validation.<keyword>_<variant>` when the error's params name a variant) is used.
 */

export interface RuleError {
  /** Path of the field from the record's root, e.g. ["permissions", "general"]. */
  path: string[];
  keyword: string;
  params: Record<string, unknown>;
}

export interface FieldMessage {
  field: string;
  key: string;
  params: Record<string, unknown>;
}

/** Keywords whose `limit` counts things (characters, items): their messages take plural forms. */
const COUNTING_KEYWORDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);

/** The error's params, with `smart_count` (the count that picks a message's plural form) when it counts. */
function messageParams(error: RuleError): Record<string, unknown> {
  const { limit } = error.params;
  if (COUNTING_KEYWORDS.has(error.keyword) && typeof limit === 'number' && error.params.smart_count === undefined)
    return { ...error.params, smart_count: limit };
  return error.params;
}

function propertyAt(schema: EntitySchema | PropertySchema, path: string[]): PropertySchema | undefined {
  let node: PropertySchema | undefined = schema as PropertySchema;
  for (const part of path) {
    if (!node) return undefined;
    node = node.properties?.[part] ?? (/^\d+$/.test(part) ? node.items : undefined);
  }
  return node;
}

export function messageFor(schema: EntitySchema, error: RuleError): FieldMessage {
  // Both keywords are reported on the parent object; the field they are about is in their params.
  const path =
    error.keyword === 'required'
      ? [...error.path, String(error.params.missingProperty)]
      : error.keyword === 'additionalProperties'
        ? [...error.path, String(error.params.additionalProperty)]
        : error.path;
  const fieldPath = path.filter((part) => !/^\d+$/.test(part));
  // Walked with the item indexes, which lead into `items` (a unit of an asset's `units`).
  const property = propertyAt(schema, path);
  // A rule of an object reported on one of its fields (`x-dateRange` on its `to` date) may name
  // its message on that field or, next to the rule, on the object.
  const holder = path.length > 0 ? propertyAt(schema, path.slice(0, -1)) : undefined;
  const objectRule = holder?.[error.keyword] !== undefined && property?.[error.keyword] === undefined;
  const own =
    property?.['x-messages']?.[error.keyword] ?? (objectRule ? holder?.['x-messages']?.[error.keyword] : undefined);
  // A keyword with several default messages (a limit in months or in days) names one by `variant`.
  const variant = typeof error.params.variant === 'string' ? `_${error.params.variant}` : '';
  let key = own ?? `validation.${error.keyword}${variant}`;
  if (!own && error.keyword === 'format' && property?.format) key = `validation.format.${property.format}`;
  return { field: fieldPath.join('.'), key, params: messageParams(error) };
}

/** One message per field (the first error found for it wins). */
export function fieldMessages(schema: EntitySchema, errors: RuleError[]): FieldMessage[] {
  const seen = new Map<string, FieldMessage>();
  for (const error of errors) {
    const message = messageFor(schema, error);
    if (!seen.has(message.field)) seen.set(message.field, message);
  }
  return [...seen.values()];
}

/** ajv's `instancePath` ("/permissions/general") as a path. */
export function pathOf(instancePath: string): string[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}
