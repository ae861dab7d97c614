import { useSessionSlice } from '../data/session';
import type { Profile } from '../data/apiTypes';

/**
 * The merchant as the user should read it: in Arabic its Arabic name when it has one, otherwise its
 * brand (which has a single spelling), otherwise its registered name.
 */
export function merchantDisplayName(merchant: Profile['merchant'], language: string): string {
  if (language === 'ar' && merchant.name_ar) return merchant.name_ar;
  return merchant.brand_name || merchant.name;
}

/** The signed-in user's merchant name in the current language, once the profile is known. */
export function useMerchantName(): string | undefined {
  const merchant = useSessionSlice('account').user_details?.merchant;
  const { language } = useSessionSlice('global');
  return merchant ? merchantDisplayName(merchant, language) : undefined;
}
