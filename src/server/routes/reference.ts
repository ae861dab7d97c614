import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { errorResponses } from '../http/shared-schemas';
import { entitySchemas } from '../../schema/registry';
import { enumLabelKey } from '../../schema/labels';
import { t } from '../kernel/language';
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

const city = {
  $id: 'delivery-city',
  type: 'object',
  properties: { value: { type: 'string' }, name: { type: 'string' }, name_ar: { type: 'string' } },
};

export const referenceSchemas = [country, health, city];

/**
 * The cities a delivery company serves: the values of the invoice's `delivery_city` enum, named in
 * both languages by the catalogue, so the list and the form's choices are one.
 */
function deliveryCities() {
  const values = (entitySchemas.invoice?.properties.delivery_city?.enum ?? []) as string[];
  return values.map((value) => {
    const key = enumLabelKey('invoice', 'delivery_city', value);
    return { value, name: t('en', key), name_ar: t('ar', key) };
  });
}

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
    '/delicon-city-list',
    {
      schema: {
        tags: ['reference'],
        summary: 'Cities served by the delivery company (delivery-company invoices)',
        response: { 200: { type: 'array', items: { $ref: 'delivery-city#' } } },
      },
    },
    async () => deliveryCities(),
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
