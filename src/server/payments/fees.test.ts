import { describe, expect, it } from 'vitest';
import { saleFeeRules } from './fee-rules';
import {
  chargeOf,
  feesOf,
  NO_RULES,
  percentText,
  percentThousandthsOf,
  tierAt,
  type ChargeRule,
  type CommissionTier,
  type FeeRules,
} from './fees';
import { kuwaitMonthStart } from './kuwait-time';

const rule = (percent: string, fixed = 0n, min: bigint | null = null, max: bigint | null = null): ChargeRule => ({
  percentThousandths: percentThousandthsOf(percent) ?? -1n,
  fixed,
  min,
  max,
});

const tier = (fromVolume: bigint, charge: ChargeRule): CommissionTier => ({ ...charge, fromVolume });

describe('fees of a payment', () => {
  it('keeps the default table for a merchant without rules of its own', () => {
    expect(feesOf(25_500n, 'card', NO_RULES)).toEqual({ adminCharge: 638n, commission: 0n, net: 24_862n });
    expect(feesOf(10_000n, 'apple_pay')).toEqual({ adminCharge: 200n, commission: 0n, net: 9_800n });
    expect(feesOf(10_000n, 'google_pay')).toEqual({ adminCharge: 200n, commission: 0n, net: 9_800n });
    expect(feesOf(10_000n, 'cash')).toEqual({ adminCharge: 0n, commission: 0n, net: 10_000n });
  });

  it('adds a percentage and a fixed amount', () => {
    const rules: FeeRules = { ...NO_RULES, adminCharge: rule('1.5', 100n) };
    // 1.5% of 10.000 KWD is 150 fils, plus 100 fils.
    expect(feesOf(10_000n, 'card', rules)).toEqual({ adminCharge: 250n, commission: 0n, net: 9_750n });
    expect(chargeOf(10_000n, rule('0', 75n))).toBe(75n);
  });

  it('raises a charge to its minimum and lowers it to its maximum', () => {
    expect(chargeOf(1_000n, rule('0.5', 0n, 50n))).toBe(50n);
    expect(chargeOf(100_000n, rule('0.5', 0n, 50n))).toBe(500n);
    expect(chargeOf(1_000_000n, rule('2.5', 0n, null, 5_000n))).toBe(5_000n);
    expect(chargeOf(100_000n, rule('2.5', 0n, null, 5_000n))).toBe(2_500n);
  });

  it('rounds half a fils up, in exact thousandths of a percent', () => {
    // 0.125% of 1 200 fils is 1.5 fils: 2; of 1 199 fils 1.49875: 1.
    expect(chargeOf(1_200n, rule('0.125'))).toBe(2n);
    expect(chargeOf(1_199n, rule('0.125'))).toBe(1n);
    expect(chargeOf(25n, rule('2'))).toBe(1n);
    expect(chargeOf(24n, rule('2'))).toBe(0n);
  });

  it('charges nothing on nothing, and never more than the amount', () => {
    const rules: FeeRules = {
      adminCharge: rule('2.5', 100n, 200n),
      commission: [tier(0n, rule('1', 0n, 50n))],
      monthVolume: 0n,
    };
    expect(feesOf(0n, 'card', rules)).toEqual({ adminCharge: 0n, commission: 0n, net: 0n });
    // A 150 fils payment: the admin charge's minimum takes it all, nothing is left for commission.
    expect(feesOf(150n, 'card', rules)).toEqual({ adminCharge: 150n, commission: 0n, net: 0n });
    // 250 fils: 200 admin charge, the commission's minimum of 50 is what is left.
    expect(feesOf(250n, 'card', rules)).toEqual({ adminCharge: 200n, commission: 50n, net: 0n });
  });

  it('takes a commission as a percentage of the amount with its minimum and maximum', () => {
    const rules: FeeRules = { ...NO_RULES, commission: [tier(0n, rule('0.5', 0n, 50n, 1_000n))] };
    expect(feesOf(4_000n, 'card', rules)).toEqual({ adminCharge: 100n, commission: 50n, net: 3_850n });
    expect(feesOf(40_000n, 'card', rules)).toEqual({ adminCharge: 1_000n, commission: 200n, net: 38_800n });
    expect(feesOf(400_000n, 'card', rules)).toEqual({ adminCharge: 10_000n, commission: 1_000n, net: 389_000n });
  });

  it('chooses the tier of the month volume before the payment', () => {
    const tiers = [tier(0n, rule('1')), tier(1_000_000n, rule('0.75')), tier(5_000_000n, rule('0.5'))];
    const at = (monthVolume: bigint) => feesOf(10_000n, 'cash', { ...NO_RULES, commission: tiers, monthVolume });
    expect(at(0n).commission).toBe(100n);
    expect(at(999_999n).commission).toBe(100n);
    expect(at(1_000_000n).commission).toBe(75n);
    expect(at(5_000_000n).commission).toBe(50n);
    expect(at(99_000_000n).commission).toBe(50n);
    // Tiers starting above zero only: below the first there is no commission.
    expect(tierAt([tier(1_000n, rule('1'))], 999n)).toBeNull();
    expect(feesOf(10_000n, 'card', { ...NO_RULES, commission: [tier(1_000n, rule('1'))] }).commission).toBe(0n);
  });

  it("puts a sale list's own admin charge in place of the merchant's", () => {
    const merchant: FeeRules = { ...NO_RULES, adminCharge: rule('2') };
    expect(feesOf(10_000n, 'card', saleFeeRules(merchant, rule('1', 50n))).adminCharge).toBe(150n);
    expect(feesOf(10_000n, 'card', saleFeeRules(merchant, null)).adminCharge).toBe(200n);
  });
});

describe('percentages', () => {
  it('reads exact decimals with up to three places, up to 100', () => {
    expect(percentThousandthsOf('2.5')).toBe(2_500n);
    expect(percentThousandthsOf('0.125')).toBe(125n);
    expect(percentThousandthsOf('100')).toBe(100_000n);
    expect(percentThousandthsOf('100.001')).toBeNull();
    expect(percentThousandthsOf('1.2345')).toBeNull();
    expect(percentThousandthsOf('-1')).toBeNull();
    expect(percentText(2_500n)).toBe('2.5');
    expect(percentText(125n)).toBe('0.125');
    expect(percentText(3_000n)).toBe('3');
  });
});

describe('the Kuwait month', () => {
  it('starts at midnight of its first day in Kuwait', () => {
    expect(kuwaitMonthStart(new Date('2026-11-15T10:00:00Z')).toISOString()).toBe('2026-10-31T21:00:00.000Z');
    // 22:00 UTC on 31 October is already 1 November in Kuwait.
    expect(kuwaitMonthStart(new Date('2026-10-31T22:00:00Z')).toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(kuwaitMonthStart(new Date('2026-10-31T20:59:59Z')).toISOString()).toBe('2026-09-30T21:00:00.000Z');
  });
});
