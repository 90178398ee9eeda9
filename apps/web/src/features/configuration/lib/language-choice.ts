import {
  COMPLETE_LOCALES,
  findLocale,
  type LanguageSettings,
  LOCALES,
  type LocaleInfo,
} from '@attest/shared';

// Settings > Languages' rules, the same as the server's (LanguageSettingsSchema): at least one
// language, each once, the default among them. Removing the default is not offered: choose another
// default first.

export function addLanguage(settings: LanguageSettings, code: string): LanguageSettings {
  const locale = findLocale(code);
  if (!locale || settings.supported_languages.includes(locale.code)) return settings;
  return { ...settings, supported_languages: [...settings.supported_languages, locale.code] };
}

export function removeLanguage(settings: LanguageSettings, code: string): LanguageSettings {
  if (code === settings.default_language) return settings;
  return { ...settings, supported_languages: settings.supported_languages.filter((c) => c !== code) };
}

export function makeDefault(settings: LanguageSettings, code: string): LanguageSettings {
  return settings.supported_languages.includes(code) ? { ...settings, default_language: code } : settings;
}

// The catalogue's locales not offered yet, for the add menu.
export function addableLocales(settings: LanguageSettings): LocaleInfo[] {
  return LOCALES.filter((locale) => !settings.supported_languages.includes(locale.code));
}

// Whether every screen is translated (a regional variant reads its base language's words), or
// some text falls back to English.
export function isComplete(code: string): boolean {
  const complete: readonly string[] = COMPLETE_LOCALES;
  return complete.includes(code) || complete.includes(code.split('-')[0] ?? code);
}

export function sameSettings(a: LanguageSettings, b: LanguageSettings): boolean {
  return (
    a.default_language === b.default_language && a.supported_languages.join() === b.supported_languages.join()
  );
}
