import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import en from '../locales/en.json';

// Component tests read the real English strings, so a renamed key fails a test.
i18n.addResourceBundle('en', 'translation', en);
void i18n.changeLanguage('en');

// findBy/waitFor wait up to 5 s instead of 1 s: on a busy 2-core CI machine a Mantine page's first
// render can take longer than a second. A longer wait only lets a slow pass through, never a failure.
configure({ asyncUtilTimeout: 5_000 });

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

// happy-dom computes no display for <bdi> where a browser's own style sheet makes it inline, so an
// accessible name around an isolated name ("Reopen “<bdi>X</bdi>”?") would get spaces no browser adds.
const userAgentStyles = document.createElement('style');
userAgentStyles.textContent = 'bdi { display: inline; }';
document.head.append(userAgentStyles);
