import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import en from '../locales/en.json';

// Component tests read the real English strings, so a renamed key fails a test.
i18n.addResourceBundle('en', 'translation', en);
void i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
