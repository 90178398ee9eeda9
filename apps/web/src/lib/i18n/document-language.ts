import { isRtlLocale } from '@attest/shared';

export type TextDirection = 'ltr' | 'rtl';

export function directionOf(code: string): TextDirection {
  return isRtlLocale(code) ? 'rtl' : 'ltr';
}

// Screen readers, hyphenation and the browser's own RTL layout read these two attributes.
export function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}
