import { findLocale } from '@attest/shared';

export type LanguageOption = { code: string; label: string };

type LanguageSource = {
  supported_languages: readonly string[];
  supported_languages_json: readonly { code: string; nativeName: string }[];
};

// People look for their language by its own name ('Deutsch', not 'German').
export function languageOptions(source: LanguageSource): LanguageOption[] {
  const named = new Map(source.supported_languages_json.map((l) => [l.code, l.nativeName]));
  return source.supported_languages.map((code) => ({
    code,
    label: named.get(code) ?? findLocale(code)?.nativeName ?? code,
  }));
}
