import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { rangeFilters } from '../../../src/schema/listDateRange';
import { transitionsOf } from '../../../src/schema/relations';
import type { EntitySchema } from '../../../src/schema/types';
import { AccessTokens } from '../../../src/server/auth/access-tokens';
import { loadTokenSecret } from '../../../src/server/auth/token-secret';
import { getMerchant } from '../../../src/server/merchants/merchants';
import { allPermissions, type PermissionMaps } from '../../../src/server/merchants/permissions';
import { Client } from '../../api/helpers/client';
import { CALLS, type CallerProfile, type MatrixOperation, type Role } from './gates';

/**
 * The callers of the access matrix for one merchant, and how they call an entity: as the portal
 * does, with the query and body sealed in `data` for an entity whose payloads travel encrypted.
 */

export interface Actor {
  merchant: string;
  role: Role;
  client: Client;
  /** What the gate looks at; null for callers that must not get past the authentication. */
  profile: CallerProfile | null;
}

export interface MerchantActors {
  merchantId: number;
  admin: Actor;
  /** The merchant admin seals encrypted payloads for every caller of its merchant (same keys). */
  sealer: Client;
  all: Actor[];
}

const employeeBody = (email: string, permissions: PermissionMaps) => ({
  name: `Matrix ${email.split('@')[0]}`,
  email,
  designation: 'Access matrix',
  password: 'Matrix@1234',
  permissions,
});

/**
 * Signs in the merchant's admin, makes (through the API) a limited employee and a disabled one with
 * the same maps, a viewer with `viewer`'s, and forges an expired token of the admin's session with the server's own key.
 */
export async function merchantActors(
  app: FastifyInstance,
  label: string,
  account: { email: string; password: string },
  limited: PermissionMaps,
  viewer: PermissionMaps,
): Promise<MerchantActors> {
  const adminClient = await Client.signIn(app, account);
  const claims = app.bawaba.tokens.verify(adminClient.token as string);
  if (!claims) throw new Error('The admin token does not verify');
  const merchant = await getMerchant(app.bawaba.db, claims.mid);
  if (!merchant) throw new Error(`No merchant ${claims.mid}`);
  const flags = { services: merchant.services, isMultiVendor: merchant.is_multi_vendor };

  const hire = async (kind: string, maps = limited) => {
    const email = `matrix-${kind}-${label.toLowerCase()}@demo.test`;
    const body = employeeBody(email, maps);
    const created = await adminClient.post('/v1/employees', { data: await adminClient.encrypt(body) });
    if (created.statusCode !== 201) throw new Error(`Hiring ${email}: ${created.body}`);
    return { record: created.json() as Record<string, unknown>, body, client: await Client.signIn(app, body) };
  };
  const limitedEmployee = await hire('limited');
  const viewerEmployee = await hire('viewer', viewer);
  const disabled = await hire('disabled');
  const { password: _password, ...kept } = disabled.body;
  const off = await adminClient.put(`/v1/employees/${String(disabled.record.id)}`, {
    data: await adminClient.encrypt({ ...kept, active: false }),
  });
  if (off.statusCode !== 200) throw new Error(`Disabling ${disabled.body.email}: ${off.body}`);

  const secret = await loadTokenSecret(app.bawaba.db);
  const session = { src: claims.src, sub: claims.sub, mid: claims.mid, sid: claims.sid };
  const expired = new AccessTokens(secret, 60, () => Date.now() - 3_600_000).sign(session);
  // Signed with the server's own key: the same token made now is accepted, so only its age refuses it.
  if (!app.bawaba.tokens.verify(new AccessTokens(secret, 60).sign(session))) throw new Error('Not the server key');

  const admin: Actor = {
    merchant: label,
    role: 'admin',
    client: adminClient,
    profile: { role: 'admin', ...flags, permissions: allPermissions() },
  };
  const all: Actor[] = [
    admin,
    {
      merchant: label,
      role: 'limited',
      client: limitedEmployee.client,
      profile: { role: 'employee', ...flags, permissions: limited },
    },
    {
      merchant: label,
      role: 'viewer',
      client: viewerEmployee.client,
      profile: { role: 'employee', ...flags, permissions: viewer },
    },
    { merchant: label, role: 'disabled', client: disabled.client, profile: null },
    { merchant: label, role: 'anonymous', client: new Client(app), profile: null },
    { merchant: label, role: 'expired', client: new Client(app, expired), profile: null },
  ];
  return { merchantId: claims.mid, admin, sealer: adminClient, all };
}

/** `/v1` path of an entity's collection. */
export const basePath = (entity: EntitySchema) => `/v1/${entity['x-resource'].endpoint.replace(/^\/+|\/+$/g, '')}`;

/** A list filter the entity's date range rule accepts (the last few weeks), or none. */
export function dateFilter(entity: EntitySchema): Record<string, string> {
  const rule = entity['x-list'].dateRange;
  if (!rule) return {};
  const days = Math.min(20, rule.maxDays ?? 20, rule.withinDays ?? 20) - 1;
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const { from, to } = rangeFilters(rule);
  return { [from]: day(days), [to]: day(0) };
}

export interface CallOptions {
  id?: number;
  body?: unknown;
  /** Extra list filter entries. */
  filter?: Record<string, unknown>;
  /** Extra entries at the top of the list query (beside filter, range). */
  query?: Record<string, unknown>;
}

/** One call of the matrix, sealed for an encrypted entity. */
export async function callAs(
  actor: Actor,
  sealer: Client,
  entity: EntitySchema,
  op: MatrixOperation,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const { method, path } = CALLS[op];
  const base = basePath(entity);
  const url = path === 'collection' ? base : path === 'export' ? `${base}/export` : `${base}/${options.id ?? 0}`;
  const encrypted = entity['x-resource'].encrypted === true;
  if (method === 'GET' && path !== 'record') {
    const filter = { ...dateFilter(entity), ...options.filter };
    const listQuery = { filter, ...(op === 'list' ? { range: [0, 24] } : {}), ...options.query };
    const query = encrypted
      ? { data: await sealer.encrypt(listQuery) }
      : Object.fromEntries(
          Object.entries(listQuery).map(([name, value]) => [
            name,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        );
    return actor.client.request('GET', url, { query });
  }
  if (options.body === undefined) return actor.client.request(method, url);
  const body = encrypted ? { data: await sealer.encrypt(options.body) } : options.body;
  return actor.client.request(method, url, { body });
}

/** A status action or command of the matrix on one record, as the portal sends it. */
export async function actAs(
  actor: Actor,
  entity: EntitySchema,
  action: { kind: 'transition' | 'command'; name: string },
  id: number,
): Promise<LightMyRequestResponse> {
  if (action.kind === 'transition') {
    // An action that asks why is sent with one, as the portal's confirm dialog does.
    const asks = transitionsOf(entity).find((transition) => transition.action === action.name)?.reason;
    const body = asks ? { reason: 'Checked with the customer' } : {};
    return actor.client.request('POST', `${basePath(entity)}/${id}/${action.name}`, { body });
  }
  const command = entity['x-resource'].commands?.[action.name];
  if (!command) throw new Error(`${entity.$id} has no command ${action.name}`);
  return actor.client.request('POST', `/v1${command.endpoint}`, { body: { id } });
}
