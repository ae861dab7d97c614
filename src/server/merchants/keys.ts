import type { Queryable } from '../db/database';
import { MERCHANT_KEYS } from '../kernel/keys';

/**
 * Replaces a merchant account's keys with fresh ones: calls and payloads made with the old ones
 * are refused from then on. Answers the new keys.
 */
export async function regenerateKeys(
  q: Queryable,
  merchantId: number,
): Promise<{ access_code: string; secret_key: string; iv_key: string }> {
  const keys = {
    access_code: MERCHANT_KEYS.access_code(),
    secret_key: MERCHANT_KEYS.secret_key(),
    iv_key: MERCHANT_KEYS.iv_key(),
  };
  await q.query(
    `update merchants set access_code = $1::text, secret_key = $2::text, iv_key = $3::text, updated_at = now()
     where id = $4::integer`,
    [keys.access_code, keys.secret_key, keys.iv_key, merchantId],
  );
  return keys;
}
