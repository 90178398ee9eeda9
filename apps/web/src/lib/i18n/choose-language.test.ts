import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './choose-language';

const supported = ['en', 'es', 'fr', 'ar'];

describe('chooseLanguage', () => {
  it("prefers the signed-in user's language", () => {
    expect(
      chooseLanguage({ userLanguage: 'fr', storedLanguage: 'es', browserLanguages: ['ar'], supported }),
    ).toBe('fr');
  });

  it('then the stored selection, then the browser, matching a regional code to its base', () => {
    expect(chooseLanguage({ storedLanguage: 'es', browserLanguages: ['ar'], supported })).toBe('es');
    expect(chooseLanguage({ browserLanguages: ['de-DE', 'fr-CA'], supported })).toBe('fr');
  });

  it('falls back to the tenant default, then en', () => {
    expect(chooseLanguage({ browserLanguages: ['de'], supported, defaultLanguage: 'es' })).toBe('es');
    expect(chooseLanguage({ browserLanguages: ['de'], supported })).toBe('en');
  });
});
