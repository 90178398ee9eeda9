import { DOWNLOAD_MESSAGES, HttpError } from '@attest/shared';

export type DownloadMessageKey = Exclude<keyof typeof DOWNLOAD_MESSAGES, 'unknownHint'>;

// Spec 1 §8 Download: the server answers one of the catalogue's sentences; anything else (network,
// proxy, a 500) is the catalogue's unknown error, shown with its hint.
export function downloadErrorKey(error: unknown): DownloadMessageKey {
  if (!(error instanceof HttpError)) return 'unknown';
  const entry = Object.entries(DOWNLOAD_MESSAGES).find(([, message]) => message === error.message);
  const key = entry?.[0];
  return key && key !== 'unknownHint' ? (key as DownloadMessageKey) : 'unknown';
}
