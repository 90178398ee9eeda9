import { type DownloadFailure, downloadFailure, HttpError } from '@attest/shared';

// Spec 1 §8 Download, in the catalogue's form 'status, cause, user message': a refusal the server
// names by code shows its message; anything else (network, proxy, a 500) the unknown error.
export function downloadFailureOf(error: unknown): DownloadFailure {
  if (error instanceof HttpError) return downloadFailure(error.status, { code: error.code });
  return downloadFailure(null, {});
}
