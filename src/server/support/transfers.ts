import { now as clockNow } from '../../schema/calendar';
import type { ServerContext } from '../context';
import { holdTransfers, releaseTransfers } from '../payments/transfer-holds';
import { merchantIdByEmail, SupportError } from './services';

/**
 * Support holds a merchant's payment transfers with a reason, and releases them
 * (`payments/transfer-holds.ts`); never offered in the merchant's own portal.
 */

/** Holds the transfers of the merchant whose admin signs in with `email`; returns how many it held now. */
export async function holdMerchantTransfers(ctx: ServerContext, email: string, reason: string): Promise<number> {
  const trimmed = reason.trim();
  if (trimmed === '') throw new SupportError('Give the reason for the hold');
  return holdTransfers(ctx, await merchantIdByEmail(ctx.db, email), trimmed, clockNow());
}

/** Releases that merchant's transfers; returns how many were on hold. */
export async function releaseMerchantTransfers(ctx: ServerContext, email: string): Promise<number> {
  return releaseTransfers(ctx, await merchantIdByEmail(ctx.db, email));
}
