import { HttpError } from '@attest/shared';

type Translate = (key: string) => string;

// The server's message (written for people) or a generic sentence.
export function errorText(error: Error, t: Translate): string {
  return error instanceof HttpError && error.message ? error.message : t('admin.failed');
}
