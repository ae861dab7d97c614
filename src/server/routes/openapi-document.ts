import { operationsOf } from '../../schema/operations';
import { transitionsOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import { ignoredOnUpdate } from '../../schema/variants';
import {
  API_PREFIX,
  entityOperations,
  operationIdOf,
  type EntityOperation,
  type EntityOperationKind,
} from './openapi-operations';
import { collectionPath, ownPath } from './paths';

/**
 * The last touches to the API document @fastify/swagger assembles from the route schemas, made
 * once over the whole document rather than in every route: an `operationId` on each operation
 * (`openapi-operations.ts`), the tags declared with a description, the fields an update ignores,
 * the schema of a list's JSON `filter`, and what every entity operation answers.
 */

interface Parameter {
  name: string;
  in: string;
  schema?: Record<string, unknown>;
}

interface ApiOperation {
  operationId?: string;
  tags?: string[];
  description?: string;
  parameters?: Parameter[];
}

type Schema = Record<string, unknown> & { properties?: Record<string, unknown> };

/** The parts of an OpenAPI document this module reads and writes. */
export interface ApiDocument {
  paths?: Record<string, Record<string, ApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
  tags?: { name: string; description?: string }[];
}

/** Tags of routes that belong to no entity. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing in and out, access and refresh tokens, password reset, and two-factor at sign-in.',
  account: "The signed-in account: who it is, its merchant's keys, its password and two-factor.",
  reference: 'Reference data and the health check; no sign-in needed.',
  files: 'Files uploaded with a record, by the name the server gave them.',
  pay: 'The public payer pages: what a payment link asks for, paying it, and the receipt.',
  storefront:
    "The storefront's customer pages: a sale list as its customers see it, placing an order from a cart, and the order's receipt and tracking.",
  dashboard: "The dashboard's figures, from the ledger of payments.",
  search: "Records of every kind found at once, by reference, name, mobile or amount: the app bar's search.",
};

const code = (text: string) => `\`${text}\``;

/** What an entity's tag says: where its records are and what may be done with them. */
function entityTagDescription(entity: EntitySchema): string {
  const parts: string[] = [];
  const operations = operationsOf(entity);
  if (operations.length > 0)
    parts.push(`records at ${code(API_PREFIX + collectionPath(entity))} (${operations.join(', ')})`);
  const actions = [...new Set(transitionsOf(entity).map(({ action }) => action))];
  if (actions.length > 0) parts.push(`actions ${actions.map(code).join(', ')}`);
  const own = entity['x-resource'].own;
  if (own) parts.push(`the merchant's own record at ${code(API_PREFIX + ownPath(own))}`);
  return `${entity.title ?? entity.$id}: ${parts.join('; ')}.`;
}

/** What an entity operation answers, in words the route does not already say. */
function entityOperationNote(kind: EntityOperationKind, entity: EntitySchema): string | undefined {
  const name = entity.$id;
  switch (kind) {
    case 'get':
      return "The merchant's record with this id; 404 when it has none (another merchant's included).";
    case 'create':
      return `Creates a record of the merchant from the body (${code(`${name}.create`)}) and answers it; unknown and read-only fields are refused.`;
    case 'delete':
      return "Deletes the merchant's record with this id and answers it as it was; 409 while other records point at it.";
    case 'update':
    case 'updateOwn': {
      const ignored = ignoredOnUpdate(entity).map(code).join(', ');
      const secrets = Object.values(entity.properties).some((property) => property.writeOnly);
      return (
        `Replaces the record's writable fields with the body (${code(`${name}.update`)}): a field left out is cleared` +
        `${secrets ? ', except a write-only secret, which is kept' : ''}. The whole record may be sent back as read: ` +
        `its read-only fields (${ignored}) are ignored.`
      );
    }
    default:
      return undefined;
  }
}

/** Lists take `filter` as JSON text: the parameter names the schema that text must meet. */
function describeFilter(operation: ApiOperation, entity: EntitySchema): void {
  const filter = operation.parameters?.find((parameter) => parameter.in === 'query' && parameter.name === 'filter');
  if (!filter?.schema) return;
  filter.schema = {
    ...filter.schema,
    contentMediaType: 'application/json',
    contentSchema: { $ref: `#/components/schemas/${entity.$id}.filter` },
  };
}

const LISTS = new Set<EntityOperationKind>(['list', 'listAlias', 'export']);
/** Kinds whose note comes before the route's own description; the others' only stands in for a missing one. */
const ALWAYS_NOTED = new Set<EntityOperationKind>(['update', 'updateOwn']);

/**
 * The update schemas as the API applies them: the fields of the record an update ignores may be
 * sent, any value, and change nothing (`ignored-fields.ts` drops them before validation).
 */
function declareIgnoredFields(schemas: Record<string, Schema>, entities: readonly EntitySchema[]): void {
  for (const entity of entities) {
    const schema = schemas[`${entity.$id}.update`];
    if (!schema) continue;
    const ignored = Object.fromEntries(
      ignoredOnUpdate(entity).map((name) => [
        name,
        { readOnly: true, description: 'Read-only: may be sent back as read, and is ignored.' },
      ]),
    );
    schemas[`${entity.$id}.update`] = { ...schema, properties: { ...schema.properties, ...ignored } };
  }
}

/** Completes the assembled document (in place) and returns it. */
export function finishDocument<T extends ApiDocument>(document: T, entities: readonly EntitySchema[]): T {
  const byPath = entityOperations(entities);
  const used: string[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const served: EntityOperation | undefined = byPath.get(`${method} ${path}`);
      operation.operationId ??= operationIdOf(method, path, served);
      for (const tag of operation.tags ?? []) if (!used.includes(tag)) used.push(tag);
      if (!served) continue;
      if (LISTS.has(served.kind)) describeFilter(operation, served.entity);
      const note = entityOperationNote(served.kind, served.entity);
      if (note && ALWAYS_NOTED.has(served.kind))
        operation.description = [note, operation.description].filter(Boolean).join(' ');
      else if (note && !operation.description) operation.description = note;
    }
  }
  const entityByName = new Map(entities.map((entity) => [entity.$id, entity]));
  document.tags = used.map((name) => {
    const entity = entityByName.get(name);
    return { name, description: TAG_DESCRIPTIONS[name] ?? (entity ? entityTagDescription(entity) : undefined) };
  });
  if (document.components?.schemas) declareIgnoredFields(document.components.schemas, entities);
  return document;
}
