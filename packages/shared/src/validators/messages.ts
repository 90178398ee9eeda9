// Spec 1 §8, clipboard row: the exact texts the copy action shows.
export const CLIPBOARD_MESSAGES = {
  copied: 'Copied to Clipboard',
  unsupported: 'Could not copy to clipboard. Unsupported browser.',
  empty: 'The content is empty.',
  failed: 'Could not copy content to clipboard. Please try again.',
} as const;

// Spec 1 §8 and spec 2 §8, generic normalisation: "with no message: 'An unknown error occurred'".
export const NORMALISED_ERROR_MESSAGES = {
  unknown: 'An unknown error occurred',
} as const;

// Spec 1 §8 and spec 2 §8: "an unreadable body gives 'HTTP {status} {statusText}'". An HTTP/2
// answer has no status text, so the trailing space is dropped rather than shown.
export function httpStatusMessage(status: number, statusText: string): string {
  return `HTTP ${status} ${statusText}`.trim();
}
