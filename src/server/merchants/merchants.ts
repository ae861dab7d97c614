import { hashPassword } from '../kernel/passwords';
import type { Queryable } from '../db/database';
import { UniqueConflict } from '../storage/errors';
import { claimLogin, isLoginFree } from '../storage/login-identities';
import { MERCHANT_KEYS } from '../kernel/keys';
import { servicesOf, type Services } from './services';

/** Merchant accounts: the business, its admin sign-in, its API keys and its service flags. */

export interface Merchant {
  id: number;
  parent_id: number | null;
  code: string;
  name: string;
  name_ar: string | null;
  brand_name: string | null;
  logo: string | null;
  contact_name: string | null;
  email: string | null;
  access_code: string;
  secret_key: string;
  iv_key: string;
  is_multi_vendor: boolean;
  services: Services;
}

export interface NewMerchant {
  name: string;
  name_ar?: string;
  brand_name?: string;
  contact_name?: string;
  /** Admin sign-in; sub-merchants of a multi-vendor merchant may have none. */
  email?: string;
  password?: string;
  parent_id?: number;
  is_multi_vendor?: boolean;
  services?: Partial<Services>;
}

/** Keys a merchant uses to call the gateway and to encrypt payloads, generated once. */
function newKeys() {
  return {
    access_code: MERCHANT_KEYS.access_code(),
    secret_key: MERCHANT_KEYS.secret_key(),
    iv_key: MERCHANT_KEYS.iv_key(),
  };
}

/** The columns a `Merchant` is read from. */
export const MERCHANT_COLUMNS = `id, parent_id, code, name, name_ar, brand_name, logo, contact_name, email, access_code, secret_key, iv_key,
  is_multi_vendor, services`;

export function toMerchant(row: Record<string, unknown>): Merchant {
  return { ...(row as unknown as Merchant), services: servicesOf(row.services) };
}

/** A merchant with its keys and normalised service flags, or null. */
export async function getMerchant(q: Queryable, id: number): Promise<Merchant | null> {
  const [row] = await q.query(`select ${MERCHANT_COLUMNS} from merchants where id = $1::integer`, [id]);
  return row ? toMerchant(row) : null;
}

/** Creates a merchant with fresh keys and a code like "M00042". */
export async function createMerchant(q: Queryable, input: NewMerchant): Promise<Merchant> {
  if (input.email && !(await isLoginFree(q, input.email))) throw new UniqueConflict('email');
  const keys = newKeys();
  const [row] = await q.query<{ id: number }>(
    `insert into merchants (parent_id, name, name_ar, brand_name, contact_name, email, password, access_code, secret_key, iv_key,
       is_multi_vendor, services)
     values ($1::integer, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::boolean,
       $12::text::jsonb)
     returning id`,
    [
      input.parent_id ?? null,
      input.name,
      input.name_ar ?? null,
      input.brand_name ?? null,
      input.contact_name ?? null,
      input.email?.toLowerCase() ?? null,
      input.password ? await hashPassword(input.password) : null,
      keys.access_code,
      keys.secret_key,
      keys.iv_key,
      input.is_multi_vendor ?? false,
      { ...servicesOf({}), ...input.services },
    ],
  );
  await q.query(`update merchants set code = $1::text where id = $2::integer`, [
    `M${String(row.id).padStart(5, '0')}`,
    row.id,
  ]);
  if (input.email) await claimLogin(q, input.email, { source: 'merchant', recordId: row.id, merchantId: row.id });
  return (await getMerchant(q, row.id)) as Merchant;
}

/** Support switches a service on or off for a merchant. */
export async function setService(q: Queryable, merchantId: number, flag: keyof Services, on: boolean): Promise<void> {
  await q.query(
    `update merchants set services = services || $1::text::jsonb, updated_at = now() where id = $2::integer`,
    [{ [flag]: on }, merchantId],
  );
}

/** Flags the merchant as multi-vendor (its sub-merchants, their services and report open) or not. */
export async function setMultiVendor(q: Queryable, merchantId: number, on: boolean): Promise<void> {
  await q.query(`update merchants set is_multi_vendor = $1::boolean, updated_at = now() where id = $2::integer`, [
    on,
    merchantId,
  ]);
}
