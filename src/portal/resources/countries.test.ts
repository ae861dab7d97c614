import { describe, expect, it } from 'vitest';
import { countryName } from './countries';

describe('a country code shown by name', () => {
  it('names the country in the language of the page', () => {
    expect(countryName('KW', 'en')).toBe('Kuwait');
    expect(countryName('KW', 'ar')).toBe('الكويت');
    expect(countryName('sa', 'en')).toBe('Saudi Arabia');
  });

  it('leaves a value that is no region code as it is', () => {
    expect(countryName('Kuwait', 'en')).toBe('Kuwait');
  });
});
