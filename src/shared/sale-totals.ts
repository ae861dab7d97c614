import { fromFils, toFils } from './money';

/**
 * What an order of a sale list comes to, in integer fils: the storefront's cart shows it, the
 * server charges it and stores it with the order, and the demo seed's orders are made with it. One
 * function, so the figure a customer sees is the figure charged.
 *
 * A sale list's discount and service charge are each fixed amounts or percentages of the
 * subtotal (a percentage written like an amount, "10.000" for 10 %, so it is exact to a
 * thousandth of a percent). A percentage of fils is rounded half up to the fils. A discount never
 * takes the total below nothing; the service charge is added after it.
 */

export type Adjustment = 'fixed' | 'percentage';

export interface SaleCharges {
  discount_type?: Adjustment | null;
  discount_value?: string | null;
  service_charge_type?: Adjustment | null;
  service_charge_value?: string | null;
}

export interface SaleLine {
  /** The unit price, a KWD amount ("1.250"). */
  price: string;
  /** How many, a whole number of at least one. */
  qty: number;
}

export interface SaleTotals {
  sub_total: bigint;
  discount: bigint;
  service_charge: bigint;
  grand_total: bigint;
}

/** The same totals as KWD amounts with three decimals, as orders store them. */
export type SaleTotalsText = { [K in keyof SaleTotals]: string };

/** Fils of a KWD amount that the schema let through; a malformed one is a bug of the caller. */
function filsOf(amount: string, what: string): bigint {
  const fils = toFils(amount);
  if (fils === null) throw new Error(`${what} is not a KWD amount: ${amount}`);
  return fils;
}

/** The adjustment `value` of `type` on `base` fils: the amount itself, or its percentage rounded half up. */
function adjustmentOf(type: Adjustment | null | undefined, value: string | null | undefined, base: bigint): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const amount = filsOf(value, 'An adjustment');
  // A percentage in thousandths of a percent: base × amount / 100 000, half up.
  return type === 'percentage' ? (base * amount + 50_000n) / 100_000n : amount;
}

/** The subtotal, discount, service charge and grand total of `lines` under the list's `charges`. */
export function saleTotals(lines: readonly SaleLine[], charges: SaleCharges): SaleTotals {
  let subTotal = 0n;
  for (const line of lines) {
    if (!Number.isInteger(line.qty) || line.qty < 1) throw new Error(`A quantity must be a whole number: ${line.qty}`);
    subTotal += filsOf(line.price, 'A price') * BigInt(line.qty);
  }
  const asked = adjustmentOf(charges.discount_type, charges.discount_value, subTotal);
  const discount = asked > subTotal ? subTotal : asked;
  const serviceCharge = adjustmentOf(charges.service_charge_type, charges.service_charge_value, subTotal);
  return {
    sub_total: subTotal,
    discount,
    service_charge: serviceCharge,
    grand_total: subTotal - discount + serviceCharge,
  };
}

/** `totals` as KWD amounts. */
export function saleTotalsText(totals: SaleTotals): SaleTotalsText {
  return {
    sub_total: fromFils(totals.sub_total),
    discount: fromFils(totals.discount),
    service_charge: fromFils(totals.service_charge),
    grand_total: fromFils(totals.grand_total),
  };
}
