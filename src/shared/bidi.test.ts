import { describe, expect, it } from 'vitest';
import { valueDirection } from './bidi';

describe('the direction a shown value is isolated in', () => {
  it('reads phone numbers, amounts and dates in digits left to right', () => {
    expect(valueDirection('+96550001234')).toBe('ltr');
    expect(valueDirection('-12.500')).toBe('ltr');
    expect(valueDirection('2026-11-28 14:30')).toBe('ltr');
  });

  it('lets text with letters take the direction of its first letter', () => {
    expect(valueDirection('Gulf Optics Co.')).toBe('auto');
    expect(valueDirection('شركة الخليج')).toBe('auto');
    expect(valueDirection('INV-0042')).toBe('auto');
  });
});
