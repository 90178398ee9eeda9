import { describe, expect, it } from 'vitest';
import { CLIPBOARD_MESSAGES, httpStatusMessage, NORMALISED_ERROR_MESSAGES } from './messages.js';

describe('CLIPBOARD_MESSAGES', () => {
  it('holds the exact texts of spec 1 section 8', () => {
    expect(CLIPBOARD_MESSAGES).toEqual({
      copied: 'Copied to Clipboard',
      unsupported: 'Could not copy to clipboard. Unsupported browser.',
      empty: 'The content is empty.',
      failed: 'Could not copy content to clipboard. Please try again.',
    });
  });
});

describe('NORMALISED_ERROR_MESSAGES', () => {
  it('holds the no-message fallback', () => {
    expect(NORMALISED_ERROR_MESSAGES.unknown).toBe('An unknown error occurred');
  });
});

describe('httpStatusMessage', () => {
  it("formats 'HTTP {status} {statusText}'", () => {
    expect(httpStatusMessage(503, 'Service Unavailable')).toBe('HTTP 503 Service Unavailable');
    expect(httpStatusMessage(404, 'Not Found')).toBe('HTTP 404 Not Found');
  });

  it('drops the trailing space when there is no status text (HTTP/2)', () => {
    expect(httpStatusMessage(500, '')).toBe('HTTP 500');
  });
});
