import { HttpError, RECORD_ERROR_CODES } from '@attest/shared';
import type { TFunction } from 'i18next';

// Refusals whose words need nothing from the request are translated by their code; the rest
// (a duplicate key naming the record, a delete naming the workflows that use it) keep the server's
// own message, which names what only it knows.
const TRANSLATED: Record<string, string> = {
  [RECORD_ERROR_CODES.staleRevision]: 'records.errors.staleRevision',
  [RECORD_ERROR_CODES.invalidAnswers]: 'records.errors.invalidAnswers',
  [RECORD_ERROR_CODES.noPlaceAccess]: 'records.errors.noPlaceAccess',
  [RECORD_ERROR_CODES.archived]: 'records.errors.archived',
  [RECORD_ERROR_CODES.notFound]: 'records.errors.notFound',
};

export function refusalText(t: TFunction, error: unknown): string {
  if (error instanceof HttpError) {
    const key = error.code ? TRANSLATED[error.code] : undefined;
    if (key) return t(key);
    if (error.status === 403) return t('records.errors.forbidden');
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t('records.errors.failed');
}

export const isStaleRevision = (error: unknown) =>
  error instanceof HttpError && error.code === RECORD_ERROR_CODES.staleRevision;
