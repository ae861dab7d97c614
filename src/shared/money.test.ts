import { describe, expect, it } from 'vitest';
import { formatKwd, fromFils, normaliseKwd, toFils } from './money';

describe('KWD amounts in fils', () => {
  it('parses decimal strings exactly', () => {
    expect(toFils('0.001')).toBe(1n);
    expect(toFils('12.5')).toBe(12500n);
    expect(toFils('999999999999.999')).toBe(999999999999999n);
    expect(toFils('1.0001')).toBeNull();
    expect(toFils('abc')).toBeNull();
  });

  it('sums without floating point drift', () => {
    const total = ['0.1', '0.2'].map((value) => toFils(value) as bigint).reduce((a, b) => a + b, 0n);
    expect(fromFils(total)).toBe('0.300');
  });

  it('always shows three decimals', () => {
    expect(normaliseKwd('7')).toBe('7.000');
    expect(formatKwd('1234.5', 'en')).toBe('1,234.500 KWD');
    expect(formatKwd('1234.5', 'ar')).toBe('1,234.500 د.ك');
  });
});
