import { delay, HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { decryptPayload, deriveKey } from '../../shared/crypto';
import { registerCatalogue } from './catalogues';
import { nestFieldErrors } from './fieldErrors';
import { API, KEYS, answer, harness, json, server } from './testApi';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('headers', () => {
  it('sends Accept, Content-Type, Bearer token, accessCode and locale when signed in', async () => {
    const { http, session } = harness({ signedIn: true });
    session.set('global', { language: 'ar' });
    const sent = answer('get', '/profile', () => json({ id: 1 }));
    await http.get('/profile');
    const headers = sent[0].headers;
    expect(sent[0].url.href).toBe(`${API}/profile`);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('accesscode')).toBe(KEYS.access_code);
    expect(headers.get('locale')).toBe('ar');
  });

  it('sends neither Authorization nor accessCode before sign-in; locale defaults to en', async () => {
    const { http } = harness();
    const sent = answer('post', '/forgot', () => json({ message: 'sent' }));
    await expect(http.post('/forgot', { email: 'a@b.kw' })).resolves.toEqual({ message: 'sent' });
    expect(sent[0].headers.has('authorization')).toBe(false);
    expect(sent[0].headers.has('accesscode')).toBe(false);
    expect(sent[0].headers.get('locale')).toBe('en');
    expect(sent[0].body).toEqual({ email: 'a@b.kw' });
  });
});

describe('helpers', () => {
  it('PUT, PATCH, DELETE and POST use their methods and JSON bodies; query values become JSON', async () => {
    const { http } = harness({ signedIn: true });
    const put = answer('put', '/setting/sale-admin-charges/4', ({ body }) => json(body));
    const patch = answer('patch', '/push-notification/settings', ({ body }) => json(body));
    const del = answer('delete', '/invoice/9', () => new HttpResponse(null, { status: 204 }));
    const get = answer('get', '/report/payment-transfer', () => json([]));
    expect(await http.put('/setting/sale-admin-charges/4', { charge: '1.000' })).toEqual({ charge: '1.000' });
    expect(await http.patch('/push-notification/settings', { enabled: true })).toEqual({ enabled: true });
    expect(await http.delete('/invoice/9')).toBeNull();
    await http.get('/report/payment-transfer', { from: '2026-01-01', to: '2026-01-31', page: 2, filter: { q: 'abc' } });
    expect([put[0].method, patch[0].method, del[0].method]).toEqual(['PUT', 'PATCH', 'DELETE']);
    expect(put[0].headers.get('content-type')).toBe('application/json');
    // No body, so no JSON Content-Type: the API would refuse an empty body declared as JSON.
    expect(del[0].headers.has('content-type')).toBe(false);
    expect(del[0].headers.get('authorization')).toBe('Bearer access-1');
    expect(get[0].url.search).toBe('?from=2026-01-01&to=2026-01-31&page=2&filter=%7B%22q%22%3A%22abc%22%7D');
  });

  it('201 returns the created record', async () => {
    const { http } = harness({ signedIn: true });
    answer('post', '/invoice', () => json({ id: 7 }, { status: 201 }));
    expect(await http.post('/invoice', { amount: '1.000' })).toEqual({ id: 7 });
  });

  it('download returns a Blob', async () => {
    const { http } = harness({ signedIn: true });
    answer(
      'get',
      '/report/transactions',
      () => new HttpResponse('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    const blob = await http.download('/report/transactions', { format: 'csv' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('a,b\n1,2\n');
  });

  it('upload sends multipart with the files and a record part, without a JSON Content-Type', async () => {
    const { http } = harness({ signedIn: true });
    const sent = answer('post', '/invoice-bulk-upload', () => json({ rows: 2 }));
    const file = new File(['name,mobile\n'], 'bulk.csv', { type: 'text/csv' });
    await http.upload('/invoice-bulk-upload', { file }, { schedule: false });
    const form = sent[0].body as FormData;
    expect(sent[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(JSON.parse(form.get('record') as string)).toEqual({ schedule: false });
    expect((form.get('file') as File).name).toBe('bulk.csv');
    expect(sent[0].headers.get('authorization')).toBe('Bearer access-1');
  });

  it('getEncrypted sends the query as ?data= that decrypts to it', async () => {
    const { http } = harness({ signedIn: true });
    const keys = answer('get', '/keys', () => json(KEYS));
    const sent = answer('get', '/employees', () => json([]));
    await http.getEncrypted('/employees', { filter: { q: 'sara' } });
    expect([...sent[0].url.searchParams.keys()]).toEqual(['data']);
    const key = await deriveKey(KEYS.secret_key, KEYS.iv_key);
    expect(await decryptPayload(key, sent[0].url.searchParams.get('data')!)).toEqual({ filter: { q: 'sara' } });
    expect(keys).toHaveLength(1);
  });
});

describe('errors', () => {
  it('400 becomes an HttpError whose body holds field errors in react-admin’s nested shape', async () => {
    const { http } = harness({ signedIn: true });
    answer('post', '/employees', () =>
      json(
        {
          message: 'Please fill all the required fields',
          errors: { name: 'This field is required', 'permissions.general': 'At least one permission must be selected' },
        },
        { status: 400 },
      ),
    );
    const error = await failure(http.post('/employees', {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Please fill all the required fields');
    expect(error.body).toEqual({
      errors: { name: 'This field is required', permissions: { general: 'At least one permission must be selected' } },
    });
  });

  it('413 for a file over its field’s size keeps the field’s message under the field', async () => {
    const { http } = harness({ signedIn: true });
    const tooBig = 'The file must be smaller than 1 MB';
    answer('post', '/products', () => json({ message: tooBig, errors: { image: tooBig } }, { status: 413 }));
    const error = await failure(http.post('/products', {}));
    expect([error.status, error.message, error.body]).toEqual([413, tooBig, { errors: { image: tooBig } }]);
  });

  it.each([403, 404, 409, 415, 429])('%i becomes an HttpError with the server’s message and body', async (status) => {
    const { http, session } = harness({ signedIn: true });
    answer('get', '/invoice/3', () => json({ message: `localised ${status}` }, { status }));
    const error = await failure(http.get('/invoice/3'));
    expect([error.status, error.message, error.body]).toEqual([
      status,
      `localised ${status}`,
      { message: `localised ${status}` },
    ]);
    expect(session.get('account').access_token).toBe('access-1');
  });

  it('an error without a message gets the generic one', async () => {
    const { http } = harness({ signedIn: true });
    registerCatalogue('en', en);
    answer('get', '/dashboard', () => new HttpResponse('oops', { status: 404 }));
    expect((await failure(http.get('/dashboard'))).message).toBe('Sorry, an error has occured');
  });

  it('a network failure says "Network Error" in the current language', async () => {
    registerCatalogue('en', en);
    registerCatalogue('ar', ar);
    const { http, session } = harness({ signedIn: true });
    answer('get', '/dashboard', () => HttpResponse.error());
    const english = await failure(http.get('/dashboard'));
    expect([english.message, english.status]).toEqual(['Network Error', 0]);
    session.set('global', { language: 'ar' });
    expect((await failure(http.get('/dashboard'))).message).toBe(ar.app.message.network_error);
    expect(ar.app.message.network_error).not.toBe('Network Error');
  });

  it('an aborted request says "Request aborted"', async () => {
    registerCatalogue('en', en);
    const { http } = harness({ signedIn: true });
    answer('get', '/dashboard', async () => {
      await delay(1000);
      return json({});
    });
    const controller = new AbortController();
    const pending = http.get('/dashboard', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    expect((await failure(pending)).message).toBe('Request aborted');
  });

  it('nests deep paths and keeps the more precise message on conflicts', () => {
    expect(nestFieldErrors({ 'a.b.c': 'x', a: 'parent', 'items.0.name': 'y' })).toEqual({
      a: { b: { c: 'x' } },
      items: { '0': { name: 'y' } },
    });
  });
});

describe('401: renew the token once, then retry', () => {
  it('three parallel calls share exactly one refresh and are retried with the new token', async () => {
    const { http, session, storage } = harness({ signedIn: true });
    const refreshes = answer('post', '/token/refresh', async () => {
      await delay(20);
      return json({ access_token: 'access-2', refresh_token: 'refresh-2' });
    });
    const calls = answer('get', '/dashboard', ({ headers }) =>
      headers.get('authorization') === 'Bearer access-2'
        ? json({ ok: true })
        : json({ message: 'expired' }, { status: 401 }),
    );
    const results = await Promise.all([http.get('/dashboard'), http.get('/dashboard'), http.get('/dashboard')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ refresh_token: 'refresh-1' });
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      ...Array(3).fill('Bearer access-1'),
      ...Array(3).fill('Bearer access-2'),
    ]);
    expect(session.get('account')).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(JSON.parse(storage.map.get('persist:account')!)).toMatchObject({ refresh_token: 'refresh-2' });
  });

  it('a failed refresh clears the session and calls onUnauthorized once', async () => {
    const onUnauthorized = vi.fn();
    const { http, session, storage } = harness({ signedIn: true, onUnauthorized });
    session.set('global', { language: 'ar' });
    const refreshes = answer('post', '/token/refresh', () => json({ message: 'invalid' }, { status: 401 }));
    answer('get', '/dashboard', () => json({ message: 'expired' }, { status: 401 }));
    const errors = await Promise.all([1, 2, 3].map(() => failure(http.get('/dashboard'))));
    expect(errors.map((error) => error.status)).toEqual([401, 401, 401]);
    expect(refreshes).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(session.get('account').access_token).toBeNull();
    expect(session.get('account').refresh_token).toBeNull();
    expect(storage.map.has('persist:account')).toBe(false);
    expect(session.get('global').language).toBe('ar');
  });

  it('never refreshes on the login call itself', async () => {
    const onUnauthorized = vi.fn();
    const { http } = harness({ onUnauthorized });
    const refreshes = answer('post', '/token/refresh', () => json({}));
    answer('post', '/login', () => json({ message: 'Incorrect e-mail or password' }, { status: 401 }));
    const error = await failure(http.post('/login', { email: 'a@b.kw', password: 'x' }));
    expect(error.message).toBe('Incorrect e-mail or password');
    expect(refreshes).toHaveLength(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a retry that is refused again is not refreshed a second time', async () => {
    const { http } = harness({ signedIn: true });
    const refreshes = answer('post', '/token/refresh', () =>
      json({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    );
    const calls = answer('get', '/dashboard', () => json({ message: 'no' }, { status: 401 }));
    expect((await failure(http.get('/dashboard'))).status).toBe(401);
    expect([refreshes.length, calls.length]).toEqual([1, 2]);
  });
});
