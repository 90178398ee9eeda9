import { DEFAULT_LOCALE, localeFallbackChain } from '@attest/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// Resources arrive per locale at runtime (load-language.ts); the instance starts empty.
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  initAsync: false,
  // Spec 1 section 4: regional -> base -> en.
  // i18next also asks before any language is set.
  fallbackLng: (code?: string) => (code ? localeFallbackChain(code).slice(1) : [DEFAULT_LOCALE]),
  supportedLngs: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});
