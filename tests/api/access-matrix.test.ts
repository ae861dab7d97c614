import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema, Permission } from '../../src/schema/types';
import { filterSchema, ignoredOnUpdate, writeSchema } from '../../src/schema/variants';
import { notApplying } from '../../src/schema/when';
import {
  actAs,
  basePath,
  callAs,
  merchantActors,
  type Actor,
  type MerchantActors,
} from '../support/access-matrix/actors';
import { createBody, forbiddenFields, referencedEntity, updateBody, type Row } from '../support/access-matrix/bodies';
import {
  CALLS,
  MATRIX_OPERATIONS,
  expectedActionOutcome,
  expectedOutcome,
  recordActionsOf,
  routingOf,
  type Call,
  type CallerProfile,
  type MatrixOperation,
} from '../support/access-matrix/gates';
import { freshMoneyRecords } from '../support/access-matrix/money';
import { limitedPermissions, viewerPermissions, withoutPermission } from '../support/access-matrix/permissions';
import {
  bareRow,
  bodySources,
  countOf,
  idsOf,
  readRecord,
  storedRow,
  tableName,
} from '../support/access-matrix/records';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Who may do what to every entity, with every expectation computed from the schemas (operations,
 * the gate of each operation, relations) and the permission maps: two merchants × six callers ×
 * every entity × list, get, create, update, delete, export and each status action and command;
 * then swapped ids, a foreign merchant smuggled into
 * filters, bodies and references, and fields no client may write (refused in a create; in a
 * replace, the record's read-only fields are ignored, and never written either way).
 */

const ENTITIES = Object.values(entitySchemas);
const LIMITED = limitedPermissions(ENTITIES);
const VIEWER = viewerPermissions(ENTITIES);
/** Order of the calls for one caller: the record it creates is read, replaced, exported and finally deleted. */
const ORDER: MatrixOperation[] = ['list', 'create', 'get', 'update', 'export', 'delete'];

interface Mismatch {
  case: string;
  expected: number | string;
  got: number;
  body: string;
}

describe.each(DRIVERS)('access matrix (%s)', (driver) => {
  let server: TestServer;
  let merchants: MerchantActors[];
  let documented: (entity: EntitySchema, call: Call) => boolean;
  let serial = 0;
  const tally = { cases: 0, unjudged: 0 };

  beforeAll(async () => {
    server = await startServer(driver);
    merchants = [
      await merchantActors(server.app, 'A', ACCOUNTS.merchant, LIMITED, VIEWER),
      await merchantActors(server.app, 'B', ACCOUNTS.vendor, LIMITED, VIEWER),
    ];
    for (const merchant of merchants) {
      await freshMoneyRecords(server, merchant.sealer, merchant.merchantId);
      // Each account's own records (`x-resource.perUser`): the admin's first one, to copy bodies from.
      for (const entity of ENTITIES.filter((candidate) => candidate['x-resource'].perUser !== undefined)) {
        const made = await merchant.sealer.post(basePath(entity), { name: 'Matrix', list: '/matrix' });
        if (made.statusCode !== 201) throw new Error(`${entity.$id}: the admin's first record: ${made.body}`);
      }
    }
    const paths = (await server.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    documented = (entity, call) => {
      const path = `${basePath(entity)}${call.path === 'record' ? '/{id}' : ''}`;
      return call.method.toLowerCase() in (paths[path] ?? {});
    };
  }, 120_000);
  afterAll(async () => {
    // Every case judged: the count printed is the one the closing note reports.
    console.info(`access matrix (${driver}): ${tally.cases} cases, ${tally.unjudged} left to a route of its own`);
    await server?.close();
  });

  const other = (merchant: MerchantActors) => merchants.find((m) => m !== merchant) as MerchantActors;

  /** Compares an answer with its computed status, noting a mismatch (with the answer, for the report). */
  function judge(mismatches: Mismatch[], name: string, expected: number | null, response: LightMyRequestResponse) {
    if (expected === null) {
      tally.unjudged += 1;
      expect(response.statusCode, name).toBeLessThan(500);
      return;
    }
    tally.cases += 1;
    if (response.statusCode !== expected)
      mismatches.push({ case: name, expected, got: response.statusCode, body: response.body.slice(0, 200) });
  }

  /** A create body for `entity` by a caller of `merchant`, from a record of its own (else the other merchant's). */
  async function newBody(entity: EntitySchema, merchant: MerchantActors): Promise<Row> {
    for (const source of [merchant, other(merchant)]) {
      const [id] = await idsOf(server.app, entity, source.merchantId);
      const template = id === undefined ? undefined : await readRecord(source.sealer, entity, id);
      if (!template) continue;
      serial += 1;
      return createBody(
        entity,
        template,
        serial,
        await bodySources(server.app, entity, merchant.merchantId, merchant.sealer),
      );
    }
    throw new Error(`${entity.$id}: no record to copy a create body from`);
  }

  /** A viewer of `merchant` without `permission`, hired for the call at hand. */
  async function lackingViewer(merchant: MerchantActors, permission: Permission | undefined): Promise<Actor> {
    serial += 1;
    const permissions = withoutPermission(VIEWER, permission);
    const body = {
      name: `Matrix lacking ${serial}`,
      email: `matrix-lacking-${serial}-${merchant.admin.merchant.toLowerCase()}@demo.test`,
      designation: 'Access matrix',
      password: 'Matrix@1234',
      permissions,
    };
    const hired = await merchant.sealer.post('/v1/employees', { data: await merchant.sealer.encrypt(body) });
    if (hired.statusCode !== 201) throw new Error(`Hiring ${body.email}: ${hired.body}`);
    const viewer = merchant.all.find((actor) => actor.role === 'viewer') as Actor;
    return {
      ...viewer,
      client: await Client.signIn(server.app, body),
      profile: { ...(viewer.profile as CallerProfile), permissions },
    };
  }

  /** Runs the six calls of one caller on one entity, in an order where its own record is created first. */
  async function callerCases(entity: EntitySchema, merchant: MerchantActors, actor: Actor, mismatches: Mismatch[]) {
    const ids = await idsOf(server.app, entity, merchant.merchantId);
    // A record the caller may not change is aimed at the merchant's oldest one (checked untouched afterwards);
    // an update the caller may make, with no create to make its own, goes to the newest.
    let own: number | undefined;
    const docs = (call: Call) => documented(entity, call);
    for (const op of ORDER) {
      const routing = routingOf(entity, op, docs);
      const expected = expectedOutcome(entity, op, actor.profile, routing);
      const allowed = expected.status !== null && expected.status < 300;
      // A caller that may create changes and deletes only the record it made; if its create failed
      // (already a mismatch), those calls are not made at all rather than aimed at a seeded record.
      const mayCreate =
        expectedOutcome(entity, 'create', actor.profile, routingOf(entity, 'create', docs)).status === 201;
      if (allowed && mayCreate && (op === 'update' || op === 'delete' || op === 'get') && own === undefined) continue;
      const target = own ?? (op === 'update' && allowed ? ids[ids.length - 1] : ids[0]);
      let body: Row | undefined;
      // A create refused for want of a permission carries a valid body: only the gate refuses it.
      const gated = routing === 'served' && expected.status === 403 && expected.why.endsWith('permission');
      if (op === 'create') body = allowed || gated ? await newBody(entity, merchant).catch(() => ({})) : {};
      if (op === 'update') {
        // A record each account keeps for itself (`x-resource.perUser`) is read by the caller who made it.
        const reader = entity['x-resource'].perUser !== undefined && own !== undefined ? actor.client : merchant.sealer;
        const current = target === undefined ? undefined : await readRecord(reader, entity, target);
        body = current ? updateBody(entity, current) : {};
      }
      // The values written may need permissions of their own (`x-permissions`), judged once the body is known.
      const judged = body ? expectedOutcome(entity, op, actor.profile, routing, 'own', body) : expected;
      const status = target === undefined && CALLS[op].path === 'record' && allowed ? 404 : judged.status;
      const response = await callAs(actor, merchant.sealer, entity, op, { id: target, body });
      judge(mismatches, `${actor.merchant}/${actor.role} ${op} ${entity.$id} (${judged.why})`, status, response);
      if (op === 'create' && response.statusCode === 201) own = response.json().id;
      if (op === 'list' && response.statusCode === 200) {
        const mine = new Set(await idsOf(server.app, entity, merchant.merchantId));
        const strangers = (response.json() as Row[]).filter((row) => !mine.has(row.id as number));
        expect(strangers, `${actor.merchant}/${actor.role} lists another merchant's ${entity.$id}`).toEqual([]);
      }
    }
  }

  describe.each(ENTITIES.map((entity) => [entity.$id, entity] as const))('%s', (_name, entity) => {
    it('answers each caller of each merchant as the gates say, and changes nothing it refuses', async () => {
      const mismatches: Mismatch[] = [];
      for (const merchant of merchants) {
        const [witness] = await idsOf(server.app, entity, merchant.merchantId);
        const before = witness === undefined ? null : await storedRow(server.app, entity, witness);
        for (const actor of merchant.all) await callerCases(entity, merchant, actor, mismatches);
        if (before && witness !== undefined) {
          const after = await storedRow(server.app, entity, witness);
          // The newest record is the oldest too when the merchant has one: an allowed replace then touched it.
          const { updated_at: _a, ...was } = before;
          const { updated_at: _b, ...is } = after ?? {};
          expect.soft(is, `${merchant.admin.merchant}'s ${entity.$id} #${witness} changed`).toEqual(was);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it("answers 404 for another merchant's record and leaves it untouched", async () => {
      const mismatches: Mismatch[] = [];
      for (const merchant of merchants) {
        const [foreign] = await idsOf(server.app, entity, other(merchant).merchantId);
        if (foreign === undefined) continue;
        const before = await storedRow(server.app, entity, foreign);
        const [ownId] = await idsOf(server.app, entity, merchant.merchantId);
        const template = ownId === undefined ? undefined : await readRecord(merchant.sealer, entity, ownId);
        for (const actor of merchant.all.filter((a) => a.profile)) {
          for (const op of ['get', 'update', 'delete'] as const) {
            const routing = routingOf(entity, op, (call) => documented(entity, call));
            const body = op === 'update' ? (template ? updateBody(entity, template) : {}) : undefined;
            const expected = expectedOutcome(entity, op, actor.profile, routing, 'foreign', body);
            // A replace is checked before the record is looked up: it carries a valid body of the caller's own.
            if (op === 'update' && expected.status === 404 && !template) continue;
            const response = await callAs(actor, merchant.sealer, entity, op, { id: foreign, body });
            judge(mismatches, `${actor.merchant}/${actor.role} ${op} foreign ${entity.$id}`, expected.status, response);
          }
        }
        expect(await storedRow(server.app, entity, foreign)).toEqual(before);
      }
      expect(mismatches).toEqual([]);
    });

    it('refuses a foreign merchant id in filters and bodies, and never writes what no client may', async () => {
      const mismatches: Mismatch[] = [];
      for (const merchant of merchants) {
        const foreignId = other(merchant).merchantId;
        const admin = merchant.admin;
        const gate = (op: MatrixOperation) =>
          expectedOutcome(
            entity,
            op,
            admin.profile,
            routingOf(entity, op, (call) => documented(entity, call)),
          );
        if (gate('list').status === 200) {
          const filtered = 'merchant_id' in (filterSchema(entity).properties ?? {}) ? 200 : 400;
          for (const options of [{ filter: { merchant_id: foreignId } }, { query: { merchant_id: foreignId } }]) {
            const response = await callAs(admin, merchant.sealer, entity, 'list', options);
            judge(mismatches, `${admin.merchant} list ${entity.$id} ${JSON.stringify(options)}`, filtered, response);
          }
        }
        for (const op of ['create', 'update'] as const) {
          if (gate(op).status !== (op === 'create' ? 201 : 200)) continue;
          const counts = await Promise.all(merchants.map((m) => countOf(server.app, entity, m.merchantId)));
          const ids = await idsOf(server.app, entity, merchant.merchantId);
          const id = ids[ids.length - 1];
          if (op === 'update' && id === undefined) continue;
          const valid =
            op === 'create'
              ? await newBody(entity, merchant)
              : updateBody(entity, (await readRecord(merchant.sealer, entity, id)) as Row);
          const success = op === 'create' ? 201 : 200;
          const writable = writeSchema(entity, op).properties;
          // A replace may carry the record's read-only fields back as read: they are ignored, not refused.
          const ignored = op === 'update' ? ignoredOnUpdate(entity) : [];
          /**
           * Rows the smuggling calls wrote (a create that left the smuggled value out, an update that
           * ignored it), what must not be in them, and what the field held before.
           */
          const written: { id: number; field: string; value: unknown; before: unknown }[] = [];
          const attempt = async (field: string, value: unknown, expected: number | null, name: string) => {
            const before =
              op === 'update' && id !== undefined ? (await storedRow(server.app, entity, id))?.[field] : undefined;
            const response = await callAs(admin, merchant.sealer, entity, op, {
              id,
              body: { ...valid, [field]: value },
            });
            judge(mismatches, `${admin.merchant} ${op} ${entity.$id} ${name}`, expected, response);
            if (response.statusCode < 300) written.push({ id: response.json().id, field, value, before });
          };
          for (const [field, value] of Object.entries(forbiddenFields(entity, foreignId))) {
            const expected = field in writable ? null : ignored.includes(field) ? success : 400;
            await attempt(field, value, expected, `with ${field}`);
          }
          const bare: [EntitySchema, number][] = [];
          for (const [field, property] of Object.entries(writable)) {
            const referenced = referencedEntity(property);
            if (!referenced) continue;
            const target = entitySchemas[referenced];
            let [theirs] = await idsOf(server.app, target, foreignId);
            if (theirs === undefined) {
              theirs = await bareRow(server.app, target, foreignId);
              bare.push([target, theirs]);
            }
            // A field that does not apply to the record (`x-when`) is not stored: the write goes through without it.
            const expected = notApplying(entity, valid).includes(field) ? success : 400;
            await attempt(
              field,
              property.type === 'array' ? [theirs] : theirs,
              expected,
              `pointing ${field} elsewhere`,
            );
          }
          for (const [target, bareId] of bare)
            await server.app.bawaba.db.query(`delete from ${tableName(target)} where id = $1::integer`, [bareId]);
          for (const row of written) {
            const stored = (await storedRow(server.app, entity, row.id)) as Row;
            expect(stored.merchant_id, `${entity.$id} #${row.id}`).toBe(merchant.merchantId);
            // A field that already held the smuggled value (an ignored status) shows no write either way.
            if (JSON.stringify(row.before ?? null).includes(JSON.stringify(row.value))) continue;
            expect(JSON.stringify(stored[row.field] ?? null), `${entity.$id}.${row.field}`).not.toContain(
              JSON.stringify(row.value),
            );
          }
          const created = op === 'create' ? written.length : 0;
          const countsAfter = await Promise.all(merchants.map((m) => countOf(server.app, entity, m.merchantId)));
          expect(countsAfter, `${admin.merchant} ${op} ${entity.$id}: rows written`).toEqual(
            counts.map((count, i) => (merchants[i] === merchant ? count + created : count)),
          );
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('answers a create of each value that needs a permission of its own as that permission says', async () => {
      const mismatches: Mismatch[] = [];
      const routing = routingOf(entity, 'create', (call) => documented(entity, call));
      for (const [property, schema] of Object.entries(entity.properties)) {
        for (const value of Object.keys(schema['x-permissions'] ?? {})) {
          for (const merchant of merchants) {
            const [template] = await server.app.bawaba.db.query<{ id: number }>(
              `select id from ${tableName(entity)} where merchant_id = $1::integer and ${property} = $2 order by id limit 1`,
              [merchant.merchantId, value],
            );
            const record = template && (await readRecord(merchant.sealer, entity, template.id));
            if (!record) continue;
            const sources = await bodySources(server.app, entity, merchant.merchantId, merchant.sealer);
            // Besides the callers of the merchant, a viewer lacking only the value's permission.
            const lacking = await lackingViewer(merchant, schema['x-permissions']?.[value]);
            for (const actor of [...merchant.all.filter((caller) => caller.profile), lacking]) {
              serial += 1;
              const body = createBody(entity, record, serial, sources);
              const expected = expectedOutcome(entity, 'create', actor.profile, routing, 'own', body);
              const response = await callAs(actor, merchant.sealer, entity, 'create', { body });
              const name = `${actor.merchant}/${actor.role} create ${entity.$id} ${property}=${value} (${expected.why})`;
              judge(mismatches, name, expected.status, response);
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('answers each status action and command as its own permission says, and changes nothing it refuses', async () => {
      const mismatches: Mismatch[] = [];
      const unchanged = async (id: number, before: Row | null, name: string) => {
        const { updated_at: _a, ...was } = before ?? {};
        const { updated_at: _b, ...is } = (await storedRow(server.app, entity, id)) ?? {};
        expect.soft(is, name).toEqual(was);
      };
      for (const merchant of merchants) {
        const ids = await idsOf(server.app, entity, merchant.merchantId);
        const target = ids[ids.length - 1];
        const theirs = await idsOf(server.app, entity, other(merchant).merchantId);
        const foreign = theirs[theirs.length - 1];
        // Callers that may not act come first, so the first one that may finds the record as seeded.
        const callers = [...merchant.all].reverse();
        for (const action of recordActionsOf(entity)) {
          for (const actor of callers) {
            const name = `${actor.merchant}/${actor.role} ${action.name} ${entity.$id}`;
            const record = target === undefined ? undefined : await readRecord(merchant.sealer, entity, target);
            const before = target === undefined ? null : await storedRow(server.app, entity, target);
            const expected = expectedActionOutcome(entity, action, actor.profile, record);
            const response = await actAs(actor, entity, action, target ?? 2_147_483_647);
            judge(mismatches, `${name} (${expected.why})`, expected.status, response);
            if (target !== undefined && (expected.status ?? 0) >= 400)
              await unchanged(target, before, `${name} changed it`);
            if (foreign === undefined || !actor.profile) continue;
            const was = await storedRow(server.app, entity, foreign);
            const refused = expectedActionOutcome(entity, action, actor.profile, undefined, 'foreign');
            const answer = await actAs(actor, entity, action, foreign);
            judge(mismatches, `${name} foreign (${refused.why})`, refused.status, answer);
            await unchanged(foreign, was, `${name} changed another merchant's`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  });

  it('covers every entity, operation and caller', () => {
    const callers = merchants.flatMap((merchant) => merchant.all).length;
    expect(tally.cases).toBeGreaterThanOrEqual(ENTITIES.length * MATRIX_OPERATIONS.length * callers);
  });
});
