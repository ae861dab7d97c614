import type { Employee as GeneratedEmployee } from '../../../src/generated';
import type { EntityName, EntityRecord } from '../../../src/generated/entities';
import { addDays, today } from '../../../src/schema/calendar';
import { deriveKey, encryptPayload } from '../../../src/shared/crypto';
import { baseUrl } from './portal';

/**
 * The Merchant API called the way the portal calls it (JSON, Bearer token, `locale` header,
 * encrypted payloads for encrypted resources), for setting up and checking what the browser
 * tests do on screen.
 */

export type Locale = 'en' | 'ar';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** What the employee form sends: the generated type's writable fields. */
export type NewEmployee = Pick<GeneratedEmployee, 'name' | 'email' | 'password' | 'designation' | 'permissions'>;

/** An employee as the API returns it (never with a password). */
export type Employee = Omit<GeneratedEmployee, 'password'> & { id: number };

/**
 * A record of entity `N` as the API answers it, with the properties `K` that a test reads known to
 * be there (the generated record is sure of its id only).
 */
export type Answered<N extends EntityName, K extends keyof EntityRecord<N>> = EntityRecord<N> &
  Required<Pick<EntityRecord<N>, K>>;

/** An invoice as the API answers its creation: a payer pays it, and a report finds it, by its reference. */
export type Invoice = Answered<'invoice', 'reference_no'>;

export class Api {
  private key?: Promise<CryptoKey>;

  private constructor(
    private readonly token?: string,
    /** The server called: the browser project's own unless a test started another. */
    readonly origin: string = baseUrl,
  ) {}

  /** A caller without a session. */
  static anonymous(origin: string = baseUrl): Api {
    return new Api(undefined, origin);
  }

  /** Signs in with `POST /v1/login`; throws unless it succeeds. */
  static async signIn(account: { email: string; password: string }, origin: string = baseUrl): Promise<Api> {
    const answer = await Api.anonymous(origin).request<{ access_token: string }>('POST', '/v1/login', {
      body: { email: account.email, password: account.password },
    });
    if (answer.status !== 200) throw new Error(`Sign-in of ${account.email} answered ${answer.status}`);
    return new Api(answer.body.access_token, origin);
  }

  async request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, string>; locale?: Locale } = {},
  ): Promise<ApiAnswer<T>> {
    const url = new URL(path, this.origin);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        locale: options.locale ?? 'en',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Encrypts a payload with the caller's merchant keys (`/v1/keys`), as the portal does. */
  async encrypt(value: unknown): Promise<string> {
    this.key ??= this.request<{ secret_key: string; iv_key: string }>('GET', '/v1/keys').then(({ body }) =>
      deriveKey(body.secret_key, body.iv_key),
    );
    return encryptPayload(await this.key, value);
  }

  /** `POST /v1/employees` (an encrypted resource); throws unless the employee is created. */
  async createEmployee(employee: NewEmployee): Promise<Employee> {
    const answer = await this.request<Employee>('POST', '/v1/employees', {
      body: { data: await this.encrypt(employee) },
    });
    if (answer.status !== 201) throw new Error(`Creating ${employee.email} answered ${answer.status}`);
    return answer.body;
  }

  /** The employees whose name, e-mail, user id or designation contain `search`. */
  async findEmployees(search: string): Promise<Employee[]> {
    const query = { filter: { q: search }, range: [0, 99], sort: ['created_at', 'DESC'] };
    const answer = await this.request<Employee[]>('GET', '/v1/employees', {
      query: { data: await this.encrypt(query) },
    });
    if (answer.status !== 200) throw new Error(`Listing employees answered ${answer.status}`);
    return answer.body;
  }

  /** `POST /v1/invoice`: a quick invoice of `amount`, paid by card, for `mobile`; throws unless it is created. */
  async newInvoice(amount: string, mobile = '96550001234'): Promise<Invoice> {
    const answer = await this.request<Invoice>('POST', '/v1/invoice', {
      body: {
        kind: 'quick',
        customer_name: 'Noura Al-Rashidi',
        mobile,
        amount,
        title: 'Catering for 20 guests',
        payment_methods: ['card'],
      },
    });
    if (answer.status !== 201)
      throw new Error(`Creating an invoice answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /**
   * The payment of `invoice` as the transactions report shows it, found among the payments made
   * from two days before today to two months after (a test may have moved the server's clock on);
   * throws when there is none. `T` is what the caller reads of it.
   */
  async transactionOf<T extends { id: number }>(invoice: Invoice): Promise<T> {
    const day = today();
    const listed = await this.request<(T & { invoice_reference?: string })[]>('GET', '/v1/report/transactions', {
      query: {
        filter: JSON.stringify({
          q: invoice.reference_no,
          created_at_gte: addDays(day, -2),
          created_at_lte: addDays(day, 60),
        }),
      },
    });
    if (listed.status !== 200) throw new Error(`Listing the transactions answered ${listed.status}`);
    const found = listed.body.find((row) => row.invoice_reference === invoice.reference_no);
    if (!found) throw new Error(`No transaction of ${invoice.reference_no}`);
    return (await this.request<T>('GET', `/v1/report/transactions/${found.id}`)).body;
  }

  /**
   * Moves the test server's clock `minutes` forward and runs one scheduler tick then
   * (`POST /v1/sandbox/clock`, the merchant's admin only): a pending test card settles after 10
   * minutes. The clock is the whole server's, so later tests see the time moved too; it only goes
   * forward. Throws unless the server answers 200.
   */
  async advanceClock(minutes: number): Promise<{ now: string; tick: Record<string, number> }> {
    const answer = await this.request<{ now: string; tick: Record<string, number> }>('POST', '/v1/sandbox/clock', {
      body: { advance_minutes: minutes },
    });
    if (answer.status !== 200) throw new Error(`Moving the clock answered ${answer.status}`);
    return answer.body;
  }
}
