import { DEFAULT_LOCALE, findLocale } from '@attest/shared';

export type LanguageSources = {
  userLanguage?: string | null;
  storedLanguage?: string | null;
  browserLanguages?: readonly string[];
  supported?: readonly string[];
  defaultLanguage?: string | null;
};

// Matches 'es-mx' to the supported 'es-MX', then falls back to the base code ('es').
function match(code: string, supported: readonly string[]): string | null {
  const lower = code.toLowerCase();
  const exact = supported.find((s) => s.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return supported.find((s) => s.toLowerCase() === base) ?? null;
}

// The signed-in user's choice wins, then this browser's stored selection, then the browser's
// languages, then the tenant default, then en.
export function chooseLanguage(sources: LanguageSources): string {
  const supported = sources.supported?.length
    ? sources.supported
    : [sources.defaultLanguage ?? DEFAULT_LOCALE].filter((c) => findLocale(c));
  const candidates = [sources.userLanguage, sources.storedLanguage, ...(sources.browserLanguages ?? [])];
  for (const candidate of candidates) {
    const found = candidate ? match(candidate, supported) : null;
    if (found) return found;
  }
  return sources.defaultLanguage && findLocale(sources.defaultLanguage)
    ? sources.defaultLanguage
    : DEFAULT_LOCALE;
}
