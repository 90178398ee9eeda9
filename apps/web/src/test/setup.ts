import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import en from '../locales/en.json';
import { i18n } from '../lib/i18n/i18n';

// Component tests read the real English strings, so a renamed key fails a test.
i18n.addResourceBundle('en', 'translation', en);
void i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
