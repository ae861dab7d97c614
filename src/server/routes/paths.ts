import type { FastifyRequest } from 'fastify';
import type { EntitySchema, XOwn } from '../../schema/types';
import { notFound } from '../kernel/api-error';

/** Where an entity's routes sit inside the /v1 scope, and the record id they are given. */

const trimmed = (endpoint: string) => `/${endpoint.replace(/^\/+|\/+$/g, '')}`;

/** Collection path of an entity ("/products/" → "/products"). */
export const collectionPath = (entity: EntitySchema) => trimmed(entity['x-resource'].endpoint);

/** Path of an entity's own record ("/profile/merchant/" → "/profile/merchant"). */
export const ownPath = (own: XOwn) => trimmed(own.endpoint);

const INT32_MAX = 2_147_483_647;

/** The `:id` of a record route; 404 for anything that cannot be a record's id. */
export function idOf(request: FastifyRequest): number {
  const { id } = request.params as { id: string };
  const value = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : NaN;
  if (!(value <= INT32_MAX)) throw notFound();
  return value;
}
