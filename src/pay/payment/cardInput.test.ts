import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatExpiry } from './cardInput';

describe('card input', () => {
  it('groups the number by four, digits only, at most 19', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 11')).toBe('4111 1111 11');
    expect(formatCardNumber('4111 ')).toBe('4111');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
  });

  it('keeps the caret after the same digit', () => {
    expect(caretAfterDigits('4111 1111', 4)).toBe(4);
    expect(caretAfterDigits('4111 1111', 5)).toBe(6);
    expect(caretAfterDigits('4111 1111', 0)).toBe(0);
    expect(caretAfterDigits('4111', 9)).toBe(4);
  });
});
