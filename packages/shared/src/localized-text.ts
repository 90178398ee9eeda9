import { z } from 'zod';
import { findLocale } from './locales.js';
import { text } from './validators/input-limits.js';

// Issue 14: texts a tenant enters (status names, support and header links) carry a label per
// language beside their default text; a person sees the one for their language.

export const LOCALIZED_TEXT_MAX_LENGTH = 100;

export const LOCALIZED_TEXT_MESSAGES = {
  unknownLocale: 'Use a language code of the product, such as "ar", "de" or "es-MX".',
} as const;

// Keys are the catalogue's codes as written there ('es-MX', not 'es-mx'), so one language has one
// key and a lookup never needs to guess; checked, not transformed, so the API document describes it.
export const TranslationsSchema = z
  .record(text(), text().trim().min(1).max(LOCALIZED_TEXT_MAX_LENGTH))
  .superRefine((translations, ctx) => {
    for (const code of Object.keys(translations)) {
      if (findLocale(code)?.code !== code)
        ctx.addIssue({ code: 'custom', path: [code], message: LOCALIZED_TEXT_MESSAGES.unknownLocale });
    }
  });
export type Translations = z.infer<typeof TranslationsSchema>;

// The codes to look a person's language up by: regional, then base (the same order as the
// interface's strings, spec 1 section 4), each as the catalogue writes it. The default text, not
// English, comes after them: it is the tenant's own wording.
export function translationLookupOrder(locale: string): string[] {
  const parts = locale.split('-');
  const order: string[] = [];
  for (let length = parts.length; length > 0; length--) {
    const code = findLocale(parts.slice(0, length).join('-'))?.code;
    if (code && !order.includes(code)) order.push(code);
  }
  return order;
}

// The translation for a person whose language is `locale` (regional, then base), if there is one.
export function translationFor(
  translations: Readonly<Record<string, string>> | null | undefined,
  locale: string,
): string | undefined {
  if (!translations) return undefined;
  for (const code of translationLookupOrder(locale)) {
    const found = translations[code];
    if (typeof found === 'string' && found.trim() !== '') return found;
  }
  return undefined;
}

// The text for a person whose language is `locale`: its translation, else its base language's,
// else the default text.
export function localized(
  defaultText: string,
  translations: Readonly<Record<string, string>> | null | undefined,
  locale: string,
): string {
  return translationFor(translations, locale) ?? defaultText;
}
