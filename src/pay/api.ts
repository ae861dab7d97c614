import type { Language } from '../shared/i18n';
import type { Payable, PayMerchant, PayRequest, PayResult, Receipt } from '../shared/pay';
import type { OrderRequest, StoreList, StoreOrder } from '../shared/storefront';
import type { TenantAccount, TenantLinkAnswer, TenantPayRequest, TenantReceipts } from '../shared/tenant-pay';

/**
 * The public payer API (`/v1/pay/…`, no sign-in). Every call sends the `locale` header so that
 * the server's messages (a declined payment, field errors) come back in the payer's language.
 * Failures are values, not exceptions: the pages turn each into a page or a message.
 */

export type ApiAnswer<T> =
  | { kind: 'ok'; data: T }
  /** The server answered with an error: its message and field messages, already translated. */
  | { kind: 'error'; status: number; message: string; errors: Record<string, string> }
  /** No answer at all (offline, connection dropped). */
  | { kind: 'network' };

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function errorOf(status: number, body: unknown): ApiAnswer<never> {
  const { message, errors } = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const fields: Record<string, string> = {};
  if (errors && typeof errors === 'object')
    for (const [field, text] of Object.entries(errors)) if (typeof text === 'string') fields[field] = text;
  return { kind: 'error', status, message: typeof message === 'string' ? message : '', errors: fields };
}

async function call<T>(
  language: Language,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        locale: language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { kind: 'network' };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: the status alone says what happened.
    if (response.ok) return { kind: 'network' };
  }
  return response.ok ? { kind: 'ok', data: json as T } : errorOf(response.status, json);
}

const encoded = (reference: string) => encodeURIComponent(reference);

/** `GET /v1/pay/{reference}`; `visit` counts this page view (once per view). */
export const getPayable = (language: Language, reference: string, visit: boolean) =>
  call<Payable>(language, 'GET', `/v1/pay/${encoded(reference)}${visit ? '?visit=1' : ''}`);

/**
 * `POST /v1/pay/{reference}`: declined payments are answers too (status `failed`). The same
 * `idempotencyKey` sent again with the same request gets the first answer back instead of a second
 * payment, so a payment whose answer was lost on the way can be sent again safely.
 */
export const postPayment = (language: Language, reference: string, request: PayRequest, idempotencyKey: string) =>
  call<PayResult>(language, 'POST', `/v1/pay/${encoded(reference)}`, request, idempotencyKey);

/** A fresh key for one payment attempt: 128 random bits as hex. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `GET /v1/pay/receipt/{transaction reference}`. */
export const getReceipt = (language: Language, reference: string) =>
  call<Receipt>(language, 'GET', `/v1/pay/receipt/${encoded(reference)}`);

/** `GET /v1/storefront/lists/{reference}`: the sale list, its charges and products with what is left. */
export const getStoreList = (language: Language, reference: string) =>
  call<StoreList>(language, 'GET', `/v1/storefront/lists/${encoded(reference)}`);

/**
 * `POST /v1/storefront/lists/{reference}/orders`: places the order of a cart, holding its stock.
 * A 409 names the lines that no longer match the products (`errors`, by `items/{index}`). The
 * same `idempotencyKey` sent again gets the first answer back, never a second order.
 */
export const postOrder = (language: Language, reference: string, request: OrderRequest, idempotencyKey: string) =>
  call<StoreOrder>(language, 'POST', `/v1/storefront/lists/${encoded(reference)}/orders`, request, idempotencyKey);

/** `GET /v1/storefront/orders/{reference}`: the order's receipt and tracking. */
export const getStoreOrder = (language: Language, reference: string) =>
  call<StoreOrder>(language, 'GET', `/v1/storefront/orders/${encoded(reference)}`);

/** `GET /v1/pay/tenant/{token}`: what the tenant's link asks to pay. */
export const getTenantAccount = (language: Language, token: string) =>
  call<TenantAccount>(language, 'GET', `/v1/pay/tenant/${encoded(token)}`);

/**
 * `POST /v1/pay/tenant/{token}`: pays the items chosen at once, by one card payment; answered as
 * a link's payment is (a decline is a `failed` result), the same `idempotencyKey` never paying twice.
 */
export const postTenantPayment = (
  language: Language,
  token: string,
  request: TenantPayRequest,
  idempotencyKey: string,
) => call<PayResult>(language, 'POST', `/v1/pay/tenant/${encoded(token)}`, request, idempotencyKey);

/** `GET /v1/pay/tenant/{token}/receipts`: the tenant's payments, newest first. */
export const getTenantReceipts = (language: Language, token: string) =>
  call<TenantReceipts>(language, 'GET', `/v1/pay/tenant/${encoded(token)}/receipts`);

/** `GET /v1/pay/tenant-link/{merchant id}`: the merchant whose page it is. */
export const getLinkMerchant = (language: Language, merchantId: string) =>
  call<PayMerchant>(language, 'GET', `/v1/pay/tenant-link/${encoded(merchantId)}`);

/** `GET /v1/pay/tenant-link`: asks for a tenant's link again by SMS; the answer never says whether one was sent. */
export const requestTenantLink = (language: Language, merchantId: string, civilId: string) =>
  call<TenantLinkAnswer>(
    language,
    'GET',
    `/v1/pay/tenant-link?${new URLSearchParams({ merchantId, civil_id: civilId }).toString()}`,
  );
