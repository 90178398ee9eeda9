import { describe, expect, it } from 'vitest';
import {
  LOCALIZED_TEXT_MESSAGES,
  localized,
  TranslationsSchema,
  translationFor,
  translationLookupOrder,
} from './localized-text.js';

const HELP = { ar: 'مركز المساعدة', es: 'Centro de ayuda', 'es-MX': 'Centro de soporte' };

describe('localized', () => {
  it("shows the person's language", () => {
    expect(localized('Help centre', HELP, 'ar')).toBe('مركز المساعدة');
  });

  it('prefers the regional label, then falls back to the base language', () => {
    expect(localized('Help centre', HELP, 'es-MX')).toBe('Centro de soporte');
    expect(localized('Help centre', HELP, 'es-AR')).toBe('Centro de ayuda');
  });

  it('matches the language code whatever its case', () => {
    expect(localized('Help centre', HELP, 'es-mx')).toBe('Centro de soporte');
    expect(localized('Help centre', HELP, 'AR')).toBe('مركز المساعدة');
  });

  it('falls back to the default text, not to another language', () => {
    expect(localized('Help centre', HELP, 'de')).toBe('Help centre');
    expect(localized('Help centre', { ...HELP, en: 'Help center' }, 'de')).toBe('Help centre');
    expect(localized('Help centre', undefined, 'ar')).toBe('Help centre');
    expect(localized('Help centre', null, 'ar')).toBe('Help centre');
  });

  it('uses an English label for an English reader', () => {
    expect(localized('Centre d’aide', { en: 'Help centre' }, 'en-GB')).toBe('Help centre');
  });

  it('skips an empty stored label', () => {
    expect(localized('Help centre', { ar: ' ' }, 'ar')).toBe('Help centre');
  });
});

describe('translationFor', () => {
  it('finds the regional or base translation, and nothing without one', () => {
    expect(translationFor(HELP, 'es-MX')).toBe('Centro de soporte');
    expect(translationFor(HELP, 'es-CO')).toBe('Centro de ayuda');
    expect(translationFor(HELP, 'de')).toBeUndefined();
    expect(translationFor(undefined, 'ar')).toBeUndefined();
  });
});

describe('translationLookupOrder', () => {
  it('goes from the regional code to its base, as the catalogue writes them', () => {
    expect(translationLookupOrder('es-mx')).toEqual(['es-MX', 'es']);
    expect(translationLookupOrder('zh-Hans-CN')).toEqual(['zh-Hans']);
    expect(translationLookupOrder('ar')).toEqual(['ar']);
    expect(translationLookupOrder('xx')).toEqual([]);
  });
});

describe('TranslationsSchema', () => {
  it('keeps labels of known languages, trimmed', () => {
    expect(TranslationsSchema.parse({ ar: '  قيد المراجعة ', 'es-MX': 'En revisión' })).toEqual({
      ar: 'قيد المراجعة',
      'es-MX': 'En revisión',
    });
  });

  it('refuses a language the product does not know, or one not written as the catalogue writes it', () => {
    for (const key of ['xx', 'es-mx', 'english', '']) {
      const result = TranslationsSchema.safeParse({ [key]: 'Label' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LOCALIZED_TEXT_MESSAGES.unknownLocale);
    }
  });

  it('refuses an empty or over-long label', () => {
    expect(TranslationsSchema.safeParse({ ar: '   ' }).success).toBe(false);
    expect(TranslationsSchema.safeParse({ ar: 'م'.repeat(100) }).success).toBe(true);
    expect(TranslationsSchema.safeParse({ ar: 'م'.repeat(101) }).success).toBe(false);
  });
});
