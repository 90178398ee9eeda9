import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE, isCountryCode } from './countries.js';

describe('country codes', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, sorted, once each', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('knows real codes only, in upper case; the default is the US (spec 2 §3.12)', () => {
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('gb')).toBe(false);
    expect(DEFAULT_COUNTRY_CODE).toBe('US');
  });
});
