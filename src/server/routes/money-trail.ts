import type { FastifyInstance } from 'fastify';
import { accessDenial, merchantFlags, operationGate } from '../../schema/access';
import type { EntitySchema } from '../../schema/types';
import { TRAIL_ENTITIES, TRAIL_ROOT_LIMIT, type MoneyTrail, type TrailEntity } from '../../shared/money-trail';
import { MONEY_TRAIL_SCHEMA } from '../../shared/money-trail-schema';
import { callerOf, type Caller } from '../auth/caller';
import type { ServerContext } from '../context';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { moneyTrailOf } from '../payments/money-trail';
import { idOf } from './paths';

/**
 * `GET /money-trail/{entity}/{id}`: the whole chain of a payment's money from any record of it
 * (`payments/money-trail.ts`), for the caller's merchant only (404 for another's). Behind the gate
 * of viewing the record asked for and that of viewing transactions, whose money the trail is; the
 * records of the other entities in it that the caller may not view are left out (`hidden`).
 */

const params = {
  type: 'object',
  additionalProperties: false,
  required: ['entity', 'id'],
  properties: {
    entity: { type: 'string', enum: [...TRAIL_ENTITIES], description: 'The kind of record the trail starts from' },
    id: { type: 'string', maxLength: 20, description: 'The id of that record (404 when it is not one)' },
  },
} as const;

/** Whether the caller may view records of `entity` (its `show` gate). */
function mayView(caller: Caller, entity: EntitySchema): boolean {
  return (
    accessDenial(operationGate(entity, 'show'), {
      role: caller.role,
      services: merchantFlags(caller.merchant.services, caller.merchant.is_multi_vendor),
      permissions: caller.permissions,
    }) === null
  );
}

/** Registers `GET /money-trail/{entity}/{id}` when the server serves every entity of a trail. */
export function moneyTrailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const entities = new Map(ctx.entities.map((entity) => [entity.$id, entity]));
  const schemas = TRAIL_ENTITIES.map((name) => entities.get(name));
  if (schemas.some((schema) => schema === undefined)) return;
  const schemaOf = (name: TrailEntity) => entities.get(name) as EntitySchema;
  app.get(
    '/money-trail/:entity/:id',
    {
      onRequest: async (request) => {
        const caller = callerOf(request);
        const { entity } = request.params as { entity?: string };
        checkAccess(caller, operationGate(schemaOf('transaction'), 'show'));
        if ((TRAIL_ENTITIES as readonly string[]).includes(String(entity)))
          checkAccess(caller, operationGate(schemaOf(entity as TrailEntity), 'show'));
      },
      schema: {
        tags: ['transaction'],
        summary: 'The money trail: invoice → payments → refunds and captures → fees → transfers, with totals',
        description:
          'From an invoice, transaction, refund, capture or payment transfer, every chain it belongs to: the ' +
          'invoice, its payments (a payment without an invoice is a chain of its own), their refunds, captures and ' +
          'ledger postings, and the transfers that paid them out; from a transfer, the chains of all its payments ' +
          `and refunds (the first ${TRAIL_ROOT_LIMIT} in detail, \`roots_count\` of them in all). Totals are read ` +
          'from the ledger, exact to the fil. 404 when the record is not the merchant’s; 403 without the gates of ' +
          'viewing the record and transactions. Records of entities the caller may not view are left out (`hidden`).',
        params,
        response: { 200: MONEY_TRAIL_SCHEMA, ...errorResponses },
      },
    },
    async (request): Promise<MoneyTrail> => {
      const caller = callerOf(request);
      const { entity } = request.params as { entity: TrailEntity };
      const hidden = TRAIL_ENTITIES.filter((name) => !mayView(caller, schemaOf(name)));
      return moneyTrailOf(ctx, caller.merchant.id, entity, idOf(request), hidden);
    },
  );
}
