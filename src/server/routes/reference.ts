import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { errorResponses } from '../http/shared-schemas';
import { COUNTRIES } from '../reference/countries';

/** Public reference data and the health check. */

const country = {
  $id: 'country',
  type: 'object',
  properties: {
    code: { type: 'string' },
    name: { type: 'string' },
    name_ar: { type: 'string' },
    dial_code: { type: 'string' },
  },
};

const health = {
  $id: 'health',
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string' } },
};

export const referenceSchemas = [country, health];

/** `GET /countries` and `GET /health` (no sign-in needed). */
export function referenceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(
    '/countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'Countries with dial codes',
        response: { 200: { type: 'array', items: { $ref: 'country#' } } },
      },
    },
    async () => COUNTRIES,
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['reference'],
        summary: 'Liveness and database check',
        response: { 200: { $ref: 'health#' }, ...errorResponses },
      },
    },
    async () => {
      await ctx.db.query('select 1');
      return { status: 'ok', database: ctx.db.driver };
    },
  );
}
