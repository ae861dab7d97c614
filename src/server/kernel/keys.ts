import { randomBytes } from 'node:crypto';

/**
 * The keys a merchant (or a sub-merchant) calls the gateway and seals payloads with, each made
 * fresh: the merchant account's and the `x-generated` sub-merchant fields come from here alike.
 */
export const MERCHANT_KEYS = {
  access_code: () => randomBytes(10).toString('hex').toUpperCase(),
  secret_key: () => randomBytes(32).toString('base64url'),
  iv_key: () => randomBytes(16).toString('hex'),
} as const;
