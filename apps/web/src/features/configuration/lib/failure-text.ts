import { HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';

// A refusal's own sentence (the server writes them for people: "The logo is larger than 1 MB."),
// else the settings pages' generic one.
export function failureText(error: Error, t: TFunction): string {
  return error instanceof HttpError && error.message ? error.message : t('admin.failed');
}
