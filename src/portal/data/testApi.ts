/**
 * Test support for the data layer: an msw server standing in for `/v1`, a recorder of what the
 * portal sent, and a fresh session and client per test. Imported by `*.test.ts` only.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHttpClient } from './httpClient';
import type { HttpClient, HttpClientOptions } from './httpClient';
import type { SessionStore } from './session';
import { createSession } from './session';
import { memoryStorage } from './sessionStorage';

export const ORIGIN = 'http://portal.test';
export const API = `${ORIGIN}/v1`;

export const KEYS = {
  access_code: 'AC-1001',
  secret_key: 'merchant-secret-key-0001',
  iv_key: 'merchant-iv-key-0001',
  merchant_code: 'M1001',
};

/**
 * Every list asks for the user's saved views of it: none, unless a test answers otherwise (its
 * `answer` comes first; these initial handlers outlive `resetHandlers`).
 */
export const server = setupServer(
  http.get(`${API}/saved-views`, () => HttpResponse.json([], { headers: { 'Content-Range': 'saved_view */0' } })),
);

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, the raw text, a FormData for multipart, or null without a body. */
  body: unknown;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Reply = (sent: SentRequest) => Response | Promise<Response>;

/**
 * Answers `method path` with `reply` and records every such request in the returned array.
 * `path` is relative to `/v1` and matches exactly (query strings are not part of it).
 */
export function answer(method: Method, path: string, reply: Reply): SentRequest[] {
  const sent: SentRequest[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const entry: SentRequest = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await readBody(request.clone()),
      };
      sent.push(entry);
      return reply(entry);
    }),
  );
  return sent;
}

export const json = (body: unknown, init?: ResponseInit) => HttpResponse.json(body as object, init);

export interface Harness {
  session: SessionStore;
  storage: ReturnType<typeof memoryStorage>;
  http: HttpClient;
}

/** A fresh session (over a memory storage) and client; `signedIn` adds tokens and the access code. */
export function harness(
  options: Omit<HttpClientOptions, 'session' | 'baseUrl'> & { signedIn?: boolean } = {},
): Harness {
  const storage = memoryStorage();
  const session = createSession(storage);
  if (options.signedIn) {
    session.set('account', {
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      access_code: KEYS.access_code,
      merchant_code: KEYS.merchant_code,
    });
  }
  const http = createHttpClient({ ...options, baseUrl: API, session });
  return { session, storage, http };
}
