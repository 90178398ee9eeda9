import { BATCH_UPDATE_ERROR_CODES, HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';

// Refusals whose words need nothing from the request are translated by their code; the rest (the
// matches past the limit, the items changed since, a field's own message) keep the server's
// message, which names what only it knows.
const TRANSLATED: Record<string, string> = {
  [BATCH_UPDATE_ERROR_CODES.noChange]: 'batchUpdates.errors.noChange',
  [BATCH_UPDATE_ERROR_CODES.kindRequired]: 'batchUpdates.errors.kindRequired',
  [BATCH_UPDATE_ERROR_CODES.notPreviewed]: 'batchUpdates.errors.notPreviewed',
  [BATCH_UPDATE_ERROR_CODES.nothingToApply]: 'batchUpdates.errors.nothingToApply',
  [BATCH_UPDATE_ERROR_CODES.notApplicable]: 'batchUpdates.errors.notApplicable',
  [BATCH_UPDATE_ERROR_CODES.notFinished]: 'batchUpdates.errors.notFinished',
  [BATCH_UPDATE_ERROR_CODES.idsFileGone]: 'batchUpdates.errors.idsFileGone',
};

export function refusalText(t: TFunction, error: unknown): string {
  if (error instanceof HttpError) {
    const key = error.code ? TRANSLATED[error.code] : undefined;
    if (key) return t(key);
    if (error.status === 403) return t('batchUpdates.errors.forbidden');
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t('batchUpdates.errors.failed');
}
