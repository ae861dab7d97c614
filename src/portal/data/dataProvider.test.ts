import { HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Employee, Invoice, Product } from '../../generated';
import { entitySchemas } from '../../schema/registry';
import { writableProperties } from '../../schema/variants';
import { PayloadDecryptionError, decryptPayload, deriveKey, fromBase64Url, toBase64Url } from '../../shared/crypto';
import { createDataProvider, searchableFilter } from './dataProvider';
import type { SentRequest } from './testApi';
import { API, KEYS, answer, harness, json, server } from './testApi';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A stored record of each entity, as the API returns it (read-only fields included). */
const stored = {
  invoice: {
    id: 5,
    reference_no: 'INV-0005',
    customer_name: 'Sara Al-Mutairi',
    mobile: '96550000001',
    amount: '12.500',
    payment_methods: ['card'],
    status: 'unpaid',
    visited_count: 0,
    payment_link: 'https://pay.test/sp/INV-0005',
    created_at: '2026-01-01T10:00:00Z',
  } satisfies Invoice,
  product: {
    id: 5,
    title: 'Dates box',
    title_ar: 'علبة تمر',
    price: '3.250',
    stock: 10,
    image: '/uploads/dates.png',
    created_at: '2026-01-01T10:00:00Z',
  } satisfies Product,
  employee: {
    id: 5,
    user_id: 'EMP-5',
    name: 'Fahad',
    email: 'fahad@merchant.kw',
    password: 'Secret#1',
    permissions: { general: ['dashboard'] },
    created_at: '2026-01-01T10:00:00Z',
  } satisfies Employee,
} as const;

/** The body each write must carry: the record without read-only fields. */
const written = (resource: keyof typeof stored): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(stored[resource]).filter(([name]) => name in writableProperties(entitySchemas[resource])),
  );

const paths = { invoice: '/invoice', product: '/products/', employee: '/employees' } as const;
const onePath = (resource: keyof typeof stored) => `${paths[resource].replace(/\/$/, '')}/5`;

async function setUp() {
  const h = harness({ signedIn: true });
  const keys = answer('get', '/keys', () => json(KEYS));
  return { ...h, keys, provider: createDataProvider(h.http) };
}

const cryptoKey = () => deriveKey(KEYS.secret_key, KEYS.iv_key);

/** The list query as the server reads it: plain, or decrypted from `?data=`. */
async function listQuery(sent: SentRequest, encrypted: boolean): Promise<Record<string, unknown>> {
  if (encrypted) {
    expect([...sent.url.searchParams.keys()]).toEqual(['data']);
    return (await decryptPayload(await cryptoKey(), sent.url.searchParams.get('data')!)) as Record<string, unknown>;
  }
  return Object.fromEntries([...sent.url.searchParams].map(([name, value]) => [name, JSON.parse(value)]));
}

/** A write body as the server reads it: plain JSON, or decrypted from `{data}`. */
async function writeBody(sent: SentRequest, encrypted: boolean): Promise<unknown> {
  if (!encrypted) return sent.body;
  const { data, ...rest } = sent.body as { data: string };
  expect(rest).toEqual({});
  return decryptPayload(await cryptoKey(), data);
}

/** The headers of every call; a DELETE has no body, so it declares no Content-Type. */
function expectApiHeaders(sent: SentRequest) {
  expect(sent.headers.get('accept')).toBe('application/json');
  expect(sent.headers.get('content-type')).toBe(sent.method === 'DELETE' ? null : 'application/json');
  expect(sent.headers.get('authorization')).toBe('Bearer access-1');
  expect(sent.headers.get('accesscode')).toBe(KEYS.access_code);
  expect(sent.headers.get('locale')).toBe('en');
}

describe.each(Object.keys(stored) as (keyof typeof stored)[])('%s', (resource) => {
  const encrypted = entitySchemas[resource]['x-resource'].encrypted === true;
  const listUrl = `${API}${paths[resource]}`;
  const page = (body: unknown, total: number) =>
    json(body, { headers: { 'Content-Range': `${resource} 0-24/${total}` } });

  it(`getList: GET ${paths[resource]} with filter, range and sort${encrypted ? ' (encrypted)' : ''}; total from Content-Range`, async () => {
    const { provider } = await setUp();
    const sent = answer('get', paths[resource], () => page([stored[resource]], 42));
    const result = await provider.getList(resource, {
      filter: { q: 'dates' },
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
    });
    expect(result).toEqual({ data: [stored[resource]], total: 42 });
    expect(`${sent[0].url.origin}${sent[0].url.pathname}`).toBe(listUrl);
    expectApiHeaders(sent[0]);
    expect(await listQuery(sent[0], encrypted)).toEqual({
      filter: { q: 'dates' },
      range: [25, 49],
      sort: ['created_at', 'DESC'],
    });
  });

  it('getList drops a search shorter than 3 characters and defaults the sort from the schema', async () => {
    const { provider } = await setUp();
    const sent = answer('get', paths[resource], () => page([], 0));
    await provider.getList(resource, { filter: { q: 'da' }, pagination: { page: 1, perPage: 10 } });
    expect(await listQuery(sent[0], encrypted)).toEqual({
      filter: {},
      range: [0, 9],
      sort: entitySchemas[resource]['x-list'].sort,
    });
  });

  it(`getOne: GET ${onePath(resource)}`, async () => {
    const { provider } = await setUp();
    const sent = answer('get', onePath(resource), () => json(stored[resource]));
    expect(await provider.getOne(resource, { id: 5 })).toEqual({ data: stored[resource] });
    expect(sent[0].url.href).toBe(`${API}${onePath(resource)}`);
    expectApiHeaders(sent[0]);
  });

  it('getMany: filter {id: [...]}', async () => {
    const { provider } = await setUp();
    const sent = answer('get', paths[resource], () => json([stored[resource]]));
    expect(await provider.getMany(resource, { ids: [5, 6] })).toEqual({ data: [stored[resource]] });
    expect(await listQuery(sent[0], encrypted)).toEqual({ filter: { id: [5, 6] } });
  });

  it('getManyReference: filter {[target]: id} with range and sort', async () => {
    const { provider } = await setUp();
    const sent = answer('get', paths[resource], () => page([stored[resource]], 1));
    const result = await provider.getManyReference(resource, {
      target: 'category',
      id: 'dates',
      filter: {},
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(result).toEqual({ data: [stored[resource]], total: 1 });
    expect(await listQuery(sent[0], encrypted)).toEqual({
      filter: { category: 'dates' },
      range: [0, 24],
      sort: ['id', 'ASC'],
    });
  });

  it(`create: POST ${paths[resource]} with writable fields only → 201 record`, async () => {
    const { provider } = await setUp();
    const sent = answer('post', paths[resource], () => json(stored[resource], { status: 201 }));
    const result = await provider.create(resource, { data: { ...stored[resource] } });
    expect(result).toEqual({ data: stored[resource] });
    expect(sent[0].url.href).toBe(listUrl);
    expectApiHeaders(sent[0]);
    const body = (await writeBody(sent[0], encrypted)) as Record<string, unknown>;
    expect(body).toEqual(written(resource));
    for (const readOnly of ['id', 'created_at']) expect(body).not.toHaveProperty(readOnly);
  });

  it(`update: PUT ${onePath(resource)} with writable fields only`, async () => {
    const { provider } = await setUp();
    const sent = answer('put', onePath(resource), ({ body }) => json({ ...stored[resource], echoed: Boolean(body) }));
    const result = await provider.update(resource, {
      id: 5,
      data: { ...stored[resource] },
      previousData: stored[resource],
    });
    expect(result.data).toMatchObject({ id: 5, echoed: true });
    expect(sent[0].url.href).toBe(`${API}${onePath(resource)}`);
    expectApiHeaders(sent[0]);
    expect(await writeBody(sent[0], encrypted)).toEqual(written(resource));
  });

  it(`delete: DELETE ${onePath(resource)} → the deleted record`, async () => {
    const { provider } = await setUp();
    const sent = answer('delete', onePath(resource), () => json(stored[resource]));
    expect(await provider.delete(resource, { id: 5, previousData: stored[resource] })).toEqual({
      data: stored[resource],
    });
    expect(sent[0].method).toBe('DELETE');
    expectApiHeaders(sent[0]);
  });
});

describe('special cases', () => {
  it('an empty password on update is left out; a new one is sent', async () => {
    const { provider } = await setUp();
    const sent = answer('put', '/employees/5', () => json(stored.employee));
    await provider.update('employee', {
      id: 5,
      data: { ...stored.employee, password: '' },
      previousData: stored.employee,
    });
    await provider.update('employee', {
      id: 5,
      data: { ...stored.employee, password: 'N3w#pass' },
      previousData: stored.employee,
    });
    const [blank, changed] = await Promise.all(sent.map((request) => writeBody(request, true)));
    expect(blank).not.toHaveProperty('password');
    expect(changed).toMatchObject({ password: 'N3w#pass' });
  });

  it('the keys are fetched once for parallel encrypted calls after a reload', async () => {
    const { provider, keys } = await setUp();
    answer('get', '/employees', () => json([], { headers: { 'Content-Range': 'employee 0-0/0' } }));
    await Promise.all([1, 2, 3].map(() => provider.getList('employee', { filter: {} })));
    expect(keys).toHaveLength(1);
  });

  it('a tampered ciphertext fails to decrypt', async () => {
    const { provider } = await setUp();
    const sent = answer('post', '/employees', () => json(stored.employee, { status: 201 }));
    await provider.create('employee', { data: { ...stored.employee } });
    const wire = fromBase64Url((sent[0].body as { data: string }).data);
    wire[wire.length - 20] ^= 1;
    await expect(decryptPayload(await cryptoKey(), toBase64Url(wire))).rejects.toBeInstanceOf(PayloadDecryptionError);
  });

  it('a File in an x-file field makes create multipart: part "record" + part "image"', async () => {
    const { provider } = await setUp();
    const sent = answer('post', '/products/', () => json(stored.product, { status: 201 }));
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'dates.png', { type: 'image/png' });
    await provider.create('product', { data: { ...stored.product, image } });
    expect(sent[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0].headers.get('authorization')).toBe('Bearer access-1');
    const form = sent[0].body as FormData;
    expect([...form.keys()]).toEqual(['record', 'image']);
    const { image: _image, ...rest } = written('product');
    expect(JSON.parse(form.get('record') as string)).toEqual(rest);
    const part = form.get('image') as File;
    expect([part.name, part.type, part.size]).toEqual(['dates.png', 'image/png', 4]);
  });

  it('a data: URL (rjsf file widget) is uploaded as a file named by its name parameter', async () => {
    const { provider } = await setUp();
    const sent = answer('put', '/products/5', () => json(stored.product));
    const image = `data:image/png;name=${encodeURIComponent('تمر.png')};base64,${btoa('PNG!')}`;
    await provider.update('product', { id: 5, data: { ...stored.product, image }, previousData: stored.product });
    const part = (sent[0].body as FormData).get('image') as File;
    expect([part.name, part.type, await part.text()]).toEqual(['تمر.png', 'image/png', 'PNG!']);
  });

  it('an unchanged image URL stays a JSON field', async () => {
    const { provider } = await setUp();
    const sent = answer('put', '/products/5', () => json(stored.product));
    await provider.update('product', { id: 5, data: { ...stored.product }, previousData: stored.product });
    expect(sent[0].body).toMatchObject({ image: '/uploads/dates.png' });
  });

  it('server field errors reach react-admin in its shape', async () => {
    const { provider } = await setUp();
    answer('post', '/employees', () =>
      json(
        { message: 'Please fill all the required fields', errors: { 'permissions.general': 'Select one' } },
        { status: 400 },
      ),
    );
    const error = (await provider.create('employee', { data: {} }).catch((reason: unknown) => reason)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.body).toEqual({ errors: { permissions: { general: 'Select one' } } });
  });

  it('delete answered 204 returns the previous data', async () => {
    const { provider } = await setUp();
    answer('delete', '/invoice/5', () => new HttpResponse(null, { status: 204 }));
    expect(await provider.delete('invoice', { id: 5, previousData: stored.invoice })).toEqual({ data: stored.invoice });
  });

  it('deleteMany and updateMany call once per id', async () => {
    const { provider } = await setUp();
    const deletes = answer('delete', '/invoice/:id', () => json({}));
    const updates = answer('put', '/invoice/:id', () => json({}));
    expect(await provider.deleteMany('invoice', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(await provider.updateMany('invoice', { ids: [3, 4], data: { title: 'x', status: 'paid' } })).toEqual({
      data: [3, 4],
    });
    expect(deletes.map((request) => request.url.pathname)).toEqual(['/v1/invoice/1', '/v1/invoice/2']);
    expect(updates.map((request) => request.body)).toEqual([{ title: 'x' }, { title: 'x' }]);
  });

  it('bulkAction: POST /payment-transfer/request {transaction_ids} → the transfer made', async () => {
    const { provider } = await setUp();
    const sent = answer('post', '/payment-transfer/request', () =>
      json({ id: 9, document_no: 'PT-9' }, { status: 201 }),
    );
    expect(await provider.bulkAction('transaction', { ids: [3, 4], action: 'send_for_transfer' })).toEqual({
      data: { id: 9, document_no: 'PT-9' },
    });
    expect(sent.map((request) => request.body)).toEqual([{ transaction_ids: [3, 4] }]);
  });

  it('bulkAction of a download: GET /report/payment-transfer/download?ids=3,4 → the file and its name', async () => {
    const { provider } = await setUp();
    const sent = answer(
      'get',
      '/report/payment-transfer/download',
      () =>
        new HttpResponse(new Blob(['zip']), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="payment-transfers-2026-11-28.zip"',
          },
        }),
    );
    const answered = await provider.bulkAction('payment_transfer', { ids: [3, 4], action: 'download' });
    expect(sent.map((request) => request.url.search)).toEqual(['?ids=3%2C4']);
    expect('file' in answered && answered.file.fileName).toBe('payment-transfers-2026-11-28.zip');
  });

  it('a list response without Content-Range is an error, not a wrong total', async () => {
    const { provider } = await setUp();
    answer('get', '/invoice', () => json([]));
    await expect(provider.getList('invoice', {})).rejects.toThrow(/Content-Range/);
  });

  it('a report that needs a date range asks the API nothing, rows or totals, until its range is set', async () => {
    const { provider } = await setUp();
    const rows = answer('get', '/report/transactions', () =>
      json([], { headers: { 'Content-Range': 'transaction */0' } }),
    );
    const totals = answer('get', '/report/transactions/totals', () => json({ count: 0, sums: {} }));
    expect(await provider.getList('transaction', { filter: {} })).toEqual({ data: [], total: 0 });
    expect(await provider.getTotals('transaction', { filter: {} })).toEqual({ count: 0, sums: {} });
    expect([rows.length, totals.length]).toEqual([0, 0]);
    const range = { created_at_gte: '2026-11-01', created_at_lte: '2026-11-28' };
    await provider.getList('transaction', { filter: range });
    await provider.getTotals('transaction', { filter: range });
    expect([rows.length, totals.length]).toEqual([1, 1]);
  });

  it('a list asked ahead is taken once by the same list, whatever order its parameters come in', async () => {
    const { provider } = await setUp();
    const rows = answer('get', '/report/transactions', () =>
      json([{ id: 7 }], { headers: { 'Content-Range': 'transaction 0-0/1' } }),
    );
    const range = { created_at_gte: '2026-11-01', created_at_lte: '2026-11-28' };
    const pagination = { page: 1, perPage: 25 };
    const sort = { field: 'created_at', order: 'DESC' as const };
    provider.prefetchList('transaction', { pagination, sort, filter: range });
    const reordered = { created_at_lte: range.created_at_lte, created_at_gte: range.created_at_gte };
    expect(await provider.getList('transaction', { filter: reordered, sort, pagination })).toEqual({
      data: [{ id: 7 }],
      total: 1,
    });
    expect(rows.length).toBe(1);
    // Taken once: the list asked again is asked of the API again, as is another page.
    await provider.getList('transaction', { filter: range, sort, pagination });
    await provider.getList('transaction', { filter: range, sort, pagination: { page: 2, perPage: 25 } });
    expect(rows.length).toBe(3);
  });

  it('an unknown resource is refused', async () => {
    const { provider } = await setUp();
    await expect(provider.getOne('no_such_resource', { id: 1 })).rejects.toThrow(/Unknown resource/);
  });

  it('searchableFilter trims and keeps searches of 3 characters or more', () => {
    expect(searchableFilter({ q: '  abc ', status: 'paid' })).toEqual({ q: 'abc', status: 'paid' });
    expect(searchableFilter({ q: ' ab ' })).toEqual({});
  });
});
