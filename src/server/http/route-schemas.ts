import { rangeFilters } from '../../schema/listDateRange';
import { allows } from '../../schema/operations';
import type { EntitySchema, PropertySchema, XDateRange } from '../../schema/types';
import { filterSchema, recordSchema, writeSchema } from '../../schema/variants';
import { viewsOf } from '../../schema/views';

/**
 * The schemas an entity's endpoints use, derived from its one schema file and named by `$id`
 * (`invoice.create`, `invoice.update`, `invoice.record`, `invoice.filter`) so that request
 * validation, response serialisation and the OpenAPI document all point at the same objects. Each
 * is made only when some endpoint uses it (an update: by id or as the merchant's own record; a
 * filter: by a list), so the document holds no schema nothing uses.
 */
export function entityRouteSchemas(entity: EntitySchema): (PropertySchema & { $id: string })[] {
  const updated = allows(entity, 'update') || entity['x-resource'].own !== undefined;
  return [
    ...(allows(entity, 'create') ? [writeSchema(entity, 'create')] : []),
    ...(updated ? [writeSchema(entity, 'update')] : []),
    recordSchema(entity),
    ...(allows(entity, 'list')
      ? [{ ...filterSchema(entity), $id: `${entity.$id}.filter`, title: `${entity.title} filter` }]
      : []),
  ];
}

function describeRule(rule: XDateRange): string {
  const { from, to } = rangeFilters(rule);
  const limits = [
    rule.maxMonths !== undefined ? `at most ${rule.maxMonths} month(s) long` : '',
    rule.maxDays !== undefined ? `at most ${rule.maxDays} day(s) long` : '',
    rule.withinDays !== undefined ? `starting within the last ${rule.withinDays} day(s)` : '',
  ].filter(Boolean);
  return `needs \`${from}\` and \`${to}\`${limits.length ? `, ${limits.join(', ')}` : ''}`;
}

/** What the OpenAPI document says of an entity's list: paging, its date range rule, its views. */
export function listDescription(entity: EntitySchema): string {
  const lines = ['Answers a JSON array with `Content-Range: <resource> <first>-<last>/<total>` and `X-Total-Count`.'];
  const rule = entity['x-list'].dateRange;
  if (rule) lines.push(`The filter ${describeRule(rule)} (days in Kuwait time; 400 otherwise).`);
  const views = viewsOf(entity);
  if (views.length > 0) {
    lines.push('Views, named by `filter.view`: the fixed filter applies whatever else is sent.');
    for (const [name, view] of views) {
      const fixed = JSON.stringify(view.filter ?? {});
      lines.push(`- \`${name}\`: filter ${fixed}${view.dateRange ? `; ${describeRule(view.dateRange)}` : ''}`);
    }
  }
  return lines.join('\n');
}

/** Query string of a plain list call (values are JSON text). */
export const listQuerystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filter: { type: 'string', maxLength: 10_000, description: 'JSON object, see the `<resource>.filter` schema' },
    range: { type: 'string', maxLength: 100, description: 'JSON [first, last] row index, at most 500 rows' },
    sort: { type: 'string', maxLength: 200, description: 'JSON [field, "ASC" | "DESC"]' },
  },
} as const;

/** A day, `YYYY-MM-DD`. */
const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/** Whether a list of `entity`, or of one of its views, has a date range (`x-list.dateRange`). */
export const hasDateRange = (entity: EntitySchema) =>
  entity['x-list'].dateRange !== undefined || viewsOf(entity).some(([, view]) => view.dateRange !== undefined);

/**
 * Query string of a list with a date range (`x-list.dateRange`): besides the filter, `from` and
 * `to` (SPEC §7) give the range's ends where the filter leaves them out.
 */
export const datedListQuerystring = {
  ...listQuerystring,
  properties: {
    ...listQuerystring.properties,
    from: {
      type: 'string',
      pattern: DATE_PATTERN,
      description: "First day of the list's date range, when the filter does not give it",
    },
    to: {
      type: 'string',
      pattern: DATE_PATTERN,
      description: "Last day of the list's date range, when the filter does not give it",
    },
  },
} as const;

/** Query string of a list call to an encrypted resource: `{filter, range, sort}` sealed in `data`. */
export const encryptedQuerystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    data: {
      type: 'string',
      minLength: 1,
      maxLength: 20_000,
      'x-messages': { minLength: 'app.message.encrypted_payload_invalid' },
    },
  },
} as const;

/** Shape of the decrypted `data` of a list call. */
export const decryptedListQuery = {
  $id: 'list-query',
  type: 'object',
  additionalProperties: false,
  properties: { filter: {}, range: {}, sort: {} },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
