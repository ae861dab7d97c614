import { HttpError } from 'ra-core';
import { encryptPayload } from '../../shared/crypto';
import type { ApiErrorBody, TokenPair } from './apiTypes';
import { translateMessage } from './catalogues';
import { nestFieldErrors } from './fieldErrors';
import { payloadKey } from './merchantKeys';
import type { SessionStore } from './session';
import { endSession, session as sharedSession } from './session';

/**
 * The one way the portal talks to the Merchant API (`/v1`, SPEC §7). It adds the headers every
 * call carries, encrypts payloads for endpoints that want it, turns failures into react-admin
 * `HttpError`s in the user's language, and renews an expired access token once, transparently.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query values; strings go as they are, anything else as JSON (`filter={"q":"abc"}`). */
  query?: Record<string, unknown>;
  /** JSON body; with `files`, the multipart part `record`. */
  body?: unknown;
  /** Query travels as `?data=<encrypted query>`, the body as `{"data": "<encrypted body>"}`. */
  encrypted?: boolean;
  /** Makes the request `multipart/form-data`: one part per file, named by its key. */
  files?: Record<string, Blob>;
  signal?: AbortSignal;
  /** `blob` for downloads; JSON otherwise. */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON (null for 204 or an empty body), or a Blob for `responseType: 'blob'`. */
  body: T;
}

export interface HttpClient {
  readonly session: SessionStore;
  request<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  get<T = unknown>(path: string, query?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  /** GET whose query travels encrypted as `?data=`. */
  getEncrypted<T = unknown>(path: string, query: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** POST (or `options.method`) as multipart: `files` as parts by name, `fields` as the `record` part. */
  upload<T = unknown>(
    path: string,
    files: Record<string, Blob>,
    fields?: unknown,
    options?: RequestOptions,
  ): Promise<T>;
  /** GET of a file, as a Blob. */
  download(path: string, query?: Record<string, unknown>, options?: RequestOptions): Promise<Blob>;
}

export interface HttpClientOptions {
  /** Default `/v1` (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  session?: SessionStore;
  /** Called after the session was cleared because it could not be renewed. */
  onUnauthorized?: () => void;
  /** Message lookup for client-side failures; default: the loaded catalogues. */
  translate?: typeof translateMessage;
}

export const REFRESH_PATH = '/token/refresh';
/** Calls that must never trigger a token renewal: their 401 means what it says. */
const NO_RENEWAL = new Set(['/login', '/login/two-factor', '/login/two-factor/enrol', REFRESH_PATH, '/logout']);

function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

/** Creates the HTTP client. Tests inject `fetch`, `session` and `baseUrl`. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '/v1';
  const session = options.session ?? sharedSession;
  const translate = options.translate ?? translateMessage;
  // Read at call time so that test doubles installed after creation (msw) are used.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const message = (key: string) => translate(key, session.get('global').language);

  function headers(json: boolean): Headers {
    const { access_token, access_code } = session.get('account');
    const result = new Headers({ Accept: 'application/json', locale: session.get('global').language });
    if (json) result.set('Content-Type', 'application/json');
    if (access_token) result.set('Authorization', `Bearer ${access_token}`);
    if (access_code) result.set('accessCode', access_code);
    return result;
  }

  /**
   * URL, body and whether to declare a JSON Content-Type. A multipart body brings its own
   * Content-Type with the boundary, so none is set. A DELETE or POST without a body declares none
   * either: a JSON Content-Type over an empty body is refused as invalid JSON by the API's parser.
   */
  async function prepare(path: string, opts: RequestOptions): Promise<{ url: string; body?: BodyInit; json: boolean }> {
    const key = opts.encrypted ? await payloadKey(client) : undefined;
    const seal = async (value: unknown) => (key ? { data: await encryptPayload(key, value) } : value);
    const query = key && opts.query ? await seal(opts.query) : opts.query;
    const url = `${baseUrl}${path}${queryString(query as Record<string, unknown> | undefined)}`;
    const files = Object.entries(opts.files ?? {});
    if (files.length > 0) {
      const form = new FormData();
      form.append('record', JSON.stringify((await seal(opts.body ?? {})) ?? {}));
      for (const [name, file] of files) form.append(name, file);
      return { url, body: form, json: false };
    }
    const body = opts.body === undefined ? undefined : JSON.stringify(await seal(opts.body));
    const method = opts.method ?? 'GET';
    return { url, body, json: body !== undefined || method === 'GET' };
  }

  async function send<T>(path: string, opts: RequestOptions): Promise<HttpResponse<T>> {
    const { url, body, json } = await prepare(path, opts);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: opts.method ?? 'GET',
        headers: headers(json),
        body,
        signal: opts.signal,
      });
    } catch (error) {
      const key = isAbort(error, opts.signal) ? 'app.message.request_aborted' : 'app.message.network_error';
      throw new HttpError(message(key), 0, null);
    }
    if (response.ok && opts.responseType === 'blob') {
      return { status: response.status, headers: response.headers, body: (await response.blob()) as T };
    }
    const text = response.status === 204 ? '' : await response.text();
    const parsed = text ? parseJson(text) : null;
    if (response.ok) return { status: response.status, headers: response.headers, body: parsed as T };
    const error = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<ApiErrorBody>;
    const errorMessage =
      typeof error.message === 'string' && error.message ? error.message : message('app.message.generic_error');
    // A file over its field's size answers 413 with the field's message, shown under it like a 400's.
    const errorBody =
      (response.status === 400 || response.status === 413) && error.errors
        ? { errors: nestFieldErrors(error.errors) }
        : parsed;
    throw new HttpError(errorMessage, response.status, errorBody);
  }

  // One renewal at a time: parallel calls that fail together share it, and a failed renewal
  // ends the session once, not once per waiting call.
  let renewal: Promise<boolean> | null = null;
  function renewTokens(): Promise<boolean> {
    renewal ??= (async () => {
      const refresh_token = session.get('account').refresh_token;
      try {
        if (!refresh_token) throw new Error('No refresh token');
        const { body } = await send<TokenPair>(REFRESH_PATH, { method: 'POST', body: { refresh_token } });
        session.set('account', { access_token: body.access_token, refresh_token: body.refresh_token });
        return true;
      } catch {
        endSession(session);
        options.onUnauthorized?.();
        return false;
      }
    })().finally(() => {
      renewal = null;
    });
    return renewal;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const tokenSent = session.get('account').access_token;
    try {
      return await send<T>(path, opts);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401 || NO_RENEWAL.has(path)) throw error;
      // Another call may have renewed the token, or ended the session, while this one was on the wire.
      const current = session.get('account').access_token;
      if (tokenSent !== null && current === null) throw error;
      const renewed = (current !== null && current !== tokenSent) || (await renewTokens());
      if (!renewed) throw error;
      return send<T>(path, opts);
    }
  }

  const bodyOf = async <T>(promise: Promise<HttpResponse<T>>) => (await promise).body;

  const client: HttpClient = {
    session,
    request,
    get: (path, query, opts) => bodyOf(request(path, { ...opts, method: 'GET', query })),
    getEncrypted: (path, query, opts) => bodyOf(request(path, { ...opts, method: 'GET', query, encrypted: true })),
    post: (path, body, opts) => bodyOf(request(path, { ...opts, method: 'POST', body })),
    put: (path, body, opts) => bodyOf(request(path, { ...opts, method: 'PUT', body })),
    patch: (path, body, opts) => bodyOf(request(path, { ...opts, method: 'PATCH', body })),
    delete: (path, opts) => bodyOf(request(path, { ...opts, method: 'DELETE' })),
    upload: (path, files, fields, opts) =>
      bodyOf(request(path, { method: 'POST', ...opts, body: fields ?? opts?.body, files })),
    download: (path, query, opts) =>
      bodyOf(request<Blob>(path, { ...opts, method: 'GET', query, responseType: 'blob' })),
  };
  return client;
}
