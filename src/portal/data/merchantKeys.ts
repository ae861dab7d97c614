import { deriveKey } from '../../shared/crypto';
import type { MerchantKeys } from './apiTypes';
import type { SessionStore } from './session';

/**
 * The merchant's keys from `GET /keys`. The access and merchant codes are persisted with the
 * account; the secret and IV keys stay in memory (see TRANSIENT_FIELDS) and are fetched again
 * after a reload, the first time an encrypted payload needs them.
 */

/** The part of the HTTP client this module needs (keeps the two modules from depending on each other). */
export interface KeysSource {
  readonly session: SessionStore;
  get<T>(path: string): Promise<T>;
}

export const KEYS_PATH = '/keys';

const inFlight = new WeakMap<SessionStore, Promise<void>>();
const derived = new WeakMap<SessionStore, { secret: string; iv: string; key: Promise<CryptoKey> }>();

/** Fetches `/keys` and stores them: codes in the persisted account, secrets in memory only. */
export async function fetchKeys(http: KeysSource): Promise<MerchantKeys> {
  const keys = await http.get<MerchantKeys>(KEYS_PATH);
  http.session.set('account', {
    access_code: keys.access_code,
    merchant_code: keys.merchant_code,
    secret_key: keys.secret_key,
    iv_key: keys.iv_key,
  });
  return keys;
}

/**
 * Makes sure the secrets are in memory, fetching `/keys` when they are not (after a reload).
 * Parallel callers share one request.
 */
export async function ensureKeys(http: KeysSource): Promise<{ secret_key: string; iv_key: string }> {
  const read = () => {
    const { secret_key, iv_key } = http.session.get('account');
    return secret_key && iv_key ? { secret_key, iv_key } : null;
  };
  const present = read();
  if (present) return present;
  let pending = inFlight.get(http.session);
  if (!pending) {
    pending = fetchKeys(http)
      .then(() => undefined)
      .finally(() => inFlight.delete(http.session));
    inFlight.set(http.session, pending);
  }
  await pending;
  const fetched = read();
  if (!fetched) throw new Error('The merchant keys are missing from the /keys response');
  return fetched;
}

/** The AES-GCM key for encrypted payloads, derived once per pair of secrets. */
export async function payloadKey(http: KeysSource): Promise<CryptoKey> {
  const { secret_key, iv_key } = await ensureKeys(http);
  const cached = derived.get(http.session);
  if (cached && cached.secret === secret_key && cached.iv === iv_key) return cached.key;
  const key = deriveKey(secret_key, iv_key);
  derived.set(http.session, { secret: secret_key, iv: iv_key, key });
  return key;
}
