import type { MerchantSettings } from '../../schema/confirmEmpty';
import { session, useSessionSlice, type SessionStore } from './session';

/** The signed-in merchant's settings the forms consult (`x-confirmEmpty.when`), from the profile. */
export function useMerchantSettings(store: SessionStore = session): MerchantSettings | undefined {
  return useSessionSlice('account', store).user_details?.merchant.settings;
}

/**
 * Keeps the profile's settings in step with the merchant's own record just saved, so a setting
 * turned on applies to the next form without signing in again.
 */
export function keepMerchantSettings(saved: Record<string, unknown>, store: SessionStore = session): void {
  const profile = store.get('account').user_details;
  const settings = profile?.merchant.settings;
  if (!profile || !settings) return;
  const next = Object.fromEntries(Object.keys(settings).map((name) => [name, saved[name] === true]));
  store.set('account', { user_details: { ...profile, merchant: { ...profile.merchant, settings: next } } });
}
