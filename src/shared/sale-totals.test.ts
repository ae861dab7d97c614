import { describe, expect, it } from 'vitest';
import { saleTotals, saleTotalsText } from './sale-totals';

describe("an order's totals", () => {
  const lines = [
    { price: '1.250', qty: 3 },
    { price: '0.333', qty: 1 },
  ];

  it('sum the lines in fils, with neither discount nor service charge', () => {
    expect(saleTotals(lines, {})).toEqual({ sub_total: 4083n, discount: 0n, service_charge: 0n, grand_total: 4083n });
  });

  it('take a fixed discount and add a fixed service charge', () => {
    const totals = saleTotals(lines, {
      discount_type: 'fixed',
      discount_value: '0.500',
      service_charge_type: 'fixed',
      service_charge_value: '0.250',
    });
    expect(saleTotalsText(totals)).toEqual({
      sub_total: '4.083',
      discount: '0.500',
      service_charge: '0.250',
      grand_total: '3.833',
    });
  });

  it('round percentages of the subtotal half up to the fils', () => {
    // 10 % of 4.083 is 0.4083 → 0.408; 2.5 % is 0.102075 → 0.102; 12.5 % of 0.004 is 0.0005 → 0.001.
    const totals = saleTotals(lines, {
      discount_type: 'percentage',
      discount_value: '10',
      service_charge_type: 'percentage',
      service_charge_value: '2.5',
    });
    expect(saleTotalsText(totals)).toEqual({
      sub_total: '4.083',
      discount: '0.408',
      service_charge: '0.102',
      grand_total: '3.777',
    });
    expect(
      saleTotals([{ price: '0.004', qty: 1 }], { discount_type: 'percentage', discount_value: '12.5' }).discount,
    ).toBe(1n);
  });

  it('never discount below nothing, and still add the service charge', () => {
    const totals = saleTotals([{ price: '2.000', qty: 1 }], {
      discount_type: 'fixed',
      discount_value: '5.000',
      service_charge_type: 'fixed',
      service_charge_value: '0.100',
    });
    expect(totals).toEqual({ sub_total: 2000n, discount: 2000n, service_charge: 100n, grand_total: 100n });
    expect(saleTotals(lines, { discount_type: 'percentage', discount_value: '150' }).grand_total).toBe(0n);
  });

  it('refuse a quantity that is not a whole number of at least one, and a price that is not an amount', () => {
    expect(() => saleTotals([{ price: '1.000', qty: 0 }], {})).toThrow();
    expect(() => saleTotals([{ price: '1.000', qty: 1.5 }], {})).toThrow();
    expect(() => saleTotals([{ price: '1.0001', qty: 1 }], {})).toThrow();
  });
});
