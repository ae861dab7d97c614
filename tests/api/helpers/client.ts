import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { entitySchemas } from '../../../src/schema/registry';
import { writeSchema } from '../../../src/schema/variants';
import { deriveKey, encryptPayload } from '../../../src/shared/crypto';

/** A signed-in (or anonymous) caller of the API, speaking like the portal does. */

export const ACCOUNTS = {
  merchant: { email: 'merchant@demo.test', password: 'Demo@1234' },
  staff: { email: 'staff@demo.test', password: 'Staff@1234' },
  vendor: { email: 'vendor@demo.test', password: 'Vendor@1234' },
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  locale?: 'en' | 'ar';
}

export class Client {
  private key?: Promise<CryptoKey>;

  constructor(
    readonly app: FastifyInstance,
    readonly token?: string,
    readonly locale: 'en' | 'ar' = 'en',
  ) {}

  /** Signs in and returns a client carrying the access token. */
  static async signIn(
    app: FastifyInstance,
    account: { email: string; password: string },
    locale: 'en' | 'ar' = 'en',
  ): Promise<Client> {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email: account.email, password: account.password },
    });
    if (response.statusCode !== 200) throw new Error(`Sign-in of ${account.email} failed: ${response.body}`);
    return new Client(app, response.json().access_token, locale);
  }

  inLocale(locale: 'en' | 'ar'): Client {
    return new Client(this.app, this.token, locale);
  }

  request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const inject: InjectOptions = {
      method,
      url,
      query: options.query,
      headers: {
        accept: 'application/json',
        locale: options.locale ?? this.locale,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...options.headers,
      },
    };
    if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
    return this.app.inject(inject);
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options?: RequestOptions) => this.request('POST', url, { ...options, body });
  put = (url: string, body?: unknown, options?: RequestOptions) => this.request('PUT', url, { ...options, body });
  delete = (url: string, options?: RequestOptions) => this.request('DELETE', url, options);

  /** Lists with ra-data-simple-rest's query string. */
  list(
    url: string,
    params: { filter?: unknown; range?: [number, number]; sort?: [string, string] } = {},
    options?: RequestOptions,
  ) {
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) if (value !== undefined) query[name] = JSON.stringify(value);
    return this.get(url, { ...options, query });
  }

  /** Encrypts a payload with this caller's merchant keys, as the portal does. */
  async encrypt(value: unknown): Promise<string> {
    this.key ??= this.get('/v1/keys').then((response) => {
      const keys = response.json();
      return deriveKey(keys.secret_key, keys.iv_key);
    });
    return encryptPayload(await this.key, value);
  }
}

/** Total of a list answer, read from its Content-Range header like react-admin does. */
export function totalOf(response: LightMyRequestResponse): number {
  return Number(String(response.headers['content-range']).split('/').pop());
}

/** The fields of a record a PUT may send back (those of `<entity>.update`), as read. */
export function writableOf<T extends Record<string, unknown>>(entity: string, record: T): Partial<T> {
  const fields = new Set(Object.keys(writeSchema(entitySchemas[entity], 'update').properties));
  return Object.fromEntries(Object.entries(record).filter(([name]) => fields.has(name))) as Partial<T>;
}
