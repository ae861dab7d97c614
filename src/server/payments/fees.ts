import type { PayMethod } from '../../shared/pay';

/**
 * What the gateway keeps of a successful payment, in integer fils: an admin charge by payment
 * method (card 2.5%, wallets 2%, cash nothing) and a commission (none: merchants have no
 * commission setting yet). Rates are basis points; a half fils is rounded up.
 */

export const ADMIN_CHARGE_BASIS_POINTS: Record<PayMethod, bigint> = {
  card: 250n,
  apple_pay: 200n,
  google_pay: 200n,
  cash: 0n,
};

export interface Fees {
  adminCharge: bigint;
  commission: bigint;
  /** What the merchant receives: the amount less the admin charge and the commission. */
  net: bigint;
}

/** `amount × basisPoints / 10 000`, rounded half up. */
export const ofBasisPoints = (amount: bigint, basisPoints: bigint) => (amount * basisPoints + 5_000n) / 10_000n;

/** The fees of a successful payment of `amount` fils by `method`. */
export function feesOf(amount: bigint, method: PayMethod): Fees {
  const adminCharge = ofBasisPoints(amount, ADMIN_CHARGE_BASIS_POINTS[method]);
  const commission = 0n;
  return { adminCharge, commission, net: amount - adminCharge - commission };
}
