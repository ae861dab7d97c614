import type { FastifyInstance } from 'fastify';
import { confirmEmptySettings } from '../../schema/confirmEmpty';
import { entitySchemas, getEntitySchema } from '../../schema/registry';
import { recordAudit } from '../audit/log';
import { callerOf, toCaller, type Caller } from '../auth/caller';
import { loadIdentity, setProfile, type Identity } from '../auth/identities';
import type { ServerContext } from '../context';
import { unauthorized } from '../kernel/api-error';
import { adminOnly } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { regenerateKeys } from '../merchants/keys';
import { allPermissions } from '../merchants/permissions';
import { SERVICE_FLAGS } from '../merchants/services';

/** The signed-in account: its profile, its merchant's keys, and payload encryption with them. */

const employee = getEntitySchema('employee');
const nullableString = { type: ['string', 'null'] };

/** Profile edits follow the employee schema's own rules for a name and a sign-in e-mail. */
const profileUpdate = {
  $id: 'profile.update',
  type: 'object',
  required: ['name', 'email'],
  additionalProperties: false,
  properties: { name: employee.properties.name, email: employee.properties.email },
};

/** The merchant's own settings the forms consult (`x-confirmEmpty.when`): the profile carries them. */
const SETTINGS = confirmEmptySettings(Object.values(entitySchemas));

const profile = {
  $id: 'profile',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: ['admin', 'employee'] },
    merchant: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        code: { type: 'string' },
        name: { type: 'string' },
        name_ar: nullableString,
        brand_name: nullableString,
        logo: nullableString,
        is_multi_vendor: { type: 'boolean' },
        settings: {
          type: 'object',
          description: "The merchant's settings the back office's forms consult (`x-confirmEmpty.when`)",
          properties: Object.fromEntries(SETTINGS.map((name) => [name, { type: 'boolean' }])),
        },
      },
    },
    services: {
      type: 'object',
      properties: Object.fromEntries(SERVICE_FLAGS.map((flag) => [flag, { type: 'boolean' }])),
    },
    permissions: {
      type: 'object',
      properties: Object.fromEntries(
        Object.keys(allPermissions()).map((map) => [map, { type: 'array', items: { type: 'string' } }]),
      ),
    },
  },
};

const keys = {
  $id: 'keys',
  type: 'object',
  properties: {
    access_code: { type: 'string' },
    secret_key: { type: 'string' },
    iv_key: { type: 'string' },
    merchant_code: { type: 'string' },
  },
};

const encryptRequest = {
  $id: 'encrypt.request',
  type: 'object',
  required: ['payload'],
  additionalProperties: false,
  properties: { payload: { description: 'Any JSON value' } },
};

const encryptResponse = { $id: 'encrypt.response', type: 'object', properties: { data: { type: 'string' } } };

export const accountSchemas = [profileUpdate, profile, keys, encryptRequest, encryptResponse];

type Settings = Record<string, boolean>;

/** The merchant's settings the profile carries, from its own record (defaults until it is saved). */
async function settingsOf(ctx: ServerContext, merchantId: number): Promise<Settings> {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'merchant');
  if (!entity?.['x-resource'].own || SETTINGS.length === 0) return {};
  const own = await ctx.db.transaction((tx) => ctx.own.read(tx, entity, merchantId));
  return Object.fromEntries(SETTINGS.map((name) => [name, own[name] === true]));
}

function profileOf({ identity, merchant, role, permissions }: Caller, settings: Settings) {
  return {
    id: identity.recordId,
    name: identity.name,
    email: identity.email,
    role,
    merchant: {
      id: merchant.id,
      code: merchant.code,
      name: merchant.name,
      name_ar: merchant.name_ar,
      brand_name: merchant.brand_name,
      logo: merchant.logo,
      is_multi_vendor: merchant.is_multi_vendor,
      settings,
    },
    services: merchant.services,
    permissions,
  };
}

/** `GET /keys`, `POST /keys/regenerate`, `GET|PUT /profile` and `POST /encrypt` for the signed-in caller. */
export function accountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['account'];

  app.get(
    '/keys',
    {
      schema: {
        tags,
        summary: "The merchant's API and encryption keys",
        response: { 200: { $ref: 'keys#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { merchant } = callerOf(request);
      return {
        access_code: merchant.access_code,
        secret_key: merchant.secret_key,
        iv_key: merchant.iv_key,
        merchant_code: merchant.code,
      };
    },
  );

  app.post(
    '/keys/regenerate',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          "Replace the merchant's API and encryption keys (the merchant's admin only); the old ones stop working",
        response: { 200: { $ref: 'keys#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { merchant } = callerOf(request);
      const keys = await ctx.db.transaction(async (tx) => {
        const fresh = await regenerateKeys(tx, merchant.id);
        // The merchant's own profile shows its keys (`x-generated` ones): they follow.
        for (const entity of ctx.entities.filter((candidate) => candidate['x-resource'].own)) {
          const generated = Object.entries(entity.properties).flatMap(([name, property]) => {
            const generator = property['x-generated'];
            return typeof generator === 'string' && generator in fresh
              ? [[name, fresh[generator as keyof typeof fresh]]]
              : [];
          });
          if (generated.length > 0)
            await ctx.own.setSystemValues(tx, entity, merchant.id, Object.fromEntries(generated));
        }
        await recordAudit(tx, { merchantId: merchant.id, event: 'keys_regenerated', concealed: true });
        return fresh;
      });
      return { ...keys, merchant_code: merchant.code };
    },
  );

  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Who is signed in, their merchant, services and permissions',
        response: { 200: { $ref: 'profile#' }, ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return profileOf(caller, await settingsOf(ctx, caller.merchant.id));
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Change name and sign-in e-mail',
        body: { $ref: 'profile.update#' },
        response: { 200: { $ref: 'profile#' }, ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { name, email } = request.body as { name: string; email: string };
      const identity: Identity | null = await ctx.db.transaction(async (tx) => {
        await setProfile(tx, ctx.stores, caller.identity, name, email);
        return loadIdentity(tx, caller.identity.source, caller.identity.recordId);
      });
      if (!identity) throw unauthorized('app.auth.session_expired');
      return profileOf(
        toCaller(identity, caller.merchant, caller.sessionId),
        await settingsOf(ctx, caller.merchant.id),
      );
    },
  );

  app.post(
    '/encrypt',
    {
      schema: {
        tags,
        summary: "Encrypt a payload with the merchant's keys",
        body: { $ref: 'encrypt.request#' },
        response: { 200: { $ref: 'encrypt.response#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { merchant } = callerOf(request);
      return { data: await ctx.ciphers.encrypt(merchant, (request.body as { payload: unknown }).payload) };
    },
  );
}
