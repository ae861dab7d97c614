import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import { ignoredOnUpdate } from '../../src/schema/variants';
import { startServer, type TestServer } from './helpers/server';

/**
 * The API document as client generators (openapi-typescript, orval) read it: every operation has
 * a readable, unique operationId and only declared, described tags; update bodies say which
 * fields they ignore; a list's JSON `filter` names its schema.
 */

interface Operation {
  operationId?: string;
  tags?: string[];
  description?: string;
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> };
}

describe('the API document for client generators', () => {
  let server: TestServer;
  let document: Document;
  let operations: [string, Operation][];

  beforeAll(async () => {
    // The document depends on the routes and schemas only, not on the database.
    server = await startServer('pglite');
    document = (await server.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<Document>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );
  });
  afterAll(() => server?.close());

  it('gives every operation an operationId, in camelCase, none twice', () => {
    expect(operations.length).toBeGreaterThan(200);
    const missing = operations.filter(([, operation]) => !operation.operationId).map(([key]) => key);
    expect(missing).toEqual([]);
    const malformed = operations.filter(([, operation]) => !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? ''));
    expect(malformed.map(([key, operation]) => `${key}: ${operation.operationId}`)).toEqual([]);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [key, { operationId }] of operations) {
      const first = seen.get(operationId as string);
      if (first) twice.push(`${operationId}: ${first} and ${key}`);
      seen.set(operationId as string, key);
    }
    expect(twice).toEqual([]);
  });

  it('names operations by entity and operation, and the other routes by what they do', () => {
    const idOf = (key: string) => operations.find(([candidate]) => candidate === key)?.[1].operationId;
    expect({
      list: idOf('GET /v1/invoice'),
      get: idOf('GET /v1/invoice/{id}'),
      create: idOf('POST /v1/invoice'),
      update: idOf('PUT /v1/invoice/{id}'),
      delete: idOf('DELETE /v1/invoice/{id}'),
      export: idOf('GET /v1/invoice/export'),
      action: idOf('POST /v1/refund/{id}/cancel'),
      twoWords: idOf('POST /v1/deposits/{id}/mark_paid'),
      own: idOf('PUT /v1/profile/merchant'),
      alias: idOf('GET /v1/invoice-dashboard'),
      signIn: idOf('POST /v1/login'),
      reset: idOf('POST /v1/password/reset'),
      report: idOf('GET /v1/asset/report'),
      byParameter: idOf('GET /v1/pay/{reference}'),
    }).toEqual({
      list: 'listInvoice',
      get: 'getInvoice',
      create: 'createInvoice',
      update: 'updateInvoice',
      delete: 'deleteInvoice',
      export: 'exportInvoice',
      action: 'cancelRefund',
      twoWords: 'markPaidDeposit',
      own: 'updateOwnMerchant',
      alias: 'listInvoiceDashboard',
      signIn: 'login',
      reset: 'resetPassword',
      report: 'getAssetReport',
      byParameter: 'getPayByReference',
    });
  });

  it('declares, with a description, every tag an operation uses', () => {
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const used = new Set(operations.flatMap(([, operation]) => operation.tags ?? []));
    expect(operations.filter(([, operation]) => !operation.tags?.length).map(([key]) => key)).toEqual([]);
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
    expect([...declared].filter(([, description]) => !description).map(([name]) => name)).toEqual([]);
    expect(declared.size).toBe(used.size);
  });

  it("says in each update body which of the record's fields it ignores", () => {
    for (const entity of Object.values(entitySchemas)) {
      const update = document.components.schemas[`${entity.$id}.update`];
      if (!update) continue;
      for (const name of ignoredOnUpdate(entity)) {
        expect(update.properties?.[name], `${entity.$id}.update.${name}`).toMatchObject({ readOnly: true });
      }
    }
    const put = document.paths['/v1/invoice/{id}'].put;
    expect(put.description).toContain('`reference_no`');
  });

  it("names the schema of a list's JSON filter, and holds no schema nothing uses but what encryption hides", () => {
    const filter = document.paths['/v1/invoice'].get.parameters?.find((parameter) => parameter.name === 'filter');
    expect(filter?.schema).toMatchObject({
      contentMediaType: 'application/json',
      contentSchema: { $ref: '#/components/schemas/invoice.filter' },
    });
    const text = JSON.stringify({ ...document, components: {} });
    const components = JSON.stringify(document.components);
    const unused = Object.keys(document.components.schemas).filter(
      (name) =>
        !text.includes(`"#/components/schemas/${name}"`) && !components.includes(`"#/components/schemas/${name}"`),
    );
    // An encrypted resource's bodies and filters travel sealed in `data`: its schemas are named in words only.
    const encrypted = Object.values(entitySchemas)
      .filter((entity) => entity['x-resource'].encrypted === true)
      .map((entity) => entity.$id);
    expect(unused.filter((name) => !encrypted.includes(name.split('.')[0]))).toEqual([]);
  });
});
