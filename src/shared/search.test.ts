import { describe, expect, it } from 'vitest';
import { amountOf, normaliseQuery } from './search';

describe('the app bar’s search query', () => {
  it('is trimmed, its spaces collapsed, its Arabic-Indic digits and decimal separator read as Latin', () => {
    expect(normaliseQuery('  Fatima   Al-Mutairi ')).toBe('Fatima Al-Mutairi');
    expect(normaliseQuery('٩٦٥٥٠٠٠١٢٣٤')).toBe('96550001234');
    expect(normaliseQuery('۱۲٫۵')).toBe('12.5');
  });

  it('may be an amount, read to three decimals', () => {
    expect(amountOf('12.5')).toBe('12.500');
    expect(amountOf('913.450')).toBe('913.450');
    expect(amountOf('INV-2026')).toBeNull();
    expect(amountOf('12.5000')).toBeNull();
  });
});
