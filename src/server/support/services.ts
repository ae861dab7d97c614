import { SERVICE_FLAGS, type ServiceFlag, type Services } from '../../shared/services';
import type { Queryable } from '../db/database';
import { getMerchant, setMultiVendor, setService } from '../merchants/merchants';

/**
 * What the support team does for a merchant, never offered in the merchant's own portal (SPEC §6):
 * reading and switching the services that gate parts of the portal and the API, and the
 * multi-vendor flag that opens the multi-vendor screens.
 */

export class SupportError extends Error {}

export function isServiceFlag(value: string): value is ServiceFlag {
  return (SERVICE_FLAGS as readonly string[]).includes(value);
}

/** The id of the merchant whose admin signs in with `email`. */
export async function merchantIdByEmail(q: Queryable, email: string): Promise<number> {
  const [row] = await q.query<{ id: number }>(`select id from merchants where email = $1`, [email.toLowerCase()]);
  if (!row) throw new SupportError(`No merchant signs in with ${email}`);
  return row.id;
}

/** The services of the merchant whose admin signs in with `email`. */
export async function servicesOfMerchant(q: Queryable, email: string): Promise<Services> {
  const merchant = await getMerchant(q, await merchantIdByEmail(q, email));
  if (!merchant) throw new SupportError(`No merchant signs in with ${email}`);
  return merchant.services;
}

/** Switches one service of that merchant on or off and returns the services as they now are. */
export async function switchService(q: Queryable, email: string, flag: string, on: boolean): Promise<Services> {
  if (!isServiceFlag(flag)) throw new SupportError(`Unknown service "${flag}"; one of: ${SERVICE_FLAGS.join(', ')}`);
  await setService(q, await merchantIdByEmail(q, email), flag, on);
  return servicesOfMerchant(q, email);
}

/** Flags the merchant as multi-vendor (sub-merchants, their services and report) or not; answers the new state. */
export async function switchMultiVendor(q: Queryable, email: string, on: boolean): Promise<boolean> {
  const id = await merchantIdByEmail(q, email);
  await setMultiVendor(q, id, on);
  return (await getMerchant(q, id))?.is_multi_vendor === true;
}
