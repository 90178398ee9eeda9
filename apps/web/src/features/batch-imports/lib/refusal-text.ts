import { HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';

// An import's refusals name what only the server knows (the line that is not UTF-8, the rows changed
// since, the field not mapped): a 4xx shows the server's own message. Too large a body may be refused
// by the connection itself, before any message: that one is ours.
export function refusalText(t: TFunction, error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 413) return t('batchImports.errors.tooLarge');
    if (error.status === 403) return t('batchImports.errors.forbidden');
    if (error.status === 0) return t('batchImports.errors.network');
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t('batchImports.errors.failed');
}
