import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intlFormats';

describe('formatters kept per locale and options', () => {
  it('gives the same formatter again for the same locale and options', () => {
    const options = { day: 'numeric', month: 'short' } as const;
    expect(dateTimeFormat('en-GB', options)).toBe(dateTimeFormat('en-GB', { ...options }));
    expect(numberFormat('en-KW')).toBe(numberFormat('en-KW', {}));
  });

  it('gives another formatter for another locale or other options', () => {
    expect(dateTimeFormat('en-GB', { month: 'short' })).not.toBe(dateTimeFormat('en-GB', { month: 'long' }));
    expect(numberFormat('en-KW')).not.toBe(numberFormat('ar-KW-u-nu-latn'));
    expect(dateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2027, 0, 12))).toBe('January');
  });
});
