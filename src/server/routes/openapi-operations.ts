import { transitionsOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import { collectionPath, ownPath } from './paths';
import { LIST_ALIASES } from './resources';

/**
 * What each operation of the API document is, and the `operationId` client generators name their
 * functions by, derived from the path, the method and the entity schemas rather than written per
 * route: an entity's own endpoints read as `listInvoice`, `getInvoice`, `createInvoice`,
 * `updateInvoice`, `deleteInvoice`, `exportInvoice`, its actions as `cancelRefund`, its own record
 * as `getOwnMerchant`; any other route by its path, a POST named by its last word
 * (`/password/reset` → `resetPassword`), other methods by `get`/`update`/`delete` and the path
 * (`/asset/report` → `getAssetReport`, `/files/{name}` → `getFilesByName`).
 */

export const API_PREFIX = '/v1';

export type EntityOperationKind =
  'list' | 'create' | 'get' | 'update' | 'delete' | 'export' | 'getOwn' | 'updateOwn' | 'listAlias' | 'action';

/** An operation served for an entity, by kind (`action` for an `x-transitions` action). */
export interface EntityOperation {
  entity: EntitySchema;
  kind: EntityOperationKind;
  action?: string;
}

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (text: string) =>
  words(text)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
const camel = (text: string) => {
  const name = pascal(text);
  return name.charAt(0).toLowerCase() + name.slice(1);
};

/** The entity operations by `<method> <document path>` (`get /v1/invoice/{id}`). */
export function entityOperations(entities: readonly EntitySchema[]): Map<string, EntityOperation> {
  const operations = new Map<string, EntityOperation>();
  const add = (method: string, path: string, entity: EntitySchema, kind: EntityOperationKind, action?: string) =>
    operations.set(`${method} ${API_PREFIX}${path}`, { entity, kind, action });
  for (const entity of entities) {
    const base = collectionPath(entity);
    add('get', base, entity, 'list');
    add('post', base, entity, 'create');
    add('get', `${base}/{id}`, entity, 'get');
    add('put', `${base}/{id}`, entity, 'update');
    add('delete', `${base}/{id}`, entity, 'delete');
    add('get', `${base}/export`, entity, 'export');
    for (const { action } of transitionsOf(entity)) add('post', `${base}/{id}/${action}`, entity, 'action', action);
    const own = entity['x-resource'].own;
    if (own) {
      add('get', ownPath(own), entity, 'getOwn');
      add('put', ownPath(own), entity, 'updateOwn');
    }
  }
  for (const [path, name] of Object.entries(LIST_ALIASES)) {
    const entity = entities.find((candidate) => candidate.$id === name);
    if (entity) add('get', path, entity, 'listAlias');
  }
  return operations;
}

/** The operationId of a route of no entity, from its method and path. */
function pathOperationId(method: string, path: string): string {
  const segments = path.slice(API_PREFIX.length).split('/').filter(Boolean);
  const fixed = segments.filter((segment) => !segment.startsWith('{'));
  // A POST does something: its last word is the verb, the words before it what it is done to.
  if (method === 'post' && fixed.length > 0)
    return camel(fixed[fixed.length - 1]) + pascal(fixed.slice(0, -1).join('-'));
  const verb = method === 'put' ? 'update' : method;
  const last = segments[segments.length - 1] ?? '';
  const by = last.startsWith('{') ? `By${pascal(last.slice(1, -1))}` : '';
  return `${verb}${pascal(fixed.join('-'))}${by}`;
}

/** The operationId of `<method> <path>` (a path of the document, `{id}` for parameters). */
export function operationIdOf(method: string, path: string, operation: EntityOperation | undefined): string {
  if (!operation) return pathOperationId(method, path);
  const entity = pascal(operation.entity.$id);
  if (operation.kind === 'action') return `${camel(operation.action ?? '')}${entity}`;
  if (operation.kind === 'listAlias') return `list${pascal(path.slice(API_PREFIX.length))}`;
  return `${operation.kind}${entity}`;
}
