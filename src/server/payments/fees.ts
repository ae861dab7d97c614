import type { PayMethod } from '../../shared/pay';

/**
 * What the gateway keeps of a successful payment, in integer fils: an admin charge and a
 * commission, each by payment method. This module is the pure core: the rules come in as values
 * (`fee-rules.ts` reads them for a merchant), and nothing here touches the database.
 *
 * A charge is a percentage of the amount plus a fixed amount, then raised to its minimum and
 * lowered to its maximum. Percentages are exact decimals with up to three places (`2.5`,
 * `0.125`); a half fils is rounded up, as `ofBasisPoints` does. Nothing is charged on a zero
 * amount, and the fees never exceed the amount: the admin charge is taken first and the commission
 * from what remains, so the net is never negative.
 */

/** One charge: `percent` in thousandths of a percent (2.5% is 2 500), the rest in fils. */
export interface ChargeRule {
  percentThousandths: bigint;
  fixed: bigint;
  /** The least charged on a non-zero amount; null: no minimum. */
  min: bigint | null;
  /** The most charged; null: no maximum. */
  max: bigint | null;
}

/** One tier of a commission: applies while the month's volume before the payment is at least `fromVolume` fils. */
export interface CommissionTier extends ChargeRule {
  fromVolume: bigint;
}

/** Everything the fees of one payment of one method depend on. */
export interface FeeRules {
  /** The merchant's admin charge of the method; null: the default of `DEFAULT_ADMIN_CHARGES`. */
  adminCharge: ChargeRule | null;
  /** The method's commission tiers, in any order; none: no commission. */
  commission: readonly CommissionTier[];
  /** Fils the merchant took this Kuwait month before this payment (see `fee-rules.ts`). */
  monthVolume: bigint;
}

export interface Fees {
  adminCharge: bigint;
  commission: bigint;
  /** What the merchant receives: the amount less the admin charge and the commission. */
  net: bigint;
}

/** Admin charges of a merchant support has set none for: card 2.5%, wallets 2%, cash nothing. */
export const ADMIN_CHARGE_BASIS_POINTS: Record<PayMethod, bigint> = {
  card: 250n,
  apple_pay: 200n,
  google_pay: 200n,
  cash: 0n,
};

/** `ADMIN_CHARGE_BASIS_POINTS` as charge rules. */
export const DEFAULT_ADMIN_CHARGES: Record<PayMethod, ChargeRule> = Object.fromEntries(
  Object.entries(ADMIN_CHARGE_BASIS_POINTS).map(([method, basisPoints]) => [
    method,
    { percentThousandths: basisPoints * 10n, fixed: 0n, min: null, max: null },
  ]),
) as Record<PayMethod, ChargeRule>;

/** No rules of the merchant's own: the default admin charge and no commission. */
export const NO_RULES: FeeRules = { adminCharge: null, commission: [], monthVolume: 0n };

/** `amount × basisPoints / 10 000`, rounded half up. */
export const ofBasisPoints = (amount: bigint, basisPoints: bigint) => (amount * basisPoints + 5_000n) / 10_000n;

/** `amount × percentThousandths / 100 000` (a percentage with three decimals), rounded half up. */
export const ofPercentThousandths = (amount: bigint, thousandths: bigint) =>
  (amount * thousandths + 50_000n) / 100_000n;

/** A percentage as a decimal string (`"2.5"`, `"0.125"`, `"100"`) in thousandths, or null when it is not one. */
export function percentThousandthsOf(percent: string): bigint | null {
  const match = /^([0-9]{1,3})(?:\.([0-9]{1,3}))?$/.exec(percent);
  if (!match) return null;
  const thousandths = BigInt(match[1]) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
  return thousandths <= 100_000n ? thousandths : null;
}

/** Thousandths of a percent as the shortest decimal string (`2500n` → `"2.5"`). */
export function percentText(thousandths: bigint): string {
  const whole = thousandths / 1000n;
  const fraction = (thousandths % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** What `rule` charges on `amount` fils, never more than `cap` (the amount itself unless given). */
export function chargeOf(amount: bigint, rule: ChargeRule, cap = amount): bigint {
  if (amount <= 0n || cap <= 0n) return 0n;
  let charge = ofPercentThousandths(amount, rule.percentThousandths) + rule.fixed;
  if (rule.min !== null && charge < rule.min) charge = rule.min;
  if (rule.max !== null && charge > rule.max) charge = rule.max;
  return charge > cap ? cap : charge;
}

/** The tier of `tiers` that applies at `volume`: the one starting highest at or below it. */
export function tierAt<T extends CommissionTier>(tiers: readonly T[], volume: bigint): T | null {
  let chosen: T | null = null;
  for (const tier of tiers) {
    if (tier.fromVolume <= volume && (chosen === null || tier.fromVolume > chosen.fromVolume)) chosen = tier;
  }
  return chosen;
}

/** The fees of a successful payment of `amount` fils by `method` under `rules` (default: no rules of the merchant's own). */
export function feesOf(amount: bigint, method: PayMethod, rules: FeeRules = NO_RULES): Fees {
  const adminCharge = chargeOf(amount, rules.adminCharge ?? DEFAULT_ADMIN_CHARGES[method]);
  const tier = tierAt(rules.commission, rules.monthVolume);
  const commission = tier ? chargeOf(amount, tier, amount - adminCharge) : 0n;
  return { adminCharge, commission, net: amount - adminCharge - commission };
}
