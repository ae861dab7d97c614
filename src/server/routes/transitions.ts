import type { FastifyInstance } from 'fastify';
import { transitionsOf } from '../../schema/relations';
import { callerOf } from '../auth/caller';
import { adminOnly, operationGuard } from '../http/guard';
import type { ServerContext } from '../context';
import { notFound } from '../kernel/api-error';
import { languageOf } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { idParams } from '../http/route-schemas';
import { actorOf } from '../history/change-history';
import { collectionPath, idOf } from './paths';

/**
 * The actions of `x-transitions`: `POST <endpoint>/:id/<action>` moves the record's status, behind
 * the resource's own gates (the action's permission in `x-resource.permissions`, else the entity's;
 * the admin only for an `adminOnly` action), with the row locked in one transaction. An action
 * that asks why takes `{ reason }` and stores it. From a status the action does not start from it
 * answers 409 naming the current status; otherwise 200 with the record.
 */

/** The body of an action that asks why (`x-transitions.<action>.reason`). */
const reasonBody = {
  type: 'object',
  properties: { reason: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' } },
  required: ['reason'],
  additionalProperties: false,
} as const;

export function registerTransitions(app: FastifyInstance, ctx: ServerContext): void {
  for (const entity of ctx.entities) {
    const store = ctx.stores.get(entity.$id);
    if (!store) throw new Error(`No store for ${entity.$id}`);
    for (const { property, action, from, to, adminOnly: admins, reason, until } of transitionsOf(entity)) {
      const guard = operationGuard(entity, action);
      app.post(
        `${collectionPath(entity)}/:id/${action}`,
        {
          onRequest: admins ? [guard, adminOnly] : guard,
          schema: {
            tags: [entity.$id],
            summary: `${action} ${entity.$id}`,
            description: `Sets \`${property}\` to \`${to}\`; allowed while it is ${from.map((status) => `\`${status}\``).join(', ')}, 409 otherwise. ${reason ? `Body \`{ "reason" }\` (required), stored as \`${reason}\`.` : 'No body.'}${admins ? " The merchant's admin only." : ''}${until ? ` Only before the instant in \`${until.property}\`: 409 from then on.` : ''}`,
            params: idParams,
            ...(reason ? { body: reasonBody } : {}),
            response: { 200: { $ref: `${entity.$id}.record#` }, ...errorResponses },
          },
        },
        async (request) => {
          const caller = callerOf(request);
          const merchantId = caller.merchant.id;
          const id = idOf(request);
          const given = reason ? (request.body as { reason: string }).reason.trim() : undefined;
          const record = await ctx.db.transaction(async (tx) => {
            const moved = await store.transition(tx, merchantId, id, property, action, actorOf(caller), given);
            if (!moved) return null;
            const scope = {
              tx,
              merchantId,
              language: languageOf(request),
              actor: actorOf(caller),
              role: caller.role,
            };
            return ctx.effects.afterTransition(entity.$id, scope, moved, action);
          });
          if (!record) throw notFound();
          ctx.outbox.kick();
          return record;
        },
      );
    }
  }
}
